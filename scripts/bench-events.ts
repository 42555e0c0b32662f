/**
 * `npm run bench:events`: the events list as its users meet it (issue 3 and 16, "Performance": a
 * benchmark, not a test). Prints figures with PASS/MISS; asserts nothing; exits 0 once it printed.
 *
 * 1. A scratch database: BENCH_DATABASE_URL (or TEST_DATABASE_URL), where a uniquely named database
 *    is created and dropped, else an embedded PostgreSQL in a temporary folder. Migrated.
 * 2. Seeded in INSERT ... SELECT statements (secondary indexes dropped for the load and rebuilt,
 *    the event cards' triggers off during it and the events left without cards, then VACUUM ANALYZE): 20,000 users, 100,000 events (six dense cities, thirty more cities, some
 *    worldwide, some online; 6 months ago to 12 months ahead; 85% public, 10% private, 5% friends),
 *    1-3 categories each, about 300,000 responses, 150,000 likes, friendships (about 6 a person),
 *    about 100,000 invitations (mostly to private and friends events), co-organisers on about 5% of
 *    the events. VIEWERS (200) of the people are the signed-in viewers: each has 8-24 more
 *    friends, about 5-30 invitations (most to coming private and friends events; a third
 *    answered), 5-15 answers to coming public events, 0-2 co-organised events, and a session
 *    (bearer token). The seed's figures, and the viewers', are printed.
 * 3. The coming events' list cards built (as the job events.fill_cards builds them on a running
 *    instance; decision 0034), timed and printed, then their table vacuumed (as autovacuum would:
 *    the fill leaves a dead version of every card row). The real server (apps/server/src/main.ts) in a child process on that database, production
 *    mode, logging warnings only, the per-IP rate limit lifted, and the visitor list cache OFF
 *    (EVENTS_NA_CACHE_MS=0): every answer is computed.
 * 4. The cases, each a rotating set of URLs, exactly as the web app asks for them (its filter
 *    parameters sorted, as buildListParams sends them: tz only with the weekend preset; then the
 *    shared eventListRequestPath: per_page=100, page, with_users and with_doubt_users=0), each
 *    asked as a visitor (GET /api/events-na) and signed in (GET /api/events: the URLs paired with
 *    the 200 viewers in turn, 200 URL and viewer pairs), except friends (signed in only):
 *      plain           the default list, pages 1-3 (a visitor's rotation: those three URLs)
 *      near-weekend    preset=weekend, 10 km around 6 points near each of the six dense cities
 *      distance        10 km or 25 km around 4 points near each of the six dense cities
 *      friends         preset=friends, pages 1-2 (signed in only)
 *      categories      one to three category ids (the categories table's), some 50 sets
 *      search-common   15 words of the seed that match thousands of events, pages 1-2
 *      search-rare     'jazz', typos ('festval', 'technno'...), two-word searches, misses
 *      later-pages     pages 4-8 of the default list and of 25 km lists of the six dense cities
 *    Pages after the first are asked as the web app asks for them: after the previous page's last
 *    event (the reply's next_after, found by walking each list from its first page as a visitor).
 *    Requests carry the browser's Accept-Encoding (BENCH_ACCEPT_ENCODING, default
 *    'gzip, deflate, br, zstd'; empty for none), so the server compresses as it does for users.
 *    For each case and role:
 *    (a) every URL fetched once (non-2xx printed with '!!!'): events a page, has_more, bytes;
 *    (b) a closed loop: autocannon, 50 connections, BENCH_SECONDS (10) s, each request the next
 *        URL of the rotation: req/s, p50/p95/p99, bytes, non-2xx (printed with '!!!');
 *    (c) an open loop: 100 requests a second offered on a clock whatever the answers (the latency
 *        is timed from each request's scheduled start), for as long: p50/p95/p99, how many answered;
 *    (d) the bare baseline of the same bytes: a bare node:http child answering the answers
 *        captured in (a), headers and (compressed) bodies, in the same rotation, 50 connections:
 *        req/s, and the case's ratio to it;
 *    (e) CPU per answer of the server process and of the database's PostgreSQL backends in (b)
 *        and (c) (/proc), and the machine's steal.
 *    After (b) and (c) the bench waits until the server and its backends are idle: requests
 *    whose clients stopped waiting are still being answered.
 *    Targets: >= 300 req/s at 50 connections; p99 <= 50 ms at 100 requests/s offered; about 0.05x
 *    the bare server.
 * 5. A single search for each word of the seed's vocabulary (adjectives, topics, kinds, venues,
 *    streets, cities, the descriptions' phrases), one at a time with nothing else running, as a
 *    visitor and signed in (timed at the client, request to last byte): p50, max, the slowest five;
 *    target: every search at most 30 ms.
 * 6. The plain visitor case's closed loop once more on a second server with the visitor cache on
 *    (the default EVENTS_NA_CACHE_MS), labelled cached, beside the uncached figure.
 * 7. EXPLAIN (ANALYZE, BUFFERS) of every statement of one URL per case and role, captured through
 *    Kysely's log from the service's listEventsBody in this process (signed in: as an Actor of the
 *    middle viewer), the servers stopped: each statement's execution time and the indexes it uses,
 *    a Seq Scan on events flagged, JIT flagged; and the same statement as a prepared statement's
 *    sixth run (the server prepares its statements: PostgreSQL may then switch to a generic plan),
 *    generic or custom. Full plans go to a file under the system's temporary folder.
 * 8. The demo data: another scratch database, a server with SEED_DEMO=true (about 60 events), a
 *    few demo people signed in; the signed-in list rotating over searches (words of the demo
 *    events' names, and a miss) and pages (per_page=10 pages 1-6, and the default page), each
 *    paired with each person: closed loop, open loop, and its bare baseline; target >= 0.1x bare.
 * 9. A summary table of every case, and the machine (cores, load average, steal).
 *
 * BENCH_CASES=plain,search-common (a comma-separated filter: the case names above, and words,
 * cached, demo for sections 5, 6 and 8) runs a subset; EXPLAIN runs for the chosen cases.
 * BENCH_SECONDS sets each loop's length.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { eventListRequestPath } from '@planns/shared/events/events.rules';
import { eventListQuerySchema } from '@planns/shared/events/events.schemas';
import { CURRENCIES } from '@planns/shared/money/money.rules';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb, TYPO_THRESHOLD } from '../apps/server/src/db/database.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import type { Actor } from '../apps/server/src/http/actor.ts';
import { listEventsBody } from '../apps/server/src/modules/events/events.service.ts';
import { fillMissingCards } from '../apps/server/src/modules/events/event-cards.ts';
import {
  backendPids,
  cpuMsOfPid,
  insertSessions,
  log,
  machineSnapshot,
  openScratchDatabase,
  serviceDeps,
  startBareRotatingServer,
  startPlannsServer,
  stopAllChildren,
  stopChild,
  type Scratch,
} from './bench-support.ts';

const USERS = 20_000;
const EVENTS = 100_000;
const RESPONSES = 300_000;
const LIKES = 150_000;
const FRIEND_PAIRS = 60_000;
const INVITES = 100_000;
/** The signed-in viewers: people with friends, invitations, answers and a session. */
const VIEWERS = 200;
const CONNECTIONS = 50;
const CASE_S = Number(process.env.BENCH_SECONDS) || 10;
/**
 * Seconds of load over every case's first addresses before the first case: a running server is
 * warm. On the machine of 2026-11-27 a fresh server spent 7 to 9 ms of CPU an answer in its first
 * 8 s of load against 2.6 to 3.0 ms after (V8 still compiling the hot paths, the heap growing, each
 * PostgreSQL backend filling its caches); with 5 s the first case measured mostly that.
 */
const WARMUP_S = 20;
/** The open loop's offered load, requests a second. */
const OFFERED_RATE = 100;
/** At most this many URLs (visitor) or URL and viewer pairs (signed in) in a case's rotation. */
const MAX_TARGETS = 240;
const PER_PAGE = 100;
const TARGET_RPS = 300;
const TARGET_P99_MS = 50;
const TARGET_RATIO = 0.05;
const TARGET_SEARCH_MS = 30;
const TARGET_DEMO_RATIO = 0.1;
/** What a browser sends (Chrome, Firefox): the server compresses its answers as it does for users. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

const LOAD_CASES = ['plain', 'near-weekend', 'distance', 'friends', 'categories', 'search-common', 'search-rare', 'later-pages'] as const;
const SECTIONS = ['words', 'cached', 'demo'] as const;
const chosen = process.env.BENCH_CASES ? new Set(process.env.BENCH_CASES.split(',').map((s) => s.trim()).filter(Boolean)) : null;
if (chosen) {
  const known = new Set<string>([...LOAD_CASES, ...SECTIONS]);
  const unknown = [...chosen].filter((key) => !known.has(key));
  if (unknown.length > 0) {
    console.error(`BENCH_CASES: unknown ${unknown.join(', ')}; known: ${[...known].join(', ')}`);
    process.exit(2);
  }
}
const wanted = (key: string) => chosen === null || chosen.has(key);

/* ------------------------------------------------------------------ word lists and places */

// The first six are the dense metro areas (40% of the events within 50 km, most near the centre).
const CITIES: { name: string; lat: number; lng: number; tz: string; currency: string }[] = [
  { name: 'Barcelona', lat: 41.3874, lng: 2.1686, tz: 'Europe/Madrid', currency: 'EUR' },
  { name: 'Madrid', lat: 40.4168, lng: -3.7038, tz: 'Europe/Madrid', currency: 'EUR' },
  { name: 'New York', lat: 40.7128, lng: -74.006, tz: 'America/New_York', currency: 'USD' },
  { name: 'Tel Aviv', lat: 32.0853, lng: 34.7818, tz: 'Asia/Jerusalem', currency: 'ILS' },
  { name: 'Tokyo', lat: 35.6762, lng: 139.6503, tz: 'Asia/Tokyo', currency: 'JPY' },
  { name: 'Moscow', lat: 55.7558, lng: 37.6173, tz: 'Europe/Moscow', currency: 'RUB' },
  { name: 'London', lat: 51.5074, lng: -0.1278, tz: 'Europe/London', currency: 'GBP' },
  { name: 'Paris', lat: 48.8566, lng: 2.3522, tz: 'Europe/Paris', currency: 'EUR' },
  { name: 'Berlin', lat: 52.52, lng: 13.405, tz: 'Europe/Berlin', currency: 'EUR' },
  { name: 'Roma', lat: 41.9028, lng: 12.4964, tz: 'Europe/Rome', currency: 'EUR' },
  { name: 'Lisboa', lat: 38.7223, lng: -9.1393, tz: 'Europe/Lisbon', currency: 'EUR' },
  { name: 'Amsterdam', lat: 52.3676, lng: 4.9041, tz: 'Europe/Amsterdam', currency: 'EUR' },
  { name: 'Wien', lat: 48.2082, lng: 16.3738, tz: 'Europe/Vienna', currency: 'EUR' },
  { name: 'Zürich', lat: 47.3769, lng: 8.5417, tz: 'Europe/Zurich', currency: 'CHF' },
  { name: 'İstanbul', lat: 41.0082, lng: 28.9784, tz: 'Europe/Istanbul', currency: 'TRY' },
  { name: 'Cairo', lat: 30.0444, lng: 31.2357, tz: 'Africa/Cairo', currency: 'EGP' },
  { name: 'Lagos', lat: 6.5244, lng: 3.3792, tz: 'Africa/Lagos', currency: 'NGN' },
  { name: 'Nairobi', lat: -1.2921, lng: 36.8219, tz: 'Africa/Nairobi', currency: 'KES' },
  { name: 'Cape Town', lat: -33.9249, lng: 18.4241, tz: 'Africa/Johannesburg', currency: 'ZAR' },
  { name: 'Dubai', lat: 25.2048, lng: 55.2708, tz: 'Asia/Dubai', currency: 'AED' },
  { name: 'Mumbai', lat: 19.076, lng: 72.8777, tz: 'Asia/Kolkata', currency: 'INR' },
  { name: 'Bangkok', lat: 13.7563, lng: 100.5018, tz: 'Asia/Bangkok', currency: 'THB' },
  { name: 'Singapore', lat: 1.3521, lng: 103.8198, tz: 'Asia/Singapore', currency: 'SGD' },
  { name: 'Seoul', lat: 37.5665, lng: 126.978, tz: 'Asia/Seoul', currency: 'KRW' },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093, tz: 'Australia/Sydney', currency: 'AUD' },
  { name: 'Auckland', lat: -36.8485, lng: 174.7633, tz: 'Pacific/Auckland', currency: 'NZD' },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437, tz: 'America/Los_Angeles', currency: 'USD' },
  { name: 'San Francisco', lat: 37.7749, lng: -122.4194, tz: 'America/Los_Angeles', currency: 'USD' },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298, tz: 'America/Chicago', currency: 'USD' },
  { name: 'Toronto', lat: 43.6532, lng: -79.3832, tz: 'America/Toronto', currency: 'CAD' },
  { name: 'Ciudad de México', lat: 19.4326, lng: -99.1332, tz: 'America/Mexico_City', currency: 'MXN' },
  { name: 'Bogotá', lat: 4.711, lng: -74.0721, tz: 'America/Bogota', currency: 'COP' },
  { name: 'São Paulo', lat: -23.5505, lng: -46.6333, tz: 'America/Sao_Paulo', currency: 'BRL' },
  { name: 'Buenos Aires', lat: -34.6037, lng: -58.3816, tz: 'America/Argentina/Buenos_Aires', currency: 'ARS' },
  { name: 'Lima', lat: -12.0464, lng: -77.0428, tz: 'America/Lima', currency: 'PEN' },
];
const DENSE = 6;

