/**
 * `npm run bench:media`: what the access check of /media costs (issue 12 §5, decision 0019: public
 * media must stay fast). Figures come from the real server in a child process, local storage.
 *
 * 1. A scratch database (bench-support.ts), migrated, with BENCH_MEDIA_EVENTS events (20,000) that
 *    each have a picture, so the picture lookup has a table to miss its index in; one owner with a
 *    session, a public and a private event.
 * 2. apps/server/src/main.ts in a child process with its own DATA_DIR; one photo uploaded and
 *    posted through the API (WebP, grid size about 10 KB), then BENCH_MEDIA_FILES (200) files per
 *    case with those bytes: avatars of 200 people, pictures of 200 public events, 200 approved
 *    photos in the galleries of 200 public events, 200 in private events a guest goes to (rows
 *    written straight into the tables).
 * 3. autocannon, BENCH_CONNECTIONS connections (10), BENCH_SECONDS (10 s) per case, each request
 *    taking the next of its case's 200 URLs (no URL is asked twice in a row, so no per-URL state
 *    helps): (a) avatars, served without a query (what every file cost before the check); (b)
 *    pictures of public events; (c) public gallery photos to a visitor; (d) private events' photos
 *    to a signed-in guest (bearer: the session lookup, then the check); (e) (c) revalidated with
 *    If-None-Match (304); (f) a bare node:http server (another child) answering the same bytes.
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
import { newUploadId } from '../apps/server/src/modules/gallery/upload-files.ts';
import { jpegBytes } from '../apps/server/test/media-fixtures.ts';
import { type BenchRun, insertBenchUser, log, runBench, startBareServer, startPlannsServer, stopChild } from './bench-support.ts';

const EVENTS = Number(process.env.BENCH_MEDIA_EVENTS) || 20_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 10;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const FILES = Number(process.env.BENCH_MEDIA_FILES) || 200;

interface CaseResult {
  name: string;
  status: string;
  rps: number;
  p50: number;
  p99: number;
}

/** Load on `base`, each request taking the next path (and its headers) in turn. */
function load(base: string, targets: { path: string; headers: Record<string, string> }[]): Promise<autocannon.Result> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 30,
        requests: [
          {
            setupRequest: (request) => {
              const target = targets[next++ % targets.length]!;
              return { ...request, path: target.path, headers: { ...request.headers, ...target.headers } };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function main({ scratch, cleanups }: BenchRun) {
  const db = createDb(scratch.url, 2);
  const { token, ...owner } = await insertBenchUser(db, 'Bench Owner', '+12025550998');
  const guest = await insertBenchUser(db, 'Bench Guest', '+12025550997');
  const newEvent = (visibility: 'public' | 'private') =>
    db.insertInto('events').values({ hash: newEventHash(), user_id: owner.id, name: `Bench ${visibility}`, start_date: new Date(), visibility }).returning('id').executeTakeFirstOrThrow();
  const firstEvent = await newEvent('public');
  const galleryEvents = { public: [] as number[], private: [] as number[] };
  for (let i = 0; i < FILES; i += 1) {
    for (const visibility of ['public', 'private'] as const) galleryEvents[visibility].push((await newEvent(visibility)).id);
  }
  await db
    .insertInto('event_users')
    .values(galleryEvents.private.map((event_id) => ({ event_id, user_id: guest.id, status: 'going' as const, companions_amount: 0 })))
    .execute();

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
  // One photo through the real pipeline; its grid-size bytes are the bytes of every file below.
  const up = await fetch(`${base}/api/media/uploads?event_id=${firstEvent.id}`, { method: 'POST', headers: { ...auth, 'content-type': 'image/jpeg' }, body: await jpegBytes(1600, 1200, { noise: true }) });
  if (!up.ok) throw new Error(`upload answered ${up.status}: ${await up.text()}`);
  const uploaded = ((await up.json()) as { data: { url_m: string } }).data;
  const posted = await fetch(`${base}/api/gallery/${firstEvent.id}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ cloudinary_data: uploaded }) });
  if (!posted.ok) throw new Error(`posting answered ${posted.status}: ${await posted.text()}`);
  const photoBytes = await fs.readFile(path.join(dataDir, 'media', uploaded.url_m.slice('/media/'.length)));
  const writeFile = async (url: string) => {
    const file = path.join(dataDir, 'media', url.slice('/media/'.length));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, photoBytes);
    return url;
  };

  // Approved photos in the galleries of the public and of the private events, as the API stores them.
  const galleryUrls = async (eventIds: number[]) => {
    const rows = eventIds.map((event_id) => {
      const id = newUploadId();
      const url = (size: string) => `/media/gallery/${event_id}/${id}${size}.webp`;
      return { id, event_id, url: url(''), url_m: url('-m'), url_l: url('-l') };
    });
    const dbw = createDb(scratch.url, 1);
    await dbw
      .insertInto('media_uploads')
      .values(rows.map((r) => ({ ...r, user_id: owner.id, state: 'posted' as const, resource_type: 'image' as const, format: 'webp', width: 640, height: 480, bytes: photoBytes.length })))
      .execute();
    await dbw
      .insertInto('gallery_items')
      .values(rows.map((r) => ({ event_id: r.event_id, user_id: owner.id, upload_id: r.id, type: 'image', url: r.url, url_m: r.url_m, url_l: r.url_l, width: 640, height: 480, approved: true })))
      .execute();
    await dbw.destroy();
    return Promise.all(rows.map((r) => writeFile(r.url_m)));
  };
  const avatars = await Promise.all(Array.from({ length: FILES }, (_, i) => writeFile(`/media/avatars/${100_000 + i}/bench-m.webp`)));
  // Public filler events: g % 3 == 0.
  const pictures = await Promise.all(Array.from({ length: FILES }, (_, i) => writeFile(`/media/events/${owner.id}/filler${3 * (i + 1)}-m.webp`)));
  const publicPhotos = await galleryUrls(galleryEvents.public);
  const privatePhotos = await galleryUrls(galleryEvents.private);
  const etags = await Promise.all(publicPhotos.map(async (url) => (await fetch(`${base}${url}`)).headers.get('etag') ?? '"none"'));
  log(`${FILES} files per case`);

  const targets = (urls: string[], headers: (i: number) => Record<string, string> = () => ({})) => urls.map((url, i) => ({ path: url, headers: headers(i) }));
  const guestAuth = { authorization: `Bearer ${guest.token}` };
  const cases: [string, { path: string; headers: Record<string, string> }[]][] = [
    ['(a) avatars, no check', targets(avatars)],
    ['(b) public event pictures', targets(pictures)],
    ['(c) public gallery photos, visitor', targets(publicPhotos)],
    ['(d) private events\' photos, guest', targets(privatePhotos, () => guestAuth)],
    ['(e) (c) revalidated: 304', targets(publicPhotos, (i) => ({ 'if-none-match': etags[i]! }))],
  ];
  // Warm-up: routes, pool and file cache.
  await load(base, cases[2]![1]);
  const results: CaseResult[] = [];
  for (const [name, caseTargets] of cases) {
    const check = await fetch(`${base}${caseTargets[0]!.path}`, { headers: caseTargets[0]!.headers });
    await check.arrayBuffer();
    const r = await load(base, caseTargets);
    const status = `${check.status}${r.non2xx > 0 && check.status !== 304 ? ` (${r.non2xx} non-2xx)` : ''}`;
    results.push({ name, status, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    log(`${name}: HTTP ${status}, ${r.requests.average.toFixed(0)} requests/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
  }
  await stopChild(server);
  const bare = await startBareServer(photoBytes, 'image/webp', dataDir);
  await load(bare.url, [{ path: '/', headers: {} }]);
  const r = await load(bare.url, [{ path: '/', headers: {} }]);
  results.push({ name: '(f) bare node:http, same bytes', status: '200', rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
  log(`(f) bare node:http: ${r.requests.average.toFixed(0)} requests/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
  await stopChild(bare.child);

  const explain = async (query: string, params: unknown[]) =>
    (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`, params)).rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
  const pictureLookup = await explain(`SELECT e.user_id, e.visibility FROM events e WHERE e.image = $1 OR e.m_image = $1`, [pictures[0]]);
  const galleryLookup = await explain(
    `SELECT u.user_id, u.state, e.user_id, e.visibility, g.user_id, g.approved, g.hidden_at
     FROM media_uploads u JOIN events e ON e.id = u.event_id LEFT JOIN gallery_items g ON g.upload_id = u.id
     WHERE u.id = ANY($1::text[]) AND $2 IN (u.url, u.url_m, u.url_l) LIMIT 1`,
    [[path.basename(publicPhotos[0]!, '.webp').replace(/-m$/, '')], publicPhotos[0]],
  );

  console.log('');
  console.log(
    `GET /media/<key>, one server on ${os.cpus().length} cores, ${CONNECTIONS} connections, ${SECONDS} s per case, local storage, ${FILES} files per case taken in turn, ${photoBytes.length} bytes per file`,
  );
  console.log('| case | answer | requests/s | p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.name} | ${r.status} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`);
  console.log('');
  console.log(`Event picture lookup (${EVENTS} events):\n${pictureLookup}`);
  console.log(`Gallery file lookup:\n${galleryLookup}`);
}

runBench(main);
