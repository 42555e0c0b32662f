/**
 * `npm run bench:media`: what the access check of /media costs (issue 12 §5, decision 0019: public
 * media must stay fast). Figures come from the real server in a child process, local storage.
 *
 * 1. A scratch database (bench-support.ts), migrated, with BENCH_MEDIA_EVENTS events (20,000) that
 *    each have a picture, so the picture lookup has a table to miss its index in; one owner with a
 *    session, a public and a private event.
 * 2. apps/server/src/main.ts in a child process with its own DATA_DIR; a photo uploaded and posted
 *    to each event through the API (WebP, grid size about 10 KB), an avatar file beside them.
 * 3. autocannon, BENCH_CONNECTIONS connections (10), BENCH_SECONDS (10 s) per case: (a) an avatar,
 *    served without a query (what every file cost before the check); (b) the picture of a public
 *    event; (c) a public gallery photo to a visitor; (d) a private event's photo to a signed-in
 *    guest (bearer: the session lookup, then the check); (e) (c) revalidated with If-None-Match (304).
 * 4. EXPLAIN of the two lookups, to show they use their indexes.
 * Prints a table; asserts nothing.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb } from '../apps/server/src/db/database.ts';
import { newEventHash } from '../apps/server/src/modules/events/events.repo.ts';
import { jpegBytes } from '../apps/server/test/media-fixtures.ts';
import { insertBenchUser, log, openScratchDatabase, runBench, startPlannsServer, stopAllChildren, stopChild } from './bench-support.ts';

const EVENTS = Number(process.env.BENCH_MEDIA_EVENTS) || 20_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 10;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;

interface CaseResult {
  name: string;
  status: string;
  rps: number;
  p50: number;
  p99: number;
}

function load(url: string, headers: Record<string, string>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, timeout: 30, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  const scratch = await openScratchDatabase();
  const cleanups: (() => Promise<unknown>)[] = [() => scratch.drop()];
  try {
    log(`database: ${scratch.label}, PostgreSQL ${scratch.version}`);
    const db = createDb(scratch.url, 2);
    const { token, ...owner } = await insertBenchUser(db, 'Bench Owner', '+12025550998');
    const newEvent = (visibility: 'public' | 'private') =>
      db.insertInto('events').values({ hash: newEventHash(), user_id: owner.id, name: `Bench ${visibility}`, start_date: new Date(), visibility }).returning('id').executeTakeFirstOrThrow();
    const publicEvent = await newEvent('public');
    const privateEvent = await newEvent('private');
    await db.destroy();

    // Many events with pictures, written in one statement.
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    cleanups.push(() => client.end());
    await client.query(
      `INSERT INTO events (hash, user_id, name, start_date, visibility, image, m_image)
       SELECT 'b' || lpad(g::text, 9, '0'), $1::bigint, 'Filler ' || g, now() - (g || ' hours')::interval,
              (ARRAY['public', 'private', 'friends'])[1 + g % 3],
              $3::text || g || '-l.webp', $3::text || g || '-m.webp'
       FROM generate_series(1, $2::int) g`,
      [owner.id, EVENTS, `/media/events/${owner.id}/filler`],
    );
    await client.query('ANALYZE events');
    log(`${EVENTS} events with pictures`);

    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-bench-media-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const { child: server, base } = await startPlannsServer(scratch.url, dataDir);
    const auth = { authorization: `Bearer ${token}` };
    const addPhoto = async (eventId: number) => {
      const up = await fetch(`${base}/api/media/uploads?event_id=${eventId}`, { method: 'POST', headers: { ...auth, 'content-type': 'image/jpeg' }, body: await jpegBytes(1600, 1200, { noise: true }) });
      if (!up.ok) throw new Error(`upload answered ${up.status}: ${await up.text()}`);
      const result = ((await up.json()) as { data: { url_m: string } }).data;
      const posted = await fetch(`${base}/api/gallery/${eventId}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ cloudinary_data: result }) });
      if (!posted.ok) throw new Error(`posting answered ${posted.status}: ${await posted.text()}`);
      return result.url_m;
    };
    const publicPhoto = await addPhoto(publicEvent.id);
    const privatePhoto = await addPhoto(privateEvent.id);
    // An avatar and a public event's picture: files under their folders (their bytes: the grid photo's).
    const photoBytes = await fs.readFile(path.join(dataDir, 'media', publicPhoto.slice('/media/'.length)));
    const avatar = `/media/avatars/${owner.id}/bench-m.webp`;
    const picture = `/media/events/${owner.id}/filler${EVENTS - 2}-m.webp`; // a public one (g % 3 == 0)
    for (const url of [avatar, picture]) {
      const file = path.join(dataDir, 'media', url.slice('/media/'.length));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, photoBytes);
    }
    const etag = (await fetch(`${base}${publicPhoto}`)).headers.get('etag') ?? '"none"';

    const cases: [string, string, Record<string, string>][] = [
      ['(a) avatar, no check', avatar, {}],
      ['(b) public event picture', picture, {}],
      ['(c) public gallery photo, visitor', publicPhoto, {}],
      ['(d) private gallery photo, guest', privatePhoto, auth],
      ['(e) (c) revalidated: 304', publicPhoto, { 'if-none-match': etag }],
    ];
    // Warm-up: routes, pool and file cache.
    await load(`${base}${publicPhoto}`, {});
    const results: CaseResult[] = [];
    for (const [name, url, headers] of cases) {
      const check = await fetch(`${base}${url}`, { headers });
      await check.arrayBuffer();
      const r = await load(`${base}${url}`, headers);
      const status = `${check.status}${r.non2xx > 0 && check.status !== 304 ? ` (${r.non2xx} non-2xx)` : ''}`;
      results.push({ name, status, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
      log(`${name}: HTTP ${status}, ${r.requests.average.toFixed(0)} requests/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
    }
    await stopChild(server);

    const explain = async (query: string, params: unknown[]) =>
      (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`, params)).rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
    const pictureLookup = await explain(`SELECT e.user_id, e.visibility FROM events e WHERE e.image = $1 OR e.m_image = $1`, [picture]);
    const galleryLookup = await explain(
      `SELECT u.user_id, u.state, e.user_id, e.visibility, g.user_id, g.approved, g.hidden_at
       FROM media_uploads u JOIN events e ON e.id = u.event_id LEFT JOIN gallery_items g ON g.upload_id = u.id
       WHERE u.id = ANY($1::text[]) AND $2 IN (u.url, u.url_m, u.url_l) LIMIT 1`,
      [[path.basename(publicPhoto, '.webp').replace(/-m$/, '')], publicPhoto],
    );

    console.log('');
    console.log(`GET /media/<key>, one server on ${os.cpus().length} cores, ${CONNECTIONS} connections, ${SECONDS} s per case, local storage, ${photoBytes.length} bytes per file`);
    console.log('| case | answer | requests/s | p50 ms | p99 ms |');
    console.log('|---|---|---|---|---|');
    for (const r of results) console.log(`| ${r.name} | ${r.status} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`);
    console.log('');
    console.log(`Event picture lookup (${EVENTS} events):\n${pictureLookup}`);
    console.log(`Gallery file lookup:\n${galleryLookup}`);
  } finally {
    await stopAllChildren();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

runBench(main);