const FIRST_NAMES = ['Maya', 'Leo', 'Yuki', 'Anna', 'Jordi', 'Noa', 'Omar', 'Lucía', 'Sofía', 'Mateo', 'Chloé', 'Ivan', 'Olga', 'Daniel', 'Sara', 'Kenji', 'Aiko', 'Tomás', 'Elena', 'Marc', 'Núria', 'Pau', 'Ethan', 'Olivia', 'Liam', 'Emma', 'Avi', 'Tamar', 'Dmitri', 'Hana', 'Zoë', 'Inés', 'Raúl', 'Amara', 'Kwame', 'Priya', 'Arjun', 'Mei', 'Wei', 'Björn'];
const LAST_NAMES = ['García', 'Martínez', 'Puig', 'Ferrer', 'Smith', 'Johnson', 'Cohen', 'Levi', 'Tanaka', 'Suzuki', 'Ivanova', 'Petrov', 'Müller', 'Rossi', 'Dubois', 'Silva', 'Santos', 'Kim', 'Park', 'Nguyen', 'Okafor', 'Mensah', 'Patel', 'Sharma', 'Chen', 'Wang', 'López', 'Sánchez', 'Brown', 'Wilson'];

const ADJECTIVES = ['Sunset', 'Open', 'Weekly', 'Summer', 'Winter', 'Spring', 'Friday', 'Late', 'Community', 'Grand', 'Little', 'Big', 'Secret', 'Rooftop', 'Morning', 'Acoustic', 'Neighbourhood', 'Charity', 'Annual', 'Pop-up', 'Midnight', 'Family', 'Beginners', 'Vintage', 'Local'];
// 'Jazz' is not here: it is given to about 0.4% of the names (plus 0.1% of descriptions), so that
// the search case matches a few hundred events.
const TOPICS = ['Salsa', 'Techno', 'Indie', 'Flamenco', 'Rock', 'Soul', 'Folk', 'Blues', 'Swing', 'Tango', 'Yoga', 'Running', 'Cycling', 'Climbing', 'Chess', 'Board Game', 'Book', 'Poetry', 'Photography', 'Cinema', 'Comedy', 'Theatre', 'Wine', 'Craft Beer', 'Coffee', 'Tapas', 'Ramen', 'Vegan', 'Startup', 'Python', 'Design', 'Painting', 'Pottery', 'Language Exchange', 'Football', 'Basketball', 'Volleyball', 'Hiking', 'Kayak', 'Meditation'];
const KINDS = ['Night', 'Meetup', 'Festival', 'Workshop', 'Session', 'Market', 'Party', 'Tour', 'Class', 'Picnic', 'Club', 'Concert', 'Fair', 'Screening', 'Talk', 'Brunch', 'Gathering', 'Tasting', 'Marathon', 'Weekend'];
const VENUE_PREFIXES = ['Café', 'Sala', 'The', 'Bar', 'Club', 'Teatro', 'Parc', 'Plaça', 'Garden', 'Hall', 'Casa', 'Espacio', 'Studio', 'Centre', 'Mercat'];
const VENUE_NAMES = ['Central', 'Luna', 'Apolo', 'Paloma', 'Verde', 'Norte', 'Sol', 'Mar', 'Rosa', 'Nómada', 'Blue Room', 'Corner', 'Warehouse', 'Harbour', 'Lighthouse', 'Orchard', 'Foundry', 'Atelier', 'Estación', 'Terraza'];
const STREETS = ['Carrer de Mallorca', 'Carrer de Verdi', 'Calle Mayor', 'Gran Vía', 'Broadway', 'Bedford Avenue', 'Rothschild Boulevard', 'Dizengoff Street', 'Omotesando', 'Tverskaya Street', 'Rue de Rivoli', 'Via del Corso', 'Rua Augusta', 'Königstraße', 'High Street', 'Main Street', 'Avenida Paulista', 'Passeig de Gràcia', 'Calle de Alcalá', 'Market Street', 'Queen Street', 'Orchard Road', 'Nevsky Avenue', 'Avenida Corrientes'];
const PHRASES = [
  'Everyone is welcome, bring a friend.',
  'Free drinks for the first twenty people.',
  'Tickets at the door while they last.',
  'We meet at the entrance ten minutes before.',
  'Music, food and good company until late.',
  'A relaxed evening with the neighbourhood.',
  'Beginners and regulars alike.',
  'Café y música en directo.',
  'Bring comfortable shoes and water.',
  'Kids are welcome with their parents.',
  'Limited places, please answer if you are coming.',
  'Menú degustación con productos de temporada.',
  'Our monthly edition, now with a new guest.',
  'Rain or shine: there is a covered area.',
  'Vegetarian options available.',
];

/* ------------------------------------------------------------------ seeding, in SQL */

/** Tables the seed fills: their secondary indexes are dropped for the load and rebuilt after it. */
const SEEDED_TABLES = ['users', 'events', 'event_ticket_types', 'event_categories', 'event_users', 'event_likes', 'friendships', 'event_invites', 'event_organizers'];

/**
 * The seed. Returns the signed-in viewers: every (USERS / VIEWERS)th person, spread over the
 * owners' skew, each given friends, invitations, answers and a few co-organised events on top of
 * the random ones everybody has.
 */
