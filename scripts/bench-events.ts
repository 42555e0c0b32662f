/**
 * `npm run bench:events`: the events list under load (issue 3, "Performance": a benchmark, not a test).
 *
 * 1. A scratch database: BENCH_DATABASE_URL (or TEST_DATABASE_URL), where a uniquely named database
 *    is created and dropped, else an embedded PostgreSQL in a temporary folder. Migrated.
 * 2. Seeded in a few INSERT ... SELECT statements: 20,000 users, 100,000 events (six dense cities,
 *    thirty more cities, some worldwide, some online; 6 months ago to 12 months ahead), 1-3
 *    categories each, about 300,000 responses, likes (likes_count equal to the rows), friendships.
 * 3. The real server (apps/server/src/main.ts) in a child process on that database, logging warnings
 *    only, with the per-IP rate limit lifted (RATE_LIMIT_MAX).
 * 4. autocannon in this process, 50 connections: a 5 s warm-up, then 20 s for each case:
 *    (a) GET /api/events-na, (b) 10 km around a dense centre this weekend, (c) search=jazz, and
 *    (d) a bare node:http server (another child) answering a JSON body as large as (a)'s.
 * 5. EXPLAIN (ANALYZE, BUFFERS) of the statements the cases run (captured from the service through
 *    Kysely's log) and whether they use events_earth_idx / events_search_idx; then where one
 *    request's time goes (SQL, presenter, zod encoding, JSON.stringify), measured one at a time.
 * Prints; asserts nothing (PASS/MISS against the 50 ms p99 target).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { eventListQuerySchema, eventListReplySchema } from '@planns/shared/events/events.schemas';
import { loadConfig } from '../apps/server/src/config.ts';
import { TYPO_THRESHOLD } from '../apps/server/src/db/database.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { listEvents } from '../apps/server/src/modules/events/events.service.ts';
import { buildGeocodingProvider, buildPaymentsProvider, buildSmsProvider, buildStorageProvider } from '../apps/server/src/providers/build-providers.ts';
import { systemClock } from '../apps/server/src/providers/clock.ts';
import { backendPids, cpuMsOfPid, log, openScratchDatabase, startBareServer, startPlannsServer, stopAllChildren, stopChild } from './bench-support.ts';

const USERS = 20_000;
const EVENTS = 100_000;
const RESPONSES = 300_000;
const LIKES = 150_000;
const FRIEND_PAIRS = 60_000;
const CONNECTIONS = 50;
const WARMUP_S = 5;
const CASE_S = Number(process.env.BENCH_SECONDS) || 20;
const TARGET_P99_MS = 50;
const PROFILE_RUNS = 15;

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
const SEEDED_TABLES = ['users', 'events', 'event_categories', 'event_users', 'event_likes', 'friendships'];

async function seed(url: string): Promise<void> {
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
                           min, max, max_companions, price, currency, ticket_name, visibility, visits, likes_count, created_at, updated_at,
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
         CASE WHEN paid < 0.30 THEN round((5 + paid * 300)::numeric, 0) END,
         CASE WHEN paid < 0.30 THEN CASE WHEN area IN ('dense', 'city') THEN ($5::text[])[ci] ELSE 'USD' END END,
         CASE WHEN paid < 0.30 THEN 'General admission' END,
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
      ],
    );
    await c.query("SELECT setval(pg_get_serial_sequence('events', 'id'), (SELECT max(id) FROM events))");
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
    const indexesStarted = Date.now();
    for (const index of indexes) await c.query(index.indexdef);
    log(`  ${indexes.length} indexes rebuilt in ${((Date.now() - indexesStarted) / 1000).toFixed(1)} s`);
    // What autovacuum would have done by now: statistics, and the visibility map for index-only scans.
    await step('VACUUM ANALYZE', 'VACUUM ANALYZE');
  } finally {
    await c.end();
  }
}

/* ------------------------------------------------------------------ processes */

/* ------------------------------------------------------------------ load */

/* CPU time spent per process during a case, from /proc (Linux): where the cores went. */

interface CpuProbe {
  serverPid: number;
  database: string | null;
}

async function cpuSnapshot(probe: CpuProbe): Promise<{ server: number; pg: Map<number, number>; self: number }> {
  const pg = new Map<number, number>();
  if (probe.database) {
    for (const pid of await backendPids(probe.database)) {
      const ms = await cpuMsOfPid(pid);
      if (ms !== null) pg.set(pid, ms);
    }
  }
  const usage = process.cpuUsage();
  return { server: (await cpuMsOfPid(probe.serverPid)) ?? Number.NaN, pg, self: (usage.user + usage.system) / 1000 };
}

