/**
 * What the benchmarks share (bench-events, bench-realtime): a log line with the elapsed time, the
 * scratch database, child processes on this Node, and CPU time and memory from /proc (Linux).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded-postgres.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { hashToken, newToken } from '../apps/server/src/modules/auth/tokens.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { buildCalendarProvider, buildGeocodingProvider, buildPaymentsProvider, buildSmsProvider, buildStorageProvider } from '../apps/server/src/providers/build-providers.ts';
import { systemClock } from '../apps/server/src/providers/clock.ts';
import { missingMallocSettings } from './malloc-settings.ts';

export const root = path.resolve(import.meta.dirname, '..');

const t0 = Date.now();
export const log = (msg: string) => console.log(`[bench ${((Date.now() - t0) / 1000).toFixed(1)} s] ${msg}`);

/* ------------------------------------------------------------------ the scratch database */

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface Scratch {
  url: string;
  label: string;
  version: string;
  drop(): Promise<void>;
}

/**
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL): a uniquely named database is created there and dropped
 * by drop() (kept with BENCH_KEEP=1); else an embedded, ephemeral PostgreSQL in a temporary folder.
 * Migrated.
 */
export async function openScratchDatabase(): Promise<Scratch> {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  let tmpDir: string | undefined;
  let adminUrl = given;
  if (!adminUrl) {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-bench-pg-'));
    await fs.chmod(tmpDir, 0o755);
    embedded = await startEmbeddedPostgres({ dir: tmpDir, ephemeral: true });
    adminUrl = embedded.adminUrl;
  }
  const name = `planns_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '?';
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  // The last resort for the folder: a signal to the whole process group (Ctrl-C) also stops the
  // embedded PostgreSQL, and embedded-postgres's own exit hook may end this process first.
  const removeOnExit = () => {
    if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
  };
  if (tmpDir) process.on('exit', removeOnExit);
  const url = withDatabase(adminUrl, name);
  await migrate(url);
  return {
    url,
    label: embedded ? 'embedded, ephemeral' : 'BENCH_DATABASE_URL',
    version,
    drop: async () => {
      if (given && process.env.BENCH_KEEP === '1') {
        log(`BENCH_KEEP=1: the database is kept: ${url.replace(/:[^:@/]*@/, ':***@')}`);
        return;
      }
      try {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await c.end();
        }
      } catch (err) {
        // An embedded PostgreSQL may already be down (a Ctrl-C reaches the whole process group):
        // its folder goes below, database and all.
        if (!embedded) throw err;
      } finally {
        // stop() waits for an exit event that never comes when PostgreSQL is already down.
        if (embedded) await Promise.race([embedded.stop().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
        if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
        process.off('exit', removeOnExit);
      }
    },
  };
}

/** The services' dependencies in a bench's own process, on the scratch database at `url` through `db` (production settings; `env` adds to them). */
export function serviceDeps(url: string, dataDir: string, db: Db, env: Record<string, string> = {}): AppDeps {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });
  return {
    config,
    db,
    clock: systemClock,
    sms: buildSmsProvider(config, systemClock, () => {}),
    storage: buildStorageProvider(config),
    geocoding: buildGeocodingProvider(config),
    payments: buildPaymentsProvider(config, { db, clock: systemClock }),
    calendar: buildCalendarProvider(config),
  };
}

/* ------------------------------------------------------------------ child processes */

const children = new Set<ChildProcess>();

export interface ChildOptions {
  /** An IPC channel (process.send / 'message'), with structured-clone serialization (typed arrays). */
  ipc?: boolean;
}

/** `node <args>` from the repository root with these variables added; stderr is shown. */
export function startChild(args: string[], env: Record<string, string>, options: ChildOptions = {}): ChildProcess {
  const stdio: ('ignore' | 'inherit' | 'ipc')[] = ['ignore', 'ignore', 'inherit', ...(options.ipc ? (['ipc'] as const) : [])];
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio, ...(options.ipc ? { serialization: 'advanced' as const } : {}) });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child).catch(() => {})));
}

export async function waitForOk(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    const ok = await fetch(url).then((r) => r.ok).catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/* ------------------------------------------------------------------ /proc */

const TICKS_PER_S = 100; // USER_HZ

/** CPU time (user + system) a process has used so far, in ms; null when it is gone. */
export async function cpuMsOfPid(pid: number): Promise<number | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S; // utime + stime
  } catch {
    return null;
  }
}

/** The PostgreSQL backends connected to this database (their process title names it). */
export async function backendPids(database: string): Promise<number[]> {
  const pids: number[] = [];
  const entries = await fs.readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.startsWith('postgres: ') && cmdline.includes(` ${database} `)) pids.push(Number(entry));
  }
  return pids;
}

/** Resident memory now and at its peak, in MiB; null when the process is gone. */
export async function memoryOfPid(pid: number): Promise<{ rss: number; peak: number } | null> {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/**
 * The real server (apps/server/src/main.ts) in a child process on a free port, with its own data
 * folder in the given database: no demo data, no Redis, no rate limit in the way. Answers once
 * /api/health says ok.
 */
export async function startPlannsServer(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; base: string }> {
  const port = await findFreePort();
  const child = startChild(['apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    RATE_LIMIT_MAX: '1000000000',
    // As `npm start` runs it (scripts/start.ts).
    ...missingMallocSettings(),
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, child, 'the server');
  return { child, base };
}

/** A signed-in person written straight into the tables (no SMS sign-in): the id and a bearer token for a day. */
export async function insertBenchUser(db: Db, name: string, phone: string): Promise<{ id: number; token: string }> {
  const user = await db.insertInto('users').values({ name, phone, terms_accepted_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  const token = newToken();
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: user.id, created_at: now, last_seen_at: now, expires_at: new Date(now.getTime() + 86_400_000), user_agent: 'bench', ip: null })
    .execute();
  return { id: user.id, token };
}

/** A live session (bearer token, a day long) for each of `userIds`, in one statement: the tokens, in the same order. */
export async function insertSessions(db: Db, userIds: readonly number[], userAgent: string): Promise<string[]> {
  const tokens = userIds.map(() => newToken());
  const at = new Date();
  await db
    .insertInto('sessions')
    .values(userIds.map((id, i) => ({ token_hash: hashToken(tokens[i]!), user_id: id, created_at: at, last_seen_at: at, expires_at: new Date(at.getTime() + 86_400_000), user_agent: userAgent, ip: null })))
    .execute();
  return tokens;
}

/** What a bench's body gets: its scratch database, and what to undo when it ends (run in reverse). */
export interface BenchRun {
  scratch: Scratch;
  cleanups: (() => Promise<unknown>)[];
}

/**
 * Runs a bench: opens its scratch database, runs the body, then stops every child it started and
 * runs its cleanups (the scratch database's drop last), however the body ended. Exits 0 when the
 * body printed its figures, 1 (with the error) when it could not set up.
 */
export function runBench(body: (run: BenchRun) => Promise<void>): void {
  const run = async () => {
    const scratch = await openScratchDatabase();
    const cleanups: (() => Promise<unknown>)[] = [() => scratch.drop()];
    try {
      log(`database: ${scratch.label}, PostgreSQL ${scratch.version}`);
      await body({ scratch, cleanups });
    } finally {
      await stopAllChildren();
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    }
  };
  run().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

const BARE_SERVER = `
import fs from 'node:fs';
import http from 'node:http';
const body = fs.readFileSync(process.env.BODY_FILE);
const extra = process.env.HEADERS_FILE ? JSON.parse(fs.readFileSync(process.env.HEADERS_FILE, 'utf8')) : {};
http
  .createServer((_req, res) => {
    res.writeHead(200, { ...extra, 'content-type': process.env.CONTENT_TYPE, 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

/**
 * The baseline of a bench: a bare node:http server in a child process of its own, answering every
 * request with these bytes (written to `dir`), for a figure of the same bytes in the same run.
 */
export async function startBareServer(
  body: Buffer | string,
  contentType: string,
  dir: string,
  headers?: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const bodyFile = path.join(dir, 'baseline-body');
  await fs.writeFile(bodyFile, body);
  // `headers`: sent too (the answer's own headers, for a baseline of the same bytes on the wire).
  const headersFile = path.join(dir, 'baseline-headers.json');
  if (headers) await fs.writeFile(headersFile, JSON.stringify(headers));
  const port = await findFreePort();
  const child = startChild(['--input-type=module', '-e', BARE_SERVER], {
    PORT: String(port),
    BODY_FILE: bodyFile,
    CONTENT_TYPE: contentType,
    ...(headers ? { HEADERS_FILE: headersFile } : {}),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(url, child, 'the baseline server');
  return { child, url };
}

/** One answer of a rotating bare server: its body and the headers of its own (content-encoding, say). */
export interface BareAnswer {
  body: Buffer;
  headers?: Record<string, string>;
}

const BARE_ROTATING_SERVER = `
import fs from 'node:fs';
import http from 'node:http';
const all = fs.readFileSync(process.env.BODIES_FILE);
const index = JSON.parse(fs.readFileSync(process.env.INDEX_FILE, 'utf8'));
const common = JSON.parse(fs.readFileSync(process.env.HEADERS_FILE, 'utf8'));
const answers = index.map((a) => ({ body: all.subarray(a.offset, a.offset + a.length), headers: { ...common, ...a.headers, 'content-type': process.env.CONTENT_TYPE, 'content-length': a.length } }));
let next = 0;
http
  .createServer((req, res) => {
    const m = /[?&]i=(\\d+)/.exec(req.url);
    const answer = answers[(m ? Number(m[1]) : next++) % answers.length];
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

let bareRotatingServers = 0;

/**
 * The baseline of a bench whose requests rotate over many answers: a bare node:http server in a
 * child process of its own answering `/?i=N` with answer N (modulo their number), and any other
 * path with the next answer in turn. `headers` are sent with every answer, each answer's own after
 * them. For a figure of the same bytes in the same run as a rotating set of real requests.
 */
export async function startBareRotatingServer(
  answers: readonly (Buffer | BareAnswer)[],
  contentType: string,
  dir: string,
  headers: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  if (answers.length === 0) throw new Error('startBareRotatingServer: no answers to serve');
  const n = (bareRotatingServers += 1);
  const bodiesFile = path.join(dir, `baseline-rotating-${n}.bin`);
  const indexFile = path.join(dir, `baseline-rotating-${n}.json`);
  const headersFile = path.join(dir, `baseline-rotating-${n}-headers.json`);
  const index: { offset: number; length: number; headers: Record<string, string> }[] = [];
  let offset = 0;
  const bodies = answers.map((a) => {
    const answer = Buffer.isBuffer(a) ? { body: a } : a;
    index.push({ offset, length: answer.body.length, headers: answer.headers ?? {} });
    offset += answer.body.length;
    return answer.body;
  });
  await fs.writeFile(bodiesFile, Buffer.concat(bodies));
  await fs.writeFile(indexFile, JSON.stringify(index));
  await fs.writeFile(headersFile, JSON.stringify(headers));
  const port = await findFreePort();
  const child = startChild(['--input-type=module', '-e', BARE_ROTATING_SERVER], {
    PORT: String(port),
    BODIES_FILE: bodiesFile,
    INDEX_FILE: indexFile,
    HEADERS_FILE: headersFile,
    CONTENT_TYPE: contentType,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(url, child, 'the rotating baseline server');
  return { child, url };
}

/**
 * The whole machine from /proc/stat (all cores, in jiffies): busy, total and steal (time the
 * hypervisor gave these cores to other machines); and the CPU pressure stall total in µs
 * (/proc/pressure/cpu, "some"). Two snapshots make a phase's figures.
 */
export async function machineSnapshot(): Promise<{ busy: number; total: number; steal: number; stallUs: number }> {
  const stat = await fs.readFile('/proc/stat', 'utf8').catch(() => '');
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = (/^cpu\s+(.*)$/m.exec(stat)?.[1] ?? '').split(/\s+/).map(Number);
  const pressure = await fs.readFile('/proc/pressure/cpu', 'utf8').catch(() => '');
  const stallUs = Number(/^some .*total=(\d+)/m.exec(pressure)?.[1] ?? Number.NaN);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait, steal, stallUs };
}