async function seed(url: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const started = Date.now();
    const result = await c.query(text, values);
    log(`  ${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  try {
    await c.query("SET maintenance_work_mem = '256MB'");
    await c.query('SET synchronous_commit = off');
    await c.query('SELECT setseed(0.2024)'); // the same data every run (for one PostgreSQL version)
    // Building an index once after the load is much faster than keeping it up to date row by row
    // (above all the trigram index). The same definitions are recreated; constraint indexes stay.
    const indexes = (
      await c.query<{ indexname: string; indexdef: string }>(
        `SELECT i.indexname, i.indexdef FROM pg_indexes i
         WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
        [SEEDED_TABLES],
      )
    ).rows;
    for (const index of indexes) await c.query(`DROP INDEX ${index.indexname}`);
    // The cards' triggers (migration 0016) would make a card row for every answer and like loaded:
    // off for the load, so the events start without cards, as after that migration; the first
    // lists build them (the cases' first pass, (a), asks for every URL once).
    const cardTriggers = (
      await c.query<{ table: string; name: string }>(
        `SELECT t.tgrelid::regclass::text AS table, t.tgname AS name FROM pg_trigger t
         WHERE NOT t.tgisinternal AND t.tgname LIKE '%stale_card%' AND t.tgrelid::regclass::text = ANY($1::text[])`,
        [SEEDED_TABLES],
      )
    ).rows;
    for (const t of cardTriggers) await c.query(`ALTER TABLE ${t.table} DISABLE TRIGGER ${t.name}`);

    await step(
      'users',
      `INSERT INTO users (phone, name, terms_accepted_at, created_at, updated_at)
       SELECT '+1555' || lpad(i::text, 7, '0'),
              ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] || ' ' || ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int],
              now(), now() - random() * interval '700 days', now()
       FROM generate_series(1, $1::int) i`,
      [USERS, FIRST_NAMES, LAST_NAMES],
    );
    const users = (await c.query<{ lo: number; n: number }>('SELECT min(id)::int AS lo, count(*)::int AS n FROM users')).rows[0]!;

    // Events get the ids 1..EVENTS (the identity is moved past them afterwards), so that the likes
    // can be drawn first and likes_count written with the row instead of updated afterwards.
    await c.query('CREATE TEMP TABLE bench_likes (event_id bigint, user_id bigint, created_at timestamptz, PRIMARY KEY (event_id, user_id))');
    await step(
      'likes (drawn)',
      // Popular events draw many likes: the square skews the choice towards a few events.
      `INSERT INTO bench_likes
       SELECT 1 + floor(power(random(), 2) * $1::int)::int, $2::int + floor(random() * $3::int)::int, now() - random() * interval '90 days'
       FROM generate_series(1, $4::int) ON CONFLICT DO NOTHING`,
      [EVENTS, users.lo, users.n, LIKES],
    );

    // One row of random numbers per event, materialized so that each is drawn once.
    await step(
      'events',
      `WITH r AS MATERIALIZED (
         SELECT i, random() AS geo, random() AS pick, random() AS dist, random() AS angle, random() AS day, random() AS snap,
                random() AS tod, random() AS dur, random() AS w1, random() AS w2, random() AS w3, random() AS w4, random() AS w5,
                random() AS w6, random() AS w7, random() AS w8, random() AS w9, random() AS w10, random() AS jazz, random() AS vis,
                random() AS paid, random() AS cap, random() AS owner, random() AS pop, random() AS lead, random() AS del
         FROM generate_series(1, $1::int) i
       ), p AS MATERIALIZED (
         SELECT r.*,
           CASE WHEN geo < 0.40 THEN 'dense' WHEN geo < 0.90 THEN 'city' WHEN geo < 0.95 THEN 'world' ELSE 'online' END AS area,
           CASE WHEN geo < 0.40 THEN 1 + floor(pick * ${DENSE})::int ELSE ${DENSE + 1} + floor(pick * (cardinality($2::float8[]) - ${DENSE}))::int END AS ci,
           -- dense areas: within 50 km, 45% within 10 km; other cities: within 40 km
           CASE WHEN geo < 0.40 THEN 50 * dist * dist ELSE 40 * power(dist, 1.5) END AS km,
           2 * pi() * angle AS theta,
           date_trunc('day', now()) + (floor(day * 548)::int - 182) * interval '1 day' AS d0
         FROM r
       ), q AS MATERIALIZED (
         SELECT p.*,
           -- a fifth moved to the Saturday or Sunday of their week
           (CASE WHEN snap < 0.2 THEN date_trunc('week', d0) + (5 + floor(snap * 10)::int) * interval '1 day' ELSE d0 END)
             + (9 + floor(tod * 14)::int) * interval '1 hour' + (15 * floor(w9 * 4)::int) * interval '1 minute' AS starts,
           ($6::text[])[1 + floor(w1 * cardinality($6::text[]))::int] || ' ' ||
             (CASE WHEN jazz < 0.004 THEN 'Jazz' ELSE ($7::text[])[1 + floor(w2 * cardinality($7::text[]))::int] END) || ' ' ||
             ($8::text[])[1 + floor(w3 * cardinality($8::text[]))::int] AS title,
           CASE WHEN area = 'online' THEN ''
             ELSE ($9::text[])[1 + floor(w4 * cardinality($9::text[]))::int] || ' ' || ($10::text[])[1 + floor(w5 * cardinality($10::text[]))::int] END AS place
         FROM p
       )
       INSERT INTO events (id, hash, user_id, name, description, start_date, end_date, location_type, address, venue, url, lat, lng,
                           min, max, max_companions, currency, payment_mode, visibility, visits, likes_count, created_at, updated_at,
                           deleted_by_moderator_at)
       OVERRIDING SYSTEM VALUE
       SELECT
         i,
         'E' || lpad(i::text, 9, '0'),
         $13::int + floor(power(owner, 1.7) * $14::int)::int,
         title,
         'Join us for ' || lower(title) || CASE WHEN area = 'online' THEN ' online' ELSE ' at ' || place END || '. ' ||
           ($12::text[])[1 + floor(w6 * cardinality($12::text[]))::int] || ' ' ||
           ($12::text[])[1 + floor(w7 * cardinality($12::text[]))::int] ||
           CASE WHEN jazz >= 0.004 AND jazz < 0.005 THEN ' A live jazz trio plays after the main programme.' ELSE '' END,
         starts,
         CASE WHEN dur < 0.45 THEN NULL
              WHEN dur < 0.93 THEN starts + (1 + floor(w8 * 5)::int) * interval '1 hour'
              ELSE starts + (1 + floor(w8 * 3)::int) * interval '1 day' END,
         CASE WHEN area = 'online' THEN 'virtual' ELSE 'in_person' END,
         CASE WHEN area = 'online' THEN ''
              WHEN area = 'world' THEN ($11::text[])[1 + floor(w10 * cardinality($11::text[]))::int] || ', ' || (1 + floor(w9 * 200)::int)
              ELSE ($11::text[])[1 + floor(w10 * cardinality($11::text[]))::int] || ', ' || (1 + floor(w9 * 200)::int) || ', ' || ($4::text[])[ci] END,
         place,
         CASE WHEN area = 'online' THEN 'https://meet.example.com/e' || i ELSE '' END,
         CASE area WHEN 'online' THEN NULL WHEN 'world' THEN -45 + 105 * pick
              ELSE ($2::float8[])[ci] + km * cos(theta) / 111.32 END,
         CASE area WHEN 'online' THEN NULL WHEN 'world' THEN -180 + 360 * dist
              ELSE ($3::float8[])[ci] + km * sin(theta) / (111.32 * cos(radians(($2::float8[])[ci]))) END,
         CASE WHEN cap < 0.05 THEN 2 + floor(cap * 60)::int END,
         CASE WHEN cap < 0.25 THEN 10 + floor(cap * 760)::int END,
         CASE WHEN cap > 0.8 THEN floor((cap - 0.8) * 20)::int END,
         -- paid: the city's currency where planns offers it (events_currency_check), else USD; the price is a ticket type
         CASE WHEN paid < 0.30 THEN CASE WHEN area IN ('dense', 'city') AND ($5::text[])[ci] = ANY($15::text[]) THEN ($5::text[])[ci] ELSE 'USD' END END,
         CASE WHEN paid < 0.30 THEN 'own' END,
         CASE WHEN vis < 0.85 THEN 'public' WHEN vis < 0.95 THEN 'private' ELSE 'friends' END,
         floor(power(pop, 4) * 5000)::int,
         coalesce(l.n, 0),
         least(now(), starts - (1 + floor(lead * 60)::int) * interval '1 day'),
         least(now(), starts - (1 + floor(lead * 60)::int) * interval '1 day'),
         CASE WHEN del < 0.002 THEN now() END
       FROM q LEFT JOIN (SELECT event_id, count(*)::int AS n FROM bench_likes GROUP BY event_id) l ON l.event_id = q.i
       ORDER BY i`,
      [
        EVENTS,
        CITIES.map((city) => city.lat),
        CITIES.map((city) => city.lng),
        CITIES.map((city) => city.name),
        CITIES.map((city) => city.currency),
        ADJECTIVES,
        TOPICS,
        KINDS,
        VENUE_PREFIXES,
        VENUE_NAMES,
        STREETS,
        PHRASES,
        users.lo,
        users.n,
        CURRENCIES,
      ],
    );
    await c.query("SELECT setval(pg_get_serial_sequence('events', 'id'), (SELECT max(id) FROM events))");
    await step(
      'event_ticket_types (one price a paid event)',
      `INSERT INTO event_ticket_types (event_id, position, name, price, currency)
       SELECT id, 0, 'General admission', (5 + floor(random() * 300)::int) * 100, currency FROM events WHERE currency IS NOT NULL`,
    );
    await step('event_likes', 'INSERT INTO event_likes (event_id, user_id, created_at) SELECT event_id, user_id, created_at FROM bench_likes');
    await step(
      'event_categories',
      `INSERT INTO event_categories (event_id, category_id)
       SELECT e.id, (cats.ids)[1 + floor(random() * cardinality(cats.ids))::int]
       FROM (SELECT id, 1 + (random() < 0.5)::int + (random() < 0.25)::int AS n FROM events) e
       CROSS JOIN LATERAL generate_series(1, e.n)
       CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM categories) cats
       ON CONFLICT DO NOTHING`,
    );
    await step(
      'event_users (owners going)',
      `INSERT INTO event_users (event_id, user_id, status, companions_amount, created_at, updated_at)
       SELECT id, user_id, 'going', CASE WHEN random() < 0.2 THEN 1 + floor(random() * 2)::int ELSE 0 END, created_at, created_at
       FROM events WHERE random() < 0.6`,
    );
    const owners = (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM event_users')).rows[0]!.n;
    // The others: popular events draw many answers.
    await step(
      'event_users (others)',
      `WITH r AS MATERIALIZED (
         SELECT 1 + floor(power(random(), 2) * $1::int)::int AS event_id, $2::int + floor(random() * $3::int)::int AS user_id,
                random() AS s, random() AS c, now() - random() * interval '90 days' AS t
         FROM generate_series(1, $4::int)
       )
       INSERT INTO event_users (event_id, user_id, status, companions_amount, created_at, updated_at)
       SELECT event_id, user_id, CASE WHEN s < 0.68 THEN 'going' WHEN s < 0.93 THEN 'maybe' ELSE 'rejected' END,
              CASE WHEN s < 0.68 AND c < 0.15 THEN 1 + floor(c * 20)::int ELSE 0 END, t, t
       FROM r ON CONFLICT DO NOTHING`,
      [EVENTS, users.lo, users.n, Math.round((RESPONSES - owners) * 1.01)],
    );
    await step(
      'friendships (both ways)',
      `WITH r AS MATERIALIZED (
         SELECT $1::int + floor(random() * $2::int)::int AS a, $1::int + floor(random() * $2::int)::int AS b FROM generate_series(1, $3::int)
       )
       INSERT INTO friendships (user_id, friend_id)
       SELECT a, b FROM r WHERE a <> b UNION SELECT b, a FROM r WHERE a <> b
       ON CONFLICT DO NOTHING`,
      [users.lo, users.n, FRIEND_PAIRS],
    );

    // The signed-in viewers of the load cases.
    await c.query('CREATE TEMP TABLE bench_viewers AS SELECT $1::int + k * $2::int AS id FROM generate_series(0, $3::int - 1) k', [
      users.lo,
      Math.floor(users.n / VIEWERS),
      VIEWERS,
    ]);
    await step(
      'friendships of the viewers (8-24 each, both ways)',
      `WITH r AS MATERIALIZED (
         SELECT v.id AS a, $1::int + floor(random() * $2::int)::int AS b
         FROM (SELECT id, 8 + floor(random() * 17)::int AS n FROM bench_viewers) v CROSS JOIN LATERAL generate_series(1, v.n)
       )
       INSERT INTO friendships (user_id, friend_id)
       SELECT a, b FROM r WHERE a <> b UNION SELECT b, a FROM r WHERE a <> b
       ON CONFLICT DO NOTHING`,
      [users.lo, users.n],
    );
    // Invitations: mostly to private and friends events (9 in 10), about six people an event.
    await step(
      'event_invites',
      `WITH pool AS MATERIALIZED (SELECT array_agg(id ORDER BY id) AS ids FROM events WHERE visibility <> 'public'),
       r AS MATERIALIZED (
         SELECT CASE WHEN random() < 0.9 THEN pool.ids[1 + floor(random() * cardinality(pool.ids))::int] ELSE 1 + floor(random() * $1::int)::int END AS event_id,
                $2::int + floor(random() * $3::int)::int AS user_id, random() AS t
         FROM generate_series(1, $4::int) CROSS JOIN pool
       )
       INSERT INTO event_invites (event_id, user_id, invited_by, created_at)
       SELECT r.event_id, r.user_id, e.user_id, e.created_at + (now() - e.created_at) * r.t
       FROM r JOIN events e ON e.id = r.event_id WHERE r.user_id <> e.user_id
       ON CONFLICT DO NOTHING`,
      [EVENTS, users.lo, users.n, INVITES - VIEWERS * 14],
    );
    await step(
      'event_invites of the viewers (3-24 each, coming private and friends events, besides their share of the others)',
      `WITH pool AS MATERIALIZED (
         SELECT array_agg(id ORDER BY id) AS ids FROM events WHERE visibility <> 'public' AND start_date >= now() AND deleted_by_moderator_at IS NULL
       ), r AS MATERIALIZED (
         SELECT v.id AS user_id, pool.ids[1 + floor(random() * cardinality(pool.ids))::int] AS event_id, random() AS t
         FROM (SELECT id, 3 + floor(random() * 22)::int AS n FROM bench_viewers) v CROSS JOIN LATERAL generate_series(1, v.n) CROSS JOIN pool
       )
       INSERT INTO event_invites (event_id, user_id, invited_by, created_at)
       SELECT r.event_id, r.user_id, e.user_id, greatest(e.created_at, now() - r.t * interval '20 days')
       FROM r JOIN events e ON e.id = r.event_id WHERE r.user_id <> e.user_id
       ON CONFLICT DO NOTHING`,
    );
    await step(
      'event_users (the viewers: a third of their invitations answered)',
      `WITH r AS MATERIALIZED (SELECT i.event_id, i.user_id, i.created_at, random() AS s FROM event_invites i JOIN bench_viewers v ON v.id = i.user_id)
       INSERT INTO event_users (event_id, user_id, status, companions_amount, created_at, updated_at)
       SELECT event_id, user_id, CASE WHEN s < 0.21 THEN 'going' WHEN s < 0.30 THEN 'maybe' ELSE 'rejected' END, 0, created_at, created_at
       FROM r WHERE s < 0.35
       ON CONFLICT DO NOTHING`,
    );
    await step(
      'event_users (the viewers: 5-15 coming public events)',
      `WITH pool AS MATERIALIZED (
         SELECT array_agg(id ORDER BY id) AS ids FROM events WHERE visibility = 'public' AND start_date >= now() AND deleted_by_moderator_at IS NULL
       ), r AS MATERIALIZED (
         SELECT v.id AS user_id, pool.ids[1 + floor(random() * cardinality(pool.ids))::int] AS event_id, random() AS s
         FROM (SELECT id, 5 + floor(random() * 11)::int AS n FROM bench_viewers) v CROSS JOIN LATERAL generate_series(1, v.n) CROSS JOIN pool
       )
       INSERT INTO event_users (event_id, user_id, status, companions_amount, created_at, updated_at)
       SELECT event_id, user_id, CASE WHEN s < 0.68 THEN 'going' WHEN s < 0.93 THEN 'maybe' ELSE 'rejected' END, 0,
              now() - s * interval '30 days', now() - s * interval '30 days'
       FROM r ON CONFLICT DO NOTHING`,
    );
    // Co-organisers on about 5% of the events (one, sometimes two), and 0-2 coming events for each viewer.
    await step(
      'event_organizers',
      `WITH r AS MATERIALIZED (
         SELECT e.id AS event_id, e.user_id AS owner, e.created_at, $1::int + floor(random() * $2::int)::int AS user_id
         FROM (SELECT id, user_id, created_at, 1 + (random() < 0.35)::int AS n FROM events WHERE random() < 0.05) e CROSS JOIN LATERAL generate_series(1, e.n)
       )
       INSERT INTO event_organizers (event_id, user_id, created_at)
       SELECT event_id, user_id, created_at FROM r WHERE user_id <> owner
       ON CONFLICT DO NOTHING`,
      [users.lo, users.n],
    );
    await step(
      'event_organizers of the viewers (0-2 coming events each)',
      `WITH pool AS MATERIALIZED (
         SELECT array_agg(id ORDER BY id) AS ids FROM events WHERE start_date >= now() AND deleted_by_moderator_at IS NULL
       ), r AS MATERIALIZED (
         SELECT v.id AS user_id, pool.ids[1 + floor(random() * cardinality(pool.ids))::int] AS event_id
         FROM (SELECT id, floor(random() * 3)::int AS n FROM bench_viewers) v CROSS JOIN LATERAL generate_series(1, v.n) CROSS JOIN pool
       )
       INSERT INTO event_organizers (event_id, user_id, created_at)
       SELECT r.event_id, r.user_id, e.created_at FROM r JOIN events e ON e.id = r.event_id WHERE e.user_id <> r.user_id
       ON CONFLICT DO NOTHING`,
    );
    const viewers = (await c.query<{ id: number }>('SELECT id::int AS id FROM bench_viewers ORDER BY id')).rows.map((r) => r.id);

    for (const t of cardTriggers) await c.query(`ALTER TABLE ${t.table} ENABLE TRIGGER ${t.name}`);
    await c.query('TRUNCATE event_cards');
    // As migration 0018 gives every event its card row, here to the coming events (the lists'):
    // the cards still to build, which section 3 builds.
    await c.query('INSERT INTO event_cards (event_id) SELECT id FROM events WHERE ends_at >= now() ORDER BY id');
    const indexesStarted = Date.now();
    for (const index of indexes) await c.query(index.indexdef);
    log(`  ${indexes.length} indexes rebuilt in ${((Date.now() - indexesStarted) / 1000).toFixed(1)} s`);
    // What autovacuum would have done by now: statistics, and the visibility map for index-only scans.
    await step('VACUUM ANALYZE', 'VACUUM ANALYZE');
    return viewers;
  } finally {
    await c.end();
  }
}