interface CaseResult {
  name: string;
  /** CPU milliseconds per answer: the server process, the PostgreSQL backends, this process (autocannon). */
  cpu: { server: number; pg: number; loader: number };
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  bytes: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** autocannon at CONNECTIONS connections; latencies are collected exactly from every answer. */
function load(base: string, paths: string[], seconds: number): Promise<{ result: autocannon.Result; latencies: Float64Array }> {
  return new Promise((resolve, reject) => {
    const samples: number[] = [];
    const tracker = autocannon(
      { url: base, connections: CONNECTIONS, duration: seconds, timeout: 30, requests: paths.map((p) => ({ path: p, method: 'GET' })) },
      (err, result) => {
        if (err) return reject(err);
        resolve({ result, latencies: Float64Array.from(samples).sort() });
      },
    );
    tracker.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => samples.push(ms));
  });
}

async function runCase(name: string, base: string, urlPath: string, bytes: number, probe: CpuProbe): Promise<CaseResult> {
  log(`load: ${name} (${CASE_S} s, ${CONNECTIONS} connections) ${urlPath}`);
  const before = await cpuSnapshot(probe);
  const { result, latencies } = await load(base, [urlPath], CASE_S);
  const after = await cpuSnapshot(probe);
  const answers = Math.max(1, latencies.length);
  let pgMs = 0;
  for (const [pid, ms] of after.pg) pgMs += ms - (before.pg.get(pid) ?? 0);
  return {
    name,
    cpu: { server: (after.server - before.server) / answers, pg: pgMs / answers, loader: (after.self - before.self) / answers },
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    rps: result.requests.total / result.duration,
    bytes,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/* ------------------------------------------------------------------ EXPLAIN and profile, in this process */

function capturingDb(url: string, captured: { query: CompiledQuery; ms: number }[]): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c pg_trgm.word_similarity_threshold=${TYPO_THRESHOLD}` });
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push({ query: event.query, ms: event.queryDurationMillis });
    },
  });
}

function parseQuery(urlPath: string) {
  const qs = new URL(urlPath, 'http://x').searchParams;
  return eventListQuerySchema.parse(Object.fromEntries(qs));
}

type StatementKind = 'weekend range' | 'page of ids' | 'count' | 'details';
function kindOf(text: string): StatementKind {
  if (text.includes('date_trunc')) return 'weekend range';
  if (text.includes('CROSS JOIN LATERAL')) return 'details';
  if (text.includes('count(*)::int AS total')) return 'count';
  return 'page of ids';
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor(s.length / 2)]!;
};

interface Verdict {
  name: string;
  earth: boolean;
  search: boolean;
  seqScanOnEvents: boolean;
  listMs: number;
}

async function explainCase(deps: AppDeps, captured: { query: CompiledQuery; ms: number }[], url: string, name: string, urlPath: string): Promise<Verdict> {
  captured.length = 0;
  await listEvents(deps, null, parseQuery(urlPath));
  const statements = captured.map((c) => c.query).filter((q) => kindOf(q.sql) !== 'weekend range');
  const client = new pg.Client({ connectionString: url, options: `-c pg_trgm.word_similarity_threshold=${TYPO_THRESHOLD}` });
  await client.connect();
  const verdict: Verdict = { name, earth: false, search: false, seqScanOnEvents: false, listMs: 0 };
  try {
    console.log(`\n=== EXPLAIN (ANALYZE, BUFFERS): ${name}  ${urlPath}`);
    for (const q of statements) {
      const kind = kindOf(q.sql);
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, [...q.parameters]);
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      const text = lines.join('\n');
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? Number.NaN);
      if (kind === 'details') {
        console.log(`--- ${kind}: execution ${ms.toFixed(1)} ms (plan left out)`);
        continue;
      }
      verdict.listMs += ms;
      if (/(Index Scan|Bitmap Index Scan|Index Only Scan) (using|on) events_earth_idx/.test(text)) verdict.earth = true;
      if (/(Index Scan|Bitmap Index Scan|Index Only Scan) (using|on) events_search_idx/.test(text)) verdict.search = true;
      if (/Seq Scan on events\b/.test(text)) verdict.seqScanOnEvents = true;
      console.log(`--- ${kind}:`);
      console.log(lines.map((l) => `    ${l}`).join('\n'));
    }
  } finally {
    await client.end();
  }
  return verdict;
}

interface Profile {
  name: string;
  total: number;
  sqlIds: number;
  sqlDetails: number;
  other: number;
  zod: number;
  json: number;
}

/** One request at a time: where the time of one answer goes. */
async function profileCase(deps: AppDeps, captured: { query: CompiledQuery; ms: number }[], name: string, urlPath: string): Promise<Profile> {
  const query = parseQuery(urlPath);
  const runs: Omit<Profile, 'name'>[] = [];
  for (let i = 0; i < PROFILE_RUNS; i += 1) {
    captured.length = 0;
    const a = performance.now();
    const page = await listEvents(deps, null, query);
    const b = performance.now();
    const encoded = z.safeEncode(eventListReplySchema, { data: page });
    const c = performance.now();
    JSON.stringify(encoded.data);
    const d = performance.now();
    const sqlIds = captured.filter((x) => kindOf(x.query.sql) !== 'details').reduce((n, x) => n + x.ms, 0);
    const sqlDetails = captured.filter((x) => kindOf(x.query.sql) === 'details').reduce((n, x) => n + x.ms, 0);
    runs.push({ total: d - a, sqlIds, sqlDetails, other: b - a - sqlIds - sqlDetails, zod: c - b, json: d - c });
  }
  const pick = (key: keyof Omit<Profile, 'name'>) => median(runs.map((r) => r[key]));
  return { name, total: pick('total'), sqlIds: pick('sqlIds'), sqlDetails: pick('sqlDetails'), other: pick('other'), zod: pick('zod'), json: pick('json') };
}

/* ------------------------------------------------------------------ main */

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-').padStart(8);

async function main(): Promise<void> {
  const cleanups: (() => Promise<void>)[] = [];
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

  try {
    log('opening a scratch database');
    const scratch = await openScratchDatabase();
    cleanups.push(() => scratch.drop());
    log(`PostgreSQL ${scratch.version} (${scratch.label}), migrated`);

    const seedStarted = Date.now();
    log(`seeding ${USERS} users, ${EVENTS} events, ~${RESPONSES} responses, ~${LIKES} likes, friendships`);
    await seed(scratch.url);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);

    // The real server, on its own process and event loop.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-bench-data-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const { child: server, base } = await startPlannsServer(scratch.url, dataDir);
    log(`server ready on ${base} (pid ${server.pid})`);

    // The cases, each fetched once first: sizes and totals.
    const fetchCase = async (urlPath: string) => {
      const res = await fetch(`${base}${urlPath}`);
      const body = Buffer.from(await res.arrayBuffer());
      if (!res.ok) throw new Error(`${urlPath} answered ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
      const json = JSON.parse(body.toString('utf8')) as { data: { data: unknown[]; total: number } };
      return { body, count: json.data.data.length, total: json.data.total };
    };
    const noFilter = '/api/events-na';
    const a = await fetchCase(noFilter);
    log(`(a) no filter: ${a.count} events on the page, total ${a.total}, ${a.body.length} bytes`);
    let weekendPath = '';
    let weekend = { body: Buffer.alloc(0), count: 0, total: 0 };
    for (const city of CITIES.slice(0, DENSE)) {
      weekendPath = `/api/events-na?distance=10&current_location[lat]=${city.lat}&current_location[lng]=${city.lng}&preset=weekend&tz=${encodeURIComponent(city.tz)}`;
      weekend = await fetchCase(weekendPath);
      log(`(b) 10 km around ${city.name} this weekend: total ${weekend.total}, ${weekend.body.length} bytes`);
      if (weekend.total > 0) break;
    }
    const searchPath = '/api/events-na?search=jazz';
    const search = await fetchCase(searchPath);
    log(`(c) search=jazz: ${search.count} on the page, total ${search.total}, ${search.body.length} bytes`);

    const loadBefore = os.loadavg()[0]!;
    log(`warm-up: ${WARMUP_S} s over the three cases`);
    await load(base, [noFilter, weekendPath, searchPath], WARMUP_S);

    const results: CaseResult[] = [];
    const probe: CpuProbe = { serverPid: server.pid!, database: new URL(scratch.url).pathname.slice(1) };
    results.push(await runCase('(a) no filter', base, noFilter, a.body.length, probe));
    results.push(await runCase('(b) 10 km, weekend', base, weekendPath, weekend.body.length, probe));
    results.push(await runCase('(c) search=jazz', base, searchPath, search.body.length, probe));
    await stopChild(server);

    // The baseline: a bare node:http server answering (a)'s bytes.
    const { child: baseline, url: baselineUrl } = await startBareServer(a.body, 'application/json; charset=utf-8', dataDir);
    await load(baselineUrl, ['/'], 2);
    results.push(await runCase('(d) bare node:http', baselineUrl, '/', a.body.length, { serverPid: baseline.pid!, database: null }));
    await stopChild(baseline);
    const loadAfter = os.loadavg()[0]!;

    // EXPLAIN and the profile, with the server stopped (nothing else competes for the cores).
    const captured: { query: CompiledQuery; ms: number }[] = [];
    const db = capturingDb(scratch.url, captured);
    cleanups.push(() => db.destroy());
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: scratch.url, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
    const deps: AppDeps = {
      config,
      db,
      clock: systemClock,
      sms: buildSmsProvider(config, systemClock, () => {}),
      storage: buildStorageProvider(config),
      geocoding: buildGeocodingProvider(config),
      payments: buildPaymentsProvider(config, { db, clock: systemClock }),
    };
    const distanceOnly = weekendPath.replace(/&preset=weekend&tz=[^&]*/, '');
    const verdicts = [
      await explainCase(deps, captured, scratch.url, '(a) no filter', noFilter),
      await explainCase(deps, captured, scratch.url, '(b) 10 km, weekend', weekendPath),
      await explainCase(deps, captured, scratch.url, '(b2) 10 km, any date', distanceOnly),
      await explainCase(deps, captured, scratch.url, '(c) search=jazz', searchPath),
    ];
    const profiles = [
      await profileCase(deps, captured, '(a) no filter', noFilter),
      await profileCase(deps, captured, '(b) 10 km, weekend', weekendPath),
      await profileCase(deps, captured, '(c) search=jazz', searchPath),
    ];

    console.log(`\n=== bench:events on PostgreSQL ${scratch.version} (${scratch.label}), ${os.cpus().length} cores, Node ${process.version}`);
    console.log(`seed: ${USERS} users, ${EVENTS} events in ${seedSeconds.toFixed(1)} s`);
    console.log(`machine load average (1 min) before the load ${loadBefore.toFixed(1)}, after ${loadAfter.toFixed(1)}: other work on the machine skews the figures`);
    console.log(`(a) total ${a.total}; (b) total ${weekend.total} (${weekendPath}); (c) total ${search.total}`);
    console.log(`\n${'case'.padEnd(22)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'req/s'.padStart(9)}${'bytes'.padStart(9)}${'non-2xx'.padStart(9)}  p99 <= ${TARGET_P99_MS} ms`);
    for (const r of results) {
      const mark = r.name.startsWith('(d)') ? '(baseline)' : r.p99 <= TARGET_P99_MS ? 'PASS' : 'MISS';
      console.log(
        `${r.name.padEnd(22)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}${r.rps.toFixed(0).padStart(9)}${String(r.bytes).padStart(9)}${String(r.non2xx + r.errors).padStart(9)}  ${mark}`,
      );
    }
    console.log(`\nCPU per answer under load, ms (${os.cpus().length} cores shared by all three):`);
    console.log(`  ${'case'.padEnd(22)}${'server'.padStart(8)}${'postgres'.padStart(10)}${'autocannon'.padStart(12)}`);
    for (const r of results) {
      console.log(`  ${r.name.padEnd(22)}${ms(r.cpu.server)}${ms(r.cpu.pg).padStart(10)}${ms(r.cpu.loader).padStart(12)}`);
    }
    console.log('\nindexes (EXPLAIN ANALYZE of the statements that pick the page and count):');
    for (const v of verdicts) {
      console.log(
        `  ${v.name.padEnd(22)} events_earth_idx: ${v.earth ? 'yes' : 'no '}  events_search_idx: ${v.search ? 'yes' : 'no '}  seq scan on events: ${v.seqScanOnEvents ? 'YES' : 'no'}  SQL ${v.listMs.toFixed(1)} ms`,
      );
    }
    console.log(`\none request at a time (median of ${PROFILE_RUNS}), ms:`);
    console.log(`  ${'case'.padEnd(22)}${'total'.padStart(8)}${'SQL ids'.padStart(9)}${'SQL rows'.padStart(9)}${'present'.padStart(9)}${'zod enc'.padStart(9)}${'JSON'.padStart(8)}`);
    for (const p of profiles) {
      console.log(`  ${p.name.padEnd(22)}${ms(p.total)}${ms(p.sqlIds).padStart(9)}${ms(p.sqlDetails).padStart(9)}${ms(p.other).padStart(9)}${ms(p.zod).padStart(9)}${ms(p.json)}`);
    }
    console.log('  (SQL includes the driver parsing the rows; "present" is the rest of the service: presenter and awaits)');
    log('done');
  } finally {
    if (!interrupted) await cleanup();
  }
}

await main();
process.exit(0);