/* ------------------------------------------------------------------ people */

interface Viewer {
  id: number;
  token: string;
}

/** A session (bearer token, a day long) for each of these people. */
async function signIn(url: string, ids: readonly number[]): Promise<Viewer[]> {
  const db = createDb(url, 1);
  try {
    const tokens = await insertSessions(db, ids, 'bench:events');
    return ids.map((id, i) => ({ id, token: tokens[i]! }));
  } finally {
    await db.destroy();
  }
}

interface Spread {
  min: number;
  avg: number;
  max: number;
}
function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { min: Number.NaN, avg: Number.NaN, max: Number.NaN };
  return { min: Math.min(...values), avg: values.reduce((n, v) => n + v, 0) / values.length, max: Math.max(...values) };
}
const spreadText = (s: Spread, digits = 0) => `${num(s.min, 0)} / ${num(s.avg, digits)} / ${num(s.max, 0)}`;

/** What the seed gave the viewers, and the tables' sizes: printed, so a wrong seed shows. */
async function describeSeed(url: string, viewerIds: readonly number[]): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const rows = (
      await c.query<{ friends: number; invites: number; answers: number; coming_answers: number; organising: number; owned: number }>(
        `SELECT (SELECT count(*)::int FROM friendships f WHERE f.user_id = v.id) AS friends,
                (SELECT count(*)::int FROM event_invites i WHERE i.user_id = v.id) AS invites,
                (SELECT count(*)::int FROM event_users r WHERE r.user_id = v.id) AS answers,
                (SELECT count(*)::int FROM event_users r JOIN events e ON e.id = r.event_id WHERE r.user_id = v.id AND e.start_date >= now()) AS coming_answers,
                (SELECT count(*)::int FROM event_organizers o WHERE o.user_id = v.id) AS organising,
                (SELECT count(*)::int FROM events e WHERE e.user_id = v.id) AS owned
         FROM unnest($1::bigint[]) AS v(id)`,
        [viewerIds],
      )
    ).rows;
    const totals = (
      await c.query<{ events: number; coming: number; invites: number; organizers: number; friendships: number; users: number; answers: number; likes: number; private: number; friends: number }>(
        `SELECT (SELECT count(*)::int FROM events) AS events,
                (SELECT count(*)::int FROM events WHERE ends_at >= now() AND deleted_by_moderator_at IS NULL) AS coming,
                (SELECT count(*)::int FROM events WHERE visibility = 'private') AS private,
                (SELECT count(*)::int FROM events WHERE visibility = 'friends') AS friends,
                (SELECT count(*)::int FROM event_invites) AS invites,
                (SELECT count(*)::int FROM event_organizers) AS organizers,
                (SELECT count(*)::int FROM friendships) AS friendships,
                (SELECT count(*)::int FROM users) AS users,
                (SELECT count(*)::int FROM event_users) AS answers,
                (SELECT count(*)::int FROM event_likes) AS likes`,
      )
    ).rows[0]!;
    const of = (key: keyof (typeof rows)[number]) => spreadText(spread(rows.map((r) => r[key])), 1);
    return [
      `tables: ${thousands(totals.users)} users, ${thousands(totals.events)} events (${thousands(totals.coming)} not over; ${thousands(totals.private)} private, ${thousands(totals.friends)} friends), ` +
        `${thousands(totals.answers)} responses, ${thousands(totals.likes)} likes, ${thousands(totals.invites)} invitations, ${thousands(totals.organizers)} co-organisers, ` +
        `${thousands(totals.friendships)} friendship rows (${num(totals.friendships / totals.users, 1)} friends a person)`,
      `the ${viewerIds.length} signed-in viewers (min / avg / max): friends ${of('friends')}; invitations ${of('invites')}; responses ${of('answers')} (coming events ${of('coming_answers')}); ` +
        `co-organising ${of('organising')}; own events ${of('owned')}`,
    ];
  } finally {
    await c.end();
  }
}

/* ------------------------------------------------------------------ HTTP */

type Role = 'visitor' | 'signed-in';

/** One request of a rotation: a path and its headers (a signed-in one carries its viewer's token). */
interface Target {
  path: string;
  headers: Record<string, string>;
  viewerId: number | null;
}

const BASE_HEADERS: Record<string, string> = { accept: 'application/json', ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}) };

function targetOf(urlPath: string, viewer: Viewer | null): Target {
  return { path: urlPath, headers: viewer ? { ...BASE_HEADERS, authorization: `Bearer ${viewer.token}` } : { ...BASE_HEADERS }, viewerId: viewer?.id ?? null };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** From `startedAt` (the request's start, or its scheduled start) to the last byte. */
  ms: number;
  error?: string;
}

/** One GET on a keep-alive agent; no answer (an error, a timeout) comes back as status 0. */
function send(agent: http.Agent, base: string, target: Target, startedAt = performance.now(), timeoutMs = 30_000): Promise<Answer> {
  return new Promise((resolve) => {
    const fail = (error: string) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), ms: performance.now() - startedAt, error });
    const req = http.request(new URL(target.path, base), { method: 'GET', agent, headers: target.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - startedAt }));
      res.on('error', (err) => fail(err.message));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', (err) => fail(err.message));
    req.end();
  });
}

/** The body as sent before its content encoding. */
function decoded(answer: Answer): Buffer {
  const encoding = String(answer.headers['content-encoding'] ?? '');
  if (encoding === '' || encoding === 'identity') return answer.body;
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
  if (encoding === 'deflate') return zlib.inflateSync(answer.body);
  if (encoding === 'zstd') return zlib.zstdDecompressSync(answer.body);
  throw new Error(`unknown content-encoding ${encoding}`);
}

interface PageInfo {
  events: number;
  /** has_more when the reply has it, else null. */
  hasMore: boolean | null;
  /** JSON bytes before compression. */
  jsonBytes: number;
}

/** A list reply's page; `total` is not read (it may be null: nothing is counted). */
function pageOf(answer: Answer): PageInfo | null {
  try {
    const json = decoded(answer);
    const reply = JSON.parse(json.toString('utf8')) as { data?: { data?: unknown; has_more?: unknown } };
    const events = reply.data?.data;
    if (!Array.isArray(events)) return null;
    return { events: events.length, hasMore: typeof reply.data?.has_more === 'boolean' ? reply.data.has_more : null, jsonBytes: json.length };
  } catch {
    return null;
  }
}

function snippet(answer: Answer): string {
  if (answer.status === 0) return answer.error ?? 'no answer';
  try {
    return decoded(answer).toString('utf8').slice(0, 200);
  } catch {
    return `(${answer.body.length} bytes)`;
  }
}

/** Something that must not pass unseen (a non-2xx answer, a Seq Scan on events). */
function loud(message: string): void {
  console.log(`!!! ${message}`);
}

interface Captured {
  target: Target;
  answer: Answer;
  page: PageInfo | null;
}

/** Every target fetched once (four at a time): the bodies of the baseline, the pages' sizes. */
async function captureAll(base: string, targets: readonly Target[]): Promise<Captured[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const out: Captured[] = new Array<Captured>(targets.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < targets.length) {
        const i = next++;
        const target = targets[i]!;
        const answer = await send(agent, base, target);
        out[i] = { target, answer, page: answer.status >= 200 && answer.status < 300 ? pageOf(answer) : null };
      }
    }),
  );
  agent.destroy();
  return out;
}

/* ------------------------------------------------------------------ CPU, from /proc (Linux) */

interface CpuProbe {
  serverPid: number;
  /** The database whose PostgreSQL backends count; null for the bare server. */
  database: string | null;
}

interface CpuSnap {
  server: number;
  pg: Map<number, number>;
  self: number;
  machine: Awaited<ReturnType<typeof machineSnapshot>>;
}

interface CpuFigures {
  /** CPU ms per answer: the server process, its database's PostgreSQL backends, this process (the load's client). */
  server: number;
  pg: number;
  loader: number;
  /** % of all cores over the phase: busy, and stolen by the hypervisor. */
  busy: number;
  steal: number;
}

async function cpuSnapshot(probe: CpuProbe): Promise<CpuSnap> {
  const pgMs = new Map<number, number>();
  if (probe.database) {
    for (const pid of await backendPids(probe.database)) {
      const ms = await cpuMsOfPid(pid);
      if (ms !== null) pgMs.set(pid, ms);
    }
  }
  const usage = process.cpuUsage();
  return { server: (await cpuMsOfPid(probe.serverPid)) ?? Number.NaN, pg: pgMs, self: (usage.user + usage.system) / 1000, machine: await machineSnapshot() };
}

function cpuBetween(before: CpuSnap, after: CpuSnap, answers: number): CpuFigures {
  const n = answers > 0 ? answers : Number.NaN; // no answer: no figure an answer
  let pgMs = 0;
  for (const [pid, ms] of after.pg) pgMs += ms - (before.pg.get(pid) ?? 0);
  const total = after.machine.total - before.machine.total;
  return {
    server: (after.server - before.server) / n,
    pg: pgMs / n,
    loader: (after.self - before.self) / n,
    busy: total > 0 ? ((after.machine.busy - before.machine.busy) / total) * 100 : Number.NaN,
    steal: total > 0 ? ((after.machine.steal - before.machine.steal) / total) * 100 : Number.NaN,
  };
}

/* ------------------------------------------------------------------ load */

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

interface Latency {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
function latencyOf(values: readonly number[]): Latency {
  const sorted = Float64Array.from(values).sort();
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN };
}

interface ClosedFigures extends Latency {
  answers: number;
  rps: number;
  /** Bytes on the wire an answer (headers and body), as autocannon counted them. */
  wireBytes: number;
  /** "status request-line" -> how many: every answer that was not 2xx. */
  non2xx: Map<string, number>;
  errors: number;
  cpu: CpuFigures | null;
}

/** autocannon's client's request line (its first line) of the answer it just got; '?' when unknown. */
function requestLineOf(client: unknown): string {
  const buffer = (client as { requestIterator?: { currentRequest?: { requestBuffer?: unknown } } } | null)?.requestIterator?.currentRequest?.requestBuffer;
  return Buffer.isBuffer(buffer) ? (buffer.toString('latin1', 0, Math.min(buffer.length, 400)).split('\r\n')[0] ?? '?') : '?';
}

/**
 * A closed loop: autocannon, CONNECTIONS connections, each request the next of the rotation
 * (shared by all connections); every answer's latency kept.
 */
async function closedLoop(base: string, requests: readonly { path: string; headers: Record<string, string> }[], seconds: number, probe: CpuProbe | null): Promise<ClosedFigures> {
  const latencies: number[] = [];
  const non2xx = new Map<string, number>();
  let next = 0;
  const before = probe ? await cpuSnapshot(probe) : null;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const tracker = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const r = requests[next++ % requests.length]!;
              return { ...request, path: r.path, headers: { ...request.headers, ...r.headers } };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    tracker.on('response', (client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      if (status < 200 || status > 299) {
        const key = `${status} ${requestLineOf(client)}`;
        non2xx.set(key, (non2xx.get(key) ?? 0) + 1);
      }
    });
  });
  const cpu = before && probe ? cpuBetween(before, await cpuSnapshot(probe), latencies.length) : null;
  return {
    ...latencyOf(latencies),
    answers: latencies.length,
    rps: latencies.length / result.duration,
    wireBytes: result.throughput.total / Math.max(1, latencies.length),
    non2xx,
    errors: result.errors + result.timeouts,
    cpu,
  };
}

interface OpenFigures extends Latency {
  offered: number;
  /** Answered 2xx (the latencies are theirs). */
  ok: number;
  non2xx: Map<string, number>;
  /** The first answer's body of each non-2xx status, and the first error of requests without an answer. */
  samples: Map<string, string>;
  /** No answer: an error or a timeout. */
  failed: number;
  /** The pacer's largest delay firing a request after its scheduled time (this process being late). */
  maxLagMs: number;
  cpu: CpuFigures;
}

/**
 * An open loop: `rate` requests a second on a clock, each fired at its scheduled time whatever
 * the earlier answers (keep-alive connections, as many as needed), timed from its scheduled
 * start to its last byte, so a stall delays every request behind it, as it would for users.
 */
async function openLoop(base: string, targets: readonly Target[], rate: number, seconds: number, probe: CpuProbe): Promise<OpenFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const count = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const pending: Promise<{ answer: Answer; target: Target }>[] = [];
  const before = await cpuSnapshot(probe);
  const t0 = performance.now() + 20;
  let sent = 0;
  let maxLagMs = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < count && t0 + sent * interval <= now) {
        const at = t0 + sent * interval;
        maxLagMs = Math.max(maxLagMs, now - at);
        const target = targets[sent % targets.length]!;
        pending.push(send(agent, base, target, at).then((answer) => ({ answer, target })));
        sent += 1;
      }
      if (sent >= count) {
        resolve();
        return;
      }
      setTimeout(tick, Math.max(0, t0 + sent * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, t0 - performance.now()));
  });
  const done = await Promise.all(pending);
  const cpu = cpuBetween(before, await cpuSnapshot(probe), done.length);
  agent.destroy();
  const okMs: number[] = [];
  const non2xx = new Map<string, number>();
  const samples = new Map<string, string>();
  let failed = 0;
  for (const { answer, target } of done) {
    if (answer.status >= 200 && answer.status < 300) {
      okMs.push(answer.ms);
      continue;
    }
    const kind = answer.status === 0 ? 'no answer' : `HTTP ${answer.status}`;
    if (!samples.has(kind)) samples.set(kind, `after ${num(answer.ms / 1000)} s: ${snippet(answer)}`);
    if (answer.status === 0) failed += 1;
    else {
      const key = `${answer.status} GET ${target.path}`;
      non2xx.set(key, (non2xx.get(key) ?? 0) + 1);
    }
  }
  return { ...latencyOf(okMs), offered: count, ok: okMs.length, non2xx, samples, failed, maxLagMs, cpu };
}

/** Headers a bare server sends itself, or that belong to one answer's connection. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'transfer-encoding']);

/**
 * The bare baseline of a case: a bare node:http child answering the captured answers (their
 * headers and their bodies as sent, compressed or not) in the same rotation, the same requests'
 * headers, CONNECTIONS connections.
 */
async function bareBaseline(captured: readonly Captured[], dir: string): Promise<ClosedFigures> {
  const answers = captured.map(({ answer }) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || NOT_COPIED.has(name) || name.startsWith('x-ratelimit')) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { body: answer.body, headers };
  });
  const { child, url } = await startBareRotatingServer(answers, 'application/json; charset=utf-8', dir);
  try {
    const requests = captured.map((c, i) => ({ path: `/?i=${i}`, headers: c.target.headers }));
    await closedLoop(url, requests, 1, null); // its warm-up
    return await closedLoop(url, requests, CASE_S, { serverPid: child.pid!, database: null });
  } finally {
    await stopChild(child);
  }
}

/* ------------------------------------------------------------------ the cases */

type Params = Record<string, string>;

/**
 * A list URL's query string exactly as the web app asks for it: its filter parameters sorted (as
 * buildListParams returns them), then the app's own eventListRequestPath (per_page 100, the page,
 * the people a card shows). `perPage` replaces the app's page size (the demo data's short pages).
 */
function listQuery(params: Params, page: number, perPage?: number, after?: string | null): string {
  const sorted = Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
  const search = new URL(eventListRequestPath(sorted, { isSignedIn: false, page, after }), 'http://x').searchParams;
  if (perPage !== undefined) search.set('per_page', String(perPage));
  return search.toString();
}

const DENSE_CITIES = CITIES.slice(0, DENSE);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Point j of n around a city's centre, 0.3 to 3 km out: people asking from different places. */
function near(city: (typeof CITIES)[number], j: number, n: number): Params {
  const km = 0.3 + (2.7 * j) / Math.max(1, n - 1);
  const theta = (2 * Math.PI * j) / n + 0.4;
  const lat = city.lat + (km * Math.cos(theta)) / 111.32;
  const lng = city.lng + (km * Math.sin(theta)) / (111.32 * Math.cos((city.lat * Math.PI) / 180));
  return { 'current_location[lat]': lat.toFixed(6), 'current_location[lng]': lng.toFixed(6) };
}

/** Words of the seed that match thousands of events (names, venues, addresses, descriptions). */
const COMMON_WORDS = ['salsa', 'market', 'night', 'party', 'open', 'cafe', 'festival', 'workshop', 'community', 'sunset', 'yoga', 'club', 'street', 'central', 'music'];
/** Few matches, or only by typo tolerance, or none. */
const RARE_WORDS = ['jazz', 'festval', 'technno', 'flamenko', 'meditaton', 'potery', 'live jazz', 'jazz trio', 'xylophone', 'qwzx'];

interface CaseDef {
  key: (typeof LOAD_CASES)[number];
  title: string;
  roles: readonly Role[];
  /** The distinct queries (without the route). */
  queries: string[];
  /** The query whose statements are EXPLAINed. */
  explain: string;
}

/** One to three category ids, a few dozen combinations. */
function categoryCombos(ids: readonly number[]): string[] {
  const n = ids.length;
  const combos = new Map<string, number[]>();
  const add = (picks: number[]) => {
    const sorted = [...new Set(picks)].sort((a, b) => a - b);
    combos.set(sorted.join(','), sorted);
  };
  for (let i = 0; i < n; i += 1) {
    add([ids[i]!]);
    add([ids[i]!, ids[(i + 3) % n]!]);
    add([ids[i]!, ids[(i + 5) % n]!]);
    add([ids[i]!, ids[(i + 1) % n]!, ids[(i + 7) % n]!]);
    add([ids[i]!, ids[(i + 4) % n]!, ids[(i + 8) % n]!]);
  }
  return [...combos.keys()];
}

function buildCases(categoryIds: readonly number[]): CaseDef[] {
  const both: Role[] = ['visitor', 'signed-in'];
  const plain = range(3).map((p) => listQuery({}, p + 1));
  const nearWeekend = range(6).flatMap((j) => DENSE_CITIES.map((city) => listQuery({ tz: city.tz, preset: 'weekend', distance: '10', ...near(city, j, 6) }, 1)));
  const distance = range(4).flatMap((j) =>
    DENSE_CITIES.flatMap((city) => [10, 25].map((km) => listQuery({ distance: String(km), ...near(city, j, 4) }, 1))),
  );
  const friends = [listQuery({ preset: 'friends' }, 1), listQuery({ preset: 'friends' }, 2)];
  const categories = categoryCombos(categoryIds).map((ids) => listQuery({ categories: ids }, 1));
  const common = [1, 2].flatMap((page) => COMMON_WORDS.map((word) => listQuery({ search: word }, page)));
  const rare = RARE_WORDS.map((word) => listQuery({ search: word }, 1));
  const laterPlain = [4, 5, 6, 7, 8].map((page) => listQuery({}, page));
  const laterCity = [4, 5, 6, 7, 8].flatMap((page) => DENSE_CITIES.map((city) => listQuery({ distance: '25', ...near(city, 0, 4) }, page)));
  // The plain list's pages among the city lists', so that any prefix of the rotation has both.
  const later = laterCity.flatMap((q, i) => (i % 6 === 0 && laterPlain[i / 6] !== undefined ? [laterPlain[i / 6]!, q] : [q]));
  return [
    { key: 'plain', title: 'plain list, pages 1-3', roles: both, queries: plain, explain: plain[0]! },
    { key: 'near-weekend', title: '10 km + this weekend', roles: both, queries: nearWeekend, explain: nearWeekend[0]! },
    { key: 'distance', title: 'distance 10 / 25 km', roles: both, queries: distance, explain: distance[1]! },
    { key: 'friends', title: 'friends preset', roles: ['signed-in'], queries: friends, explain: friends[0]! },
    { key: 'categories', title: 'categories (1-3 ids)', roles: both, queries: categories, explain: categories[1]! },
    { key: 'search-common', title: 'search, common words', roles: both, queries: common, explain: listQuery({ search: 'market' }, 1) },
    { key: 'search-rare', title: 'search, rare words/typos', roles: both, queries: rare, explain: listQuery({ search: 'festval' }, 1) },
    { key: 'later-pages', title: 'later pages (4-8)', roles: both, queries: later, explain: listQuery({ distance: '25', ...near(DENSE_CITIES[0]!, 0, 4) }, 8) },
  ];
}

/** What eventListRequestPath adds to a list's filters. */
const REQUEST_KEYS = new Set(['per_page', 'page', 'after', 'with_users', 'with_doubt_users']);

/**
 * The cases' later pages as the web app asks for them: after the previous page's last event (the
 * reply's next_after), found by walking each list from its first page, as a visitor (signed in, as
 * `viewer`, for a case only signed-in people have).
 */
async function withCursors(base: string, cases: CaseDef[], viewer: Viewer): Promise<CaseDef[]> {
  const walked = new Map<string, (string | null)[]>();
  const afterFor = async (params: Params, page: number, signedIn: boolean): Promise<string | null> => {
    const key = `${signedIn}|${new URLSearchParams(params).toString()}`;
    const cursors = walked.get(key) ?? [null]; // cursors[i]: the `after` of page i + 1
    walked.set(key, cursors);
    while (cursors.length < page) {
      const p = cursors.length;
      if (p > 1 && cursors[p - 1] === null) break; // the list ended before this page
      const url = `${base}${signedIn ? '/api/events' : '/api/events-na'}?${listQuery(params, p, undefined, cursors[p - 1])}`;
      const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...(signedIn ? { authorization: `Bearer ${viewer.token}` } : {}) } });
      if (!res.ok) throw new Error(`walking ${url}: ${res.status}`);
      cursors.push(((await res.json()) as { data: { next_after: string | null } }).data.next_after);
    }
    return cursors[page - 1] ?? null;
  };
  const out: CaseDef[] = [];
  for (const def of cases) {
    const signedIn = !def.roles.includes('visitor');
    const rewrite = async (query: string) => {
      const search = new URLSearchParams(query);
      const page = Number(search.get('page') ?? 1);
      if (page === 1) return query;
      const params = Object.fromEntries([...search].filter(([k]) => !REQUEST_KEYS.has(k)));
      return listQuery(params, page, search.has('per_page') ? Number(search.get('per_page')) : undefined, await afterFor(params, page, signedIn));
    };
    const queries = [];
    for (const query of def.queries) queries.push(await rewrite(query));
    out.push({ ...def, queries, explain: await rewrite(def.explain) });
  }
  return out;
}

/**
 * A case's rotation for a role: the visitor's distinct URLs; signed in, each URL paired with the
 * viewers in turn (query i with viewer i: as many pairs as the larger of the two, at most MAX_TARGETS).
 */
function targetsFor(queries: readonly string[], role: Role, viewers: readonly Viewer[]): Target[] {
  if (role === 'visitor') return queries.slice(0, MAX_TARGETS).map((q) => targetOf(`/api/events-na?${q}`, null));
  const n = Math.min(MAX_TARGETS, Math.max(queries.length, viewers.length));
  return range(n).map((i) => targetOf(`/api/events?${queries[i % queries.length]!}`, viewers[i % viewers.length]!));
}

interface CaseRow {
  label: string;
  role: Role;
  urls: number;
  events: Spread;
  /** Share of the pages with has_more true (null when the replies have no has_more). */
  hasMore: number | null;
  bodyBytes: number;
  jsonBytes: number;
  captureNon2xx: number;
  closed: ClosedFigures;
  open: OpenFigures;
  bare: ClosedFigures | null;
  ratio: number;
  /** The ratio to bare this case is held to. */
  target: number;
  /** Whether the req/s and p99 targets apply (not to the demo data, whose goal is the ratio). */
  loadTargets: boolean;
}

/** What a case's first fetch of every URL says; non-2xx printed loudly. */
function describeCapture(label: string, captured: readonly Captured[]): Pick<CaseRow, 'urls' | 'events' | 'hasMore' | 'bodyBytes' | 'jsonBytes' | 'captureNon2xx'> {
  let bad = 0;
  for (const c of captured) {
    if (c.answer.status < 200 || c.answer.status > 299) {
      bad += 1;
      if (bad <= 5) loud(`${label}: ${c.answer.status || 'no answer'} for GET ${c.target.path}: ${snippet(c.answer)}`);
    } else if (!c.page) {
      bad += 1;
      if (bad <= 5) loud(`${label}: a 2xx that is not a list reply for GET ${c.target.path}: ${snippet(c.answer)}`);
    }
  }
  if (bad > 5) loud(`${label}: ${bad} of ${captured.length} URLs answered otherwise than a 2xx list`);
  const pages = captured.flatMap((c) => (c.page ? [c.page] : []));
  const withHasMore = pages.filter((p) => p.hasMore !== null);
  return {
    urls: captured.length,
    events: spread(pages.map((p) => p.events)),
    hasMore: withHasMore.length > 0 ? withHasMore.filter((p) => p.hasMore).length / withHasMore.length : null,
    bodyBytes: spread(captured.map((c) => c.answer.body.length)).avg,
    jsonBytes: spread(pages.map((p) => p.jsonBytes)).avg,
    captureNon2xx: bad,
  };
}

function reportNon2xx(label: string, what: string, non2xx: Map<string, number>, failed = 0, samples = new Map<string, string>()): void {
  const total = [...non2xx.values()].reduce((n, v) => n + v, 0);
  if (total === 0 && failed === 0) return;
  loud(`${label}, ${what}: ${total} non-2xx answers${failed ? `, ${failed} without an answer` : ''}`);
  for (const [key, count] of [...non2xx].sort((a, b) => b[1] - a[1]).slice(0, 5)) loud(`    ${count} x ${key}`);
  for (const [kind, sample] of samples) loud(`    the first ${kind}, ${sample}`);
}

/**
 * Waits until the server and its PostgreSQL backends are idle (under 10% of a core over half a
 * second), at most a minute: after an open loop the server may still be answering requests whose
 * clients gave up. Returns the seconds waited.
 */
async function settle(probe: CpuProbe): Promise<number> {
  const started = Date.now();
  const busyMs = async () => {
    const pids = [probe.serverPid, ...(probe.database ? await backendPids(probe.database) : [])];
    return (await Promise.all(pids.map((pid) => cpuMsOfPid(pid)))).reduce<number>((n, ms) => n + (ms ?? 0), 0);
  };
  for (;;) {
    const before = await busyMs();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if ((await busyMs()) - before < 50 || Date.now() - started > 60_000) return (Date.now() - started) / 1000;
  }
}

async function runCase(
  label: string,
  role: Role,
  base: string,
  targets: readonly Target[],
  probe: CpuProbe,
  dir: string,
  goal: { ratio: number; loadTargets: boolean } = { ratio: TARGET_RATIO, loadTargets: true },
): Promise<CaseRow> {
  log(`${label}: ${targets.length} URLs, each fetched once`);
  const captured = await captureAll(base, targets);
  const seen = describeCapture(label, captured);
  log(
    `  events a page ${spreadText(seen.events, 1)}${seen.hasMore === null ? '' : `, has_more on ${num(seen.hasMore * 100, 0)}%`}; ` +
      `${num(seen.bodyBytes / 1024, 1)} KB a body as sent (${num(seen.jsonBytes / 1024, 1)} KB of JSON)`,
  );
  log(`  closed loop: ${CONNECTIONS} connections, ${CASE_S} s`);
  const closed = await closedLoop(base, targets, CASE_S, probe);
  reportNon2xx(label, 'closed loop', closed.non2xx, closed.errors);
  log(`    ${num(closed.rps, 0)} req/s, p50 ${num(closed.p50)} p95 ${num(closed.p95)} p99 ${num(closed.p99)} ms`);
  // autocannon drops the requests still in flight at its end: the server finishes them first.
  const afterClosed = await settle(probe);
  if (afterClosed > 1) log(`  (the server was busy ${num(afterClosed)} s more with the requests in flight at the loop's end)`);
  log(`  open loop: ${OFFERED_RATE} requests/s offered for ${CASE_S} s`);
  const open = await openLoop(base, targets, OFFERED_RATE, CASE_S, probe);
  reportNon2xx(label, 'open loop', open.non2xx, open.failed, open.samples);
  log(`    ${open.ok} of ${open.offered} answered 2xx, p50 ${num(open.p50)} p95 ${num(open.p95)} p99 ${num(open.p99)} ms`);
  const waited = await settle(probe);
  if (waited > 1) log(`  (the server was busy ${num(waited)} s more: requests whose clients had given up)`);
  let bare: ClosedFigures | null = null;
  const answered = captured.filter((c) => c.answer.status !== 0);
  if (answered.length > 0) {
    log(`  bare node:http baseline: the same ${answered.length} answers, ${CONNECTIONS} connections, ${CASE_S} s`);
    bare = await bareBaseline(answered, dir);
    log(`    ${num(bare.rps, 0)} req/s: planns at ${num(closed.rps / bare.rps, 3)}x`);
  }
  return { label, role, ...seen, closed, open, bare, ratio: bare ? closed.rps / bare.rps : Number.NaN, target: goal.ratio, loadTargets: goal.loadTargets };
}

/* ------------------------------------------------------------------ single searches */

/** Every word of the seed's vocabulary once (as typed: case and accents kept), two letters or more. */
function vocabulary(): string[] {
  const texts = [...ADJECTIVES, ...TOPICS, 'Jazz', ...KINDS, ...VENUE_PREFIXES, ...VENUE_NAMES, ...STREETS, ...CITIES.map((city) => city.name), ...PHRASES];
  const seen = new Set<string>();
  const words: string[] = [];
  for (const text of texts) {
    for (const raw of text.split(/\s+/)) {
      const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (Array.from(word).length < 2 || seen.has(word.toLowerCase())) continue;
      seen.add(word.toLowerCase());
      words.push(word);
    }
  }
  return words;
}

interface SearchTiming {
  word: string;
  ms: number;
  status: number;
  events: number;
}

/** Each word searched alone, one request at a time (keep-alive), as a visitor and signed in. */
async function singleSearches(base: string, words: readonly string[], viewers: readonly Viewer[]): Promise<Record<Role, SearchTiming[]>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const out: Record<Role, SearchTiming[]> = { visitor: [], 'signed-in': [] };
  // One unmeasured request first: the connection and the route.
  await send(agent, base, targetOf(`/api/events-na?${listQuery({}, 1)}`, null));
  for (const role of ['visitor', 'signed-in'] as const) {
    for (const [i, word] of words.entries()) {
      const query = listQuery({ search: word }, 1);
      const target = role === 'visitor' ? targetOf(`/api/events-na?${query}`, null) : targetOf(`/api/events?${query}`, viewers[i % viewers.length]!);
      const answer = await send(agent, base, target);
      if (answer.status < 200 || answer.status > 299) loud(`single search ${JSON.stringify(word)} (${role}): ${answer.status || 'no answer'}: ${snippet(answer)}`);
      out[role].push({ word, ms: answer.ms, status: answer.status, events: pageOf(answer)?.events ?? 0 });
    }
  }
  agent.destroy();
  return out;
}

/* ------------------------------------------------------------------ EXPLAIN, in this process */

interface CapturedQuery {
  query: CompiledQuery;
  ms: number;
}

function capturingDb(url: string, captured: CapturedQuery[]): Kysely<Database> {
  // The server's own session setting (createDb): the typo threshold of the search.
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c pg_trgm.word_similarity_threshold=${TYPO_THRESHOLD}` });
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push({ query: event.query, ms: event.queryDurationMillis });
    },
  });
}

/** What a statement is, for a reader: by what it does, else by the first table it reads. */
function statementKind(text: string): string {
  if (/date_trunc\('week'/.test(text) && !/\bFROM\s+events\b/i.test(text)) return 'weekend range';
  if (/count\(\*\)(::int)?\s+AS\s+total/i.test(text)) return 'count';
  if (/json_agg/i.test(text) && /\bFROM\s+events\s+e\b/i.test(text)) return 'event details';
  if (/\bFROM\s+events\s+e\b/i.test(text)) return 'page of ids';
  const table = /\bFROM\s+"?([a-z_]+)"?/i.exec(text)?.[1];
  return table ? `reads ${table}` : 'other';
}

interface PlanInfo {
  ms: number;
  planningMs: number;
  indexes: string[];
  seqScans: string[];
  jit: boolean;
  generic: boolean;
  text: string;
}

function planInfo(lines: string[]): PlanInfo {
  const text = lines.join('\n');
  const indexes = new Set<string>();
  for (const m of text.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) ([\w.]+)/g)) indexes.add(m[1]!);
  const seqScans = new Set<string>();
  for (const m of text.matchAll(/Seq Scan on ([\w.]+)/g)) seqScans.add(m[1]!);
  return {
    ms: Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? Number.NaN),
    planningMs: Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? Number.NaN),
    indexes: [...indexes],
    seqScans: [...seqScans],
    jit: /^\s*JIT:/m.test(text),
    // A generic plan compares with the parameters themselves.
    generic: /\$\d+/.test(text),
    text,
  };
}

/** A parameter as an SQL literal for EXECUTE (untyped: PostgreSQL casts it to the parameter's type). */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    const items = value.map((v: unknown) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`));
    return client.escapeLiteral(`{${items.join(',')}}`);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return client.escapeLiteral(String(value));
  if (typeof value === 'string') return client.escapeLiteral(value);
  return client.escapeLiteral(JSON.stringify(value));
}

interface StatementPlan {
  kind: string;
  custom: PlanInfo;
  /** The sixth EXECUTE of the statement prepared (what the server's prepared statement may run); null when it could not be prepared here. */
  prepared: PlanInfo | null;
  sql: string;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement with its values, then prepared: five EXECUTEs and an
 * EXPLAIN of the sixth (PostgreSQL's plan cache chooses between a custom and a generic plan after
 * five). In a transaction rolled back.
 */
async function explainStatement(client: pg.Client, q: CompiledQuery): Promise<StatementPlan> {
  const params = [...q.parameters];
  await client.query('BEGIN');
  try {
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, params);
    const custom = planInfo(plan.rows.map((r) => r['QUERY PLAN']));
    let prepared: PlanInfo | null = null;
    await client.query('SAVEPOINT prepared');
    try {
      await client.query(`PREPARE bench_statement AS ${q.sql}`);
      const args = params.length > 0 ? `(${params.map((v) => literal(client, v)).join(', ')})` : '';
      for (let i = 0; i < 5; i += 1) await client.query(`EXECUTE bench_statement${args}`);
      const sixth = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_statement${args}`);
      prepared = planInfo(sixth.rows.map((r) => r['QUERY PLAN']));
      await client.query('RELEASE SAVEPOINT prepared');
    } catch (err) {
      await client.query('ROLLBACK TO SAVEPOINT prepared');
      log(`  (could not prepare a ${statementKind(q.sql)} statement here: ${(err as Error).message})`);
    }
    await client.query('DEALLOCATE ALL');
    return { kind: statementKind(q.sql), custom, prepared, sql: q.sql };
  } finally {
    await client.query('ROLLBACK');
  }
}

interface ExplainResult {
  label: string;
  urlPath: string;
  statements: StatementPlan[];
  serviceMs: number;
}

async function explainCase(deps: AppDeps, captured: CapturedQuery[], client: pg.Client, label: string, urlPath: string, viewer: Viewer | null): Promise<ExplainResult> {
  const query = eventListQuerySchema.parse(Object.fromEntries(new URL(urlPath, 'http://x').searchParams));
  const actor: Actor | null = viewer ? { userId: viewer.id, isModerator: false, sessionId: 0, via: 'bearer' } : null;
  await listEventsBody(deps, actor, query); // warm: the statements' first planning, the buffers
  captured.length = 0;
  const started = performance.now();
  await listEventsBody(deps, actor, query);
  const serviceMs = performance.now() - started;
  const statements: StatementPlan[] = [];
  for (const { query: q } of [...captured]) {
    try {
      statements.push(await explainStatement(client, q));
    } catch (err) {
      loud(`${label}: EXPLAIN of a ${statementKind(q.sql)} statement failed: ${(err as Error).message}`);
    }
  }
  return { label, urlPath, statements, serviceMs };
}

/* ------------------------------------------------------------------ the demo data */

interface DemoResult {
  events: number;
  viewers: number;
  words: string[];
  row: CaseRow;
}

async function demoCase(cleanups: (() => Promise<unknown>)[]): Promise<DemoResult> {
  log('demo data: another scratch database, a server with SEED_DEMO=true');
  const scratch = await openScratchDatabase();
  cleanups.push(() => scratch.drop());
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-bench-demo-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  const started = Date.now();
  const { child: server, base } = await startPlannsServer(scratch.url, dir, { SEED_DEMO: 'true', EVENTS_NA_CACHE_MS: '0' });
  log(`  seeded and ready in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${server.pid})`);
  const c = new pg.Client({ connectionString: scratch.url });
  await c.connect();
  let people: number[];
  let names: string[];
  try {
    // The demo people who answered most: the richest signed-in lists.
    people = (
      await c.query<{ id: number }>(
        `SELECT u.id::int AS id FROM users u ORDER BY (SELECT count(*) FROM event_users r WHERE r.user_id = u.id) DESC, u.id LIMIT 5`,
      )
    ).rows.map((r) => r.id);
    names = (await c.query<{ name: string }>('SELECT name FROM events WHERE deleted_by_moderator_at IS NULL')).rows.map((r) => r.name);
  } finally {
    await c.end();
  }
  const viewers = await signIn(scratch.url, people);
  // The words of the names most often found, four letters or more, and a word found nowhere.
  const counts = new Map<string, number>();
  for (const name of names) {
    for (const word of new Set(name.toLowerCase().split(/[^\p{L}\p{N}]+/u))) if (Array.from(word).length >= 4) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const words = [...[...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 8).map(([w]) => w), 'qwzx'];
  const queries = [
    listQuery({}, 1),
    ...range(6).map((p) => listQuery({}, p + 1, 10)),
    ...words.map((word) => listQuery({ search: word }, 1)),
    ...words.slice(0, 4).map((word) => listQuery({ search: word }, 1, 10)),
  ];
  // Every query with every person.
  const targets = queries.flatMap((q) => viewers.map((v) => targetOf(`/api/events?${q}`, v)));
  const probe: CpuProbe = { serverPid: server.pid!, database: new URL(scratch.url).pathname.slice(1) };
  await closedLoop(base, targets, 3, null); // warm-up
  const row = await runCase('demo data, signed in', 'signed-in', base, targets, probe, dir, { ratio: TARGET_DEMO_RATIO, loadTargets: false });
  await stopChild(server);
  return { events: names.length, viewers: viewers.length, words, row };
}

/* ------------------------------------------------------------------ printing */

const num = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const thousands = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const pad = (s: string, n: number) => s.padStart(n);
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/* ------------------------------------------------------------------ main */

async function main(): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  let interrupted = false;
  const cleanup = async () => {
    await stopAllChildren();
    for (const fn of cleanups.reverse()) await fn().catch((err: unknown) => console.error(err));
    cleanups.length = 0;
  };
  process.on('SIGINT', () => {
    if (interrupted) return;
    interrupted = true;
    console.error('interrupted: cleaning up');
    void cleanup().then(() => process.exit(130));
  });

  const loadCases = LOAD_CASES.filter(wanted);
  const bigData = loadCases.length > 0 || wanted('words') || wanted('cached');
  const rows: CaseRow[] = [];
  const explains: ExplainResult[] = [];
  let searches: Record<Role, SearchTiming[]> | null = null;
  let cachedRow: ClosedFigures | null = null;
  let demo: DemoResult | null = null;
  let scratch: Scratch | null = null;
  let seedSeconds = Number.NaN;
  let seedLines: string[] = [];
  let cardsLine = '';
  let plansFile: string | null = null;
  const tableRows = new Map<string, number>();
  const machineBefore = await machineSnapshot();
  const loadBefore = os.loadavg();

  try {
    if (bigData) {
      log('opening a scratch database');
      scratch = await openScratchDatabase();
      const db = scratch;
      cleanups.push(() => db.drop());
      log(`PostgreSQL ${scratch.version} (${scratch.label}), migrated`);
      const seedStarted = Date.now();
      log(`seeding ${thousands(USERS)} users, ${thousands(EVENTS)} events, ~${thousands(RESPONSES)} responses, ~${thousands(LIKES)} likes, ~${thousands(INVITES)} invitations, friendships, co-organisers`);
      const viewerIds = await seed(scratch.url);
      seedSeconds = (Date.now() - seedStarted) / 1000;
      log(`seeded in ${seedSeconds.toFixed(1)} s`);
      seedLines = await describeSeed(scratch.url, viewerIds);
      for (const line of seedLines) log(line);
      const viewers = await signIn(scratch.url, viewerIds);
      const categoryIds = await (async () => {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        try {
          return (await c.query<{ id: number }>('SELECT id::int AS id FROM categories ORDER BY position, id')).rows.map((r) => r.id);
        } finally {
          await c.end();
        }
      })();
      let cases = buildCases(categoryIds).filter((def) => wanted(def.key));

      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-bench-data-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      {
        // What a running instance has: the cards of coming events, which the job events.fill_cards
        // builds every minute and lists build when they meet one missing (decision 0034). Built
        // here before the cases, timed: the cost of a card, met once after each change of an event.
        const cardsDb = createDb(scratch.url, 4);
        try {
          const deps = serviceDeps(scratch.url, dataDir, cardsDb);
          const started = performance.now();
          const built = await fillMissingCards(deps, Number.POSITIVE_INFINITY);
          const ms = performance.now() - started;
          cardsLine = `event cards: ${built.toLocaleString('en-US')} coming events' cards built in ${(ms / 1000).toFixed(1)} s (${(ms / Math.max(1, built)).toFixed(2)} ms an event, batches of 200, one connection), as the job events.fill_cards builds them`;
          log(cardsLine);
          // Filling a card updates its row: every card row of the table is now a dead version
          // beside a live one, which each read then steps over (and prunes). A running database's
          // autovacuum clears them; a PostgreSQL with autovacuum off (this machine's) never does:
          // the cases ran about 15% slower on such a table. Vacuumed as autovacuum would.
          const vacuumed = performance.now();
          await sql`VACUUM ANALYZE event_cards`.execute(cardsDb);
          log(`VACUUM ANALYZE event_cards (the fill's dead row versions, as autovacuum clears them): ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`);
        } finally {
          await cardsDb.destroy();
        }
      }
      const { child: server, base } = await startPlannsServer(scratch.url, dataDir, { EVENTS_NA_CACHE_MS: '0' });
      log(`server ready on ${base} (pid ${server.pid}), EVENTS_NA_CACHE_MS=0 (the visitor cache off)`);
      // Pages after the first as the web app asks for them: after the previous page's last event.
      cases = await withCursors(base, cases, viewers[0]!);
      const probe: CpuProbe = { serverPid: server.pid!, database: new URL(scratch.url).pathname.slice(1) };

      const rotations = cases.flatMap((def) => def.roles.map((role) => ({ def, role, targets: targetsFor(def.queries, role, viewers) })));
      if (rotations.length > 0) {
        log(`warm-up: ${WARMUP_S} s over every case's first URLs`);
        await closedLoop(base, rotations.flatMap((r) => r.targets.slice(0, 12)), WARMUP_S, null);
      }
      for (const { def, role, targets } of rotations) {
        rows.push(await runCase(`${def.key}, ${role}`, role, base, targets, probe, dataDir));
      }

      if (wanted('words')) {
        const words = vocabulary();
        log(`single searches: ${words.length} words, each alone, as a visitor and signed in, one at a time`);
        searches = await singleSearches(base, words, viewers);
      }
      await stopChild(server);

      if (wanted('cached')) {
        const defaultCacheMs = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: scratch.url }).EVENTS_NA_CACHE_MS;
        const cachedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-bench-cached-'));
        cleanups.push(() => fs.rm(cachedDir, { recursive: true, force: true }));
        const cached = await startPlannsServer(scratch.url, cachedDir, { EVENTS_NA_CACHE_MS: String(defaultCacheMs) });
        log(`a second server with the visitor cache on (EVENTS_NA_CACHE_MS=${defaultCacheMs}, the default): the plain visitor case, closed loop`);
        const plain = cases.find((def) => def.key === 'plain') ?? buildCases(categoryIds).find((def) => def.key === 'plain')!;
        const targets = targetsFor(plain.queries, 'visitor', viewers);
        await closedLoop(cached.base, targets, WARMUP_S / 2, null); // warm-up: one case's addresses only
        cachedRow = await closedLoop(cached.base, targets, CASE_S, { serverPid: cached.child.pid!, database: probe.database });
        reportNon2xx('plain, visitor, cached', 'closed loop', cachedRow.non2xx, cachedRow.errors);
        await stopChild(cached.child);
      }

      if (cases.length > 0) {
        log('EXPLAIN (ANALYZE, BUFFERS): one URL per case and role, through the service in this process (the servers stopped)');
        const captured: CapturedQuery[] = [];
        const kdb = capturingDb(scratch.url, captured);
        cleanups.push(() => kdb.destroy());
        const deps = serviceDeps(scratch.url, dataDir, kdb);
        const client = new pg.Client({ connectionString: scratch.url, options: `-c pg_trgm.word_similarity_threshold=${TYPO_THRESHOLD}` });
        await client.connect();
        cleanups.push(() => client.end());
        // A typical viewer: the middle one (the first ones own hundreds of events: the owners' skew).
        const explainViewer = viewers[Math.floor(viewers.length / 2)]!;
        log(`  signed in as viewer ${explainViewer.id}`);
        for (const def of cases) {
          for (const role of def.roles) {
            const urlPath = `${role === 'visitor' ? '/api/events-na' : '/api/events'}?${def.explain}`;
            explains.push(await explainCase(deps, captured, client, `${def.key}, ${role}`, urlPath, role === 'visitor' ? null : explainViewer));
          }
        }
        // The rows of the tables the plans read in full (their statistics' estimate), for a reader of the seq scans.
        const scanned = [...new Set(explains.flatMap((e) => e.statements.flatMap((s) => [...s.custom.seqScans, ...(s.prepared?.seqScans ?? [])])))];
        for (const row of (
          await client.query<{ relname: string; rows: number }>(
            `SELECT relname, greatest(reltuples, 0)::bigint::int AS rows FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace AND relname = ANY($1::text[])`,
            [scanned],
          )
        ).rows) {
          tableRows.set(row.relname, row.rows);
        }
        plansFile = path.join(os.tmpdir(), `planns-bench-events-plans-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
        const text = explains
          .map((e) =>
            [
              `=== ${e.label}  ${e.urlPath}`,
              ...e.statements.map(
                (s, i) =>
                  `--- statement ${i + 1}: ${s.kind}\n${s.sql}\n\n--- with its values (custom plan):\n${s.custom.text}\n\n--- prepared, the sixth EXECUTE (${s.prepared ? (s.prepared.generic ? 'generic plan' : 'custom plan') : 'not prepared'}):\n${s.prepared?.text ?? '-'}\n`,
              ),
            ].join('\n'),
          )
          .join('\n\n');
        await fs.writeFile(plansFile, text);
      }
    }

    if (wanted('demo')) demo = await demoCase(cleanups);
    const machineAfter = await machineSnapshot();
    const loadAfter = os.loadavg();

    /* -------------------------------------------------------------- the figures */

    console.log(`\n=== bench:events, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}${scratch ? `, PostgreSQL ${scratch.version} (${scratch.label})` : ''}`);
    if (scratch) {
      console.log(`seed: ${thousands(USERS)} users, ${thousands(EVENTS)} events in ${num(seedSeconds)} s`);
      for (const line of seedLines) console.log(line);
      if (cardsLine) console.log(cardsLine);
    }
    const total = machineAfter.total - machineBefore.total;
    console.log(
      `machine: load average (1 min) ${num(loadBefore[0]!)} at the start, ${num(loadAfter[0]!)} at the end; over the run all cores busy ${num(((machineAfter.busy - machineBefore.busy) / total) * 100, 0)} %, ` +
        `steal ${num(((machineAfter.steal - machineBefore.steal) / total) * 100, 1)} % (the hypervisor running other machines on these cores). The server, PostgreSQL and this process (the load's client) share the cores: other work skews the figures.`,
    );
    console.log(
      `requests: Accept-Encoding ${ACCEPT_ENCODING ? `'${ACCEPT_ENCODING}'` : 'none'}; ${PER_PAGE} events a page; closed loop ${CONNECTIONS} connections for ${CASE_S} s; open loop ${OFFERED_RATE} requests/s for ${CASE_S} s; the visitor cache off (EVENTS_NA_CACHE_MS=0) except where marked cached`,
    );

    const allRows = [...rows, ...(demo ? [demo.row] : [])];
    if (allRows.length > 0) {
      console.log('\nclosed loop, 50 connections (latencies in ms; bytes an answer on the wire; CPU ms an answer):');
      console.log(
        `${'case'.padEnd(28)}${pad('URLs', 5)}${pad('events', 8)}${pad('KB sent', 8)}${pad('KB JSON', 8)}${pad('req/s', 7)}${pad('p50', 7)}${pad('p95', 7)}${pad('p99', 7)}${pad('bytes', 8)}${pad('non2xx', 7)}` +
          `${pad('server', 8)}${pad('pg', 7)}${pad('client', 7)}${pad('steal%', 7)}`,
      );
      for (const r of allRows) {
        const c = r.closed;
        console.log(
          `${r.label.padEnd(28)}${pad(String(r.urls), 5)}${pad(num(r.events.avg, 0), 8)}${pad(num(r.bodyBytes / 1024), 8)}${pad(num(r.jsonBytes / 1024), 8)}${pad(num(c.rps, 0), 7)}${pad(num(c.p50), 7)}${pad(num(c.p95), 7)}${pad(num(c.p99), 7)}` +
            `${pad(thousands(c.wireBytes), 8)}${pad(String([...c.non2xx.values()].reduce((n, v) => n + v, 0) + c.errors), 7)}${pad(num(c.cpu?.server ?? Number.NaN, 2), 8)}${pad(num(c.cpu?.pg ?? Number.NaN, 2), 7)}${pad(num(c.cpu?.loader ?? Number.NaN, 2), 7)}${pad(num(c.cpu?.steal ?? Number.NaN, 1), 7)}`,
        );
        if (r.label.startsWith('plain, visitor') && cachedRow) {
          console.log(
            `${'plain, visitor, CACHED'.padEnd(28)}${pad(String(r.urls), 5)}${pad('', 8)}${pad('', 8)}${pad('', 8)}${pad(num(cachedRow.rps, 0), 7)}${pad(num(cachedRow.p50), 7)}${pad(num(cachedRow.p95), 7)}${pad(num(cachedRow.p99), 7)}` +
              `${pad(thousands(cachedRow.wireBytes), 8)}${pad(String([...cachedRow.non2xx.values()].reduce((n, v) => n + v, 0) + cachedRow.errors), 7)}${pad(num(cachedRow.cpu?.server ?? Number.NaN, 2), 8)}${pad(num(cachedRow.cpu?.pg ?? Number.NaN, 2), 7)}${pad(num(cachedRow.cpu?.loader ?? Number.NaN, 2), 7)}${pad(num(cachedRow.cpu?.steal ?? Number.NaN, 1), 7)}`,
          );
        }
      }
      console.log(`  (events: the average a page; KB sent: a body as sent, compressed; the CACHED line: a second server with the default visitor cache, the same URLs: not what the cases measure)`);

      console.log(`\nopen loop, ${OFFERED_RATE} requests/s offered (latency from each request's scheduled start, ms; CPU ms an answer):`);
      console.log(`${'case'.padEnd(28)}${pad('answered', 11)}${pad('p50', 9)}${pad('p95', 9)}${pad('p99', 9)}${pad('max', 9)}${pad('non2xx', 7)}${pad('failed', 7)}${pad('late', 6)}${pad('server', 8)}${pad('pg', 7)}${pad('busy%', 7)}`);
      for (const r of allRows) {
        const o = r.open;
        console.log(
          `${r.label.padEnd(28)}${pad(`${o.ok}/${o.offered}`, 11)}${pad(num(o.p50), 9)}${pad(num(o.p95), 9)}${pad(num(o.p99), 9)}${pad(num(o.max), 9)}${pad(String([...o.non2xx.values()].reduce((n, v) => n + v, 0)), 7)}${pad(String(o.failed), 7)}` +
            `${pad(num(o.maxLagMs, 0), 6)}${pad(num(o.cpu.server, 2), 8)}${pad(num(o.cpu.pg, 2), 7)}${pad(num(o.cpu.busy, 0), 7)}`,
        );
      }
      console.log('  (late: the pacer\'s largest delay firing a request after its time, ms; busy%: all cores, the machine)');
    }
    if (cachedRow && !allRows.some((r) => r.label.startsWith('plain, visitor'))) {
      console.log(
        `\nplain, visitor, CACHED (a second server with the default visitor cache): ${num(cachedRow.rps, 0)} req/s, p50 ${num(cachedRow.p50)} p95 ${num(cachedRow.p95)} p99 ${num(cachedRow.p99)} ms at ${CONNECTIONS} connections ` +
          `(run the plain case too for the uncached figure)`,
      );
    }

    if (explains.length > 0) {
      console.log(
        `\nEXPLAIN (ANALYZE, BUFFERS) of each statement of one URL per case: execution ms with its values (a custom plan), then as the sixth EXECUTE of the ` +
          `statement prepared (as the server runs it: GENERIC when PostgreSQL's plan cache switched to a generic plan), and the indexes used. Full plans: ${plansFile}`,
      );
      for (const e of explains) {
        console.log(`${e.label}  (the service in this process: ${num(e.serviceMs)} ms)  ${e.urlPath}`);
        const seqElsewhere = new Set<string>();
        for (const [i, s] of e.statements.entries()) {
          const p = s.prepared;
          const prepared = p ? `${pad(num(p.ms, 2), 8)} ${p.generic ? 'GENERIC' : 'custom '}` : `${pad('-', 8)}        `;
          const sameIndexes = p !== null && [...p.indexes].sort().join(',') === [...s.custom.indexes].sort().join(',');
          const otherIndexes = p && !sameIndexes ? `; prepared: ${p.indexes.join(', ') || 'no index'}` : '';
          console.log(
            `  ${String(i + 1).padStart(2)} ${s.kind.padEnd(26)}${pad(num(s.custom.ms, 2), 8)} ms${prepared}  ${s.custom.indexes.join(', ') || 'no index'}${otherIndexes}${s.custom.jit || p?.jit ? '  JIT' : ''}`,
          );
          for (const plan of [s.custom, ...(p ? [p] : [])]) {
            for (const table of plan.seqScans) if (table !== 'events') seqElsewhere.add(table);
            if (plan.seqScans.includes('events')) loud(`Seq Scan on events: ${e.label}, statement ${i + 1} (${s.kind}${plan === p ? ', prepared' : ''})`);
          }
        }
        if (seqElsewhere.size > 0) console.log(`     seq scans on other tables: ${[...seqElsewhere].map((t) => `${t} (${thousands(tableRows.get(t) ?? Number.NaN)} rows)`).join(', ')}`);
      }
    }

    if (searches) {
      console.log(`\na single search for each of ${searches.visitor.length} words of the seed's vocabulary, alone, one at a time, page 1 (client-side ms, request to last byte):`);
      for (const role of ['visitor', 'signed-in'] as const) {
        const timings = searches[role];
        const lat = latencyOf(timings.map((t) => t.ms));
        const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
        const failed = timings.filter((t) => t.status < 200 || t.status > 299).length;
        console.log(
          `  ${mark(lat.max <= TARGET_SEARCH_MS)}  ${role.padEnd(10)} p50 ${num(lat.p50)} ms, p95 ${num(lat.p95)} ms, max ${num(lat.max)} ms (target: every one <= ${TARGET_SEARCH_MS} ms; ${timings.filter((t) => t.ms > TARGET_SEARCH_MS).length} over)` +
            `${failed ? `; ${failed} non-2xx` : ''}; slowest: ${slowest.map((t) => `${t.word} ${num(t.ms)} (${t.events}${t.events === PER_PAGE ? '+' : ''})`).join(', ')}`,
        );
      }
      console.log('  (in brackets: the events on the page; 100+: a full page)');
    }

    if (demo) {
      console.log(
        `\ndemo data (SEED_DEMO=true): ${demo.events} events, ${demo.viewers} demo people signed in; ${demo.row.urls} URL and person pairs: the default page, per_page=10 pages 1-6, searches for ${demo.words.map((w) => `'${w}'`).join(', ')}`,
      );
      console.log(
        `  ${mark(demo.row.ratio >= TARGET_DEMO_RATIO)}  signed-in list ${num(demo.row.closed.rps, 0)} req/s, bare node:http with the same bytes ${num(demo.row.bare?.rps ?? Number.NaN, 0)} req/s: ${num(demo.row.ratio, 3)}x (target >= ${TARGET_DEMO_RATIO}x)`,
      );
    }

    if (allRows.length > 0) {
      console.log(
        `\n=== summary (targets: >= ${TARGET_RPS} req/s at ${CONNECTIONS} connections; p99 <= ${TARGET_P99_MS} ms at ${OFFERED_RATE} req/s offered; about ${TARGET_RATIO}x bare, ${TARGET_DEMO_RATIO}x on the demo data)`,
      );
      console.log(
        `${'case'.padEnd(28)}${pad('req/s', 7)}${pad('p99', 7)}${pad('p99@100', 9)}${pad('answered', 10)}${pad('bare', 7)}${pad('ratio', 8)}${pad('cpu srv', 9)}${pad('cpu pg', 8)}   req/s  p99@100  ratio`,
      );
      for (const r of allRows) {
        const bad = [...r.closed.non2xx.values(), ...r.open.non2xx.values()].reduce((n, v) => n + v, 0) + r.closed.errors + r.open.failed + r.captureNon2xx;
        console.log(
          `${r.label.padEnd(28)}${pad(num(r.closed.rps, 0), 7)}${pad(num(r.closed.p99), 7)}${pad(num(r.open.p99), 9)}${pad(`${r.open.ok}/${r.open.offered}`, 10)}${pad(num(r.bare?.rps ?? Number.NaN, 0), 7)}${pad(num(r.ratio, 3), 8)}` +
            `${pad(num(r.closed.cpu?.server ?? Number.NaN, 2), 9)}${pad(num(r.closed.cpu?.pg ?? Number.NaN, 2), 8)}   ` +
            `${r.loadTargets ? mark(r.closed.rps >= TARGET_RPS) : '  - '}   ${r.loadTargets ? mark(r.open.p99 <= TARGET_P99_MS && r.open.ok === r.open.offered) : '  - '}     ${mark(r.ratio >= r.target)}` +
            `${bad ? `  !!! ${bad} non-2xx or failed` : ''}`,
        );
        if (r.label.startsWith('plain, visitor') && cachedRow) {
          console.log(`${'plain, visitor, CACHED'.padEnd(28)}${pad(num(cachedRow.rps, 0), 7)}${pad(num(cachedRow.p99), 7)}   (a second server with the default visitor cache: for comparison only)`);
        }
      }
      console.log('  (p99 in ms; cpu: ms an answer in the closed loop, the server process and its PostgreSQL backends; p99@100 PASS also needs every request answered)');
    }
    log('done');
  } finally {
    if (!interrupted) await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
