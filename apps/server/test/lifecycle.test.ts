import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort, isAlive, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

/**
 * The real server process (node apps/server/src/main.ts, or `npm start` as a process manager and
 * a terminal run it) with its embedded PostgreSQL: restart after SIGKILL (and the upload temporary
 * files it left), draining on SIGTERM, stopping on signals to npm, and one server per data folder.
 * Each case has a data folder (and so a cluster) of its own; none of them uses the test run's database.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = 'apps/server/src/main.ts';
const TIMEOUT = 60_000;
/** Variables that would change what these cases run against (a real database, Redis, Twilio...). */
const CONFIG_VARIABLES = [
  'DATABASE_URL',
  'REDIS_URL',
  'PUBLIC_URL',
  'HOST',
  'SMS_PROVIDER',
  'OTP_LENGTH',
  'TRUST_PROXY',
  'STORAGE_PROVIDER',
  'SESSION_DAYS',
];

interface Server {
  /** node main.ts, or npm (`npm start`, in a process group of its own). */
  child: ChildProcess;
  port: number;
  base: string;
  dataDir: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
  stderr: () => string;
}

const servers: Server[] = [];
const dirs: string[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  // The embedded PostgreSQL runs as the postgres user when the tests run as root.
  await fs.chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}

const webDir = await tempDir('planns-lc-web-');
await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>planns lifecycle</title>');

/**
 * A free port below Linux's ephemeral range (32768 and up): the server's embedded PostgreSQL takes
 * a port the system gives (findFreePort, listen on 0), which could be one the test had found free
 * for the server and given back, and the server's listen then failed with EADDRINUSE.
 */
async function freeServerPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  return findFreePort();
}

async function startServer(dataDir: string, { npm = false, logLevel = 'warn', port = 0 } = {}): Promise<Server> {
  port ||= await freeServerPort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of CONFIG_VARIABLES) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: logLevel,
    WEB_DIST_DIR: webDir,
  });
  // npm in a process group of its own, as a terminal runs a command: a signal to the group is a Ctrl-C.
  const child = npm
    ? spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const server: Server = { child, port, base: `http://127.0.0.1:${port}`, dataDir, exited, output: () => `${out}${err}`, stderr: () => err };
  servers.push(server);
  return server;
}

function running(server: Server): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function healthStatus(server: Server): Promise<number | null> {
  try {
    const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

/** Polls GET /api/health until it answers 200; fails early with the output if the server exits. */
async function waitForHealth(server: Server, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (!running(server)) throw new Error(`the server exited before it was healthy:\n${server.output()}`);
    if ((await healthStatus(server)) === 200) return Date.now() - started;
    await sleep(150);
  }
  throw new Error(`no healthy answer within ${ms} ms:\n${server.output()}`);
}

/** Waits until the server's output (stdout and stderr) contains `text`. */
async function waitForOutput(server: Server, text: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!server.output().includes(text)) {
    if (Date.now() > until) throw new Error(`no "${text}" within ${ms} ms:\n${server.output()}`);
    await sleep(50);
  }
}

async function api(server: Server, method: string, url: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(server.base + url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, text, json: (text ? JSON.parse(text) : null) as unknown };
}

/** The whole phone sign-up over HTTP, reading the code from the dev outbox. */
async function signUp(server: Server, phone: string): Promise<{ token: string; userId: number }> {
  const sent = await api(server, 'POST', '/api/send-code', { body: { to: phone } });
  expect(sent.status, sent.text).toBe(200);
  const outbox = (await api(server, 'GET', '/api/dev/outbox')).json as { data: { to: string; body: string }[] };
  const code = outbox.data.find((m) => m.to === phone)?.body.match(/\d{6}/)?.[0];
  expect(code).toBeDefined();
  const checked = await api(server, 'POST', '/api/check-code', { body: { to: phone, code } });
  expect(checked.status, checked.text).toBe(200);
  const { approval_token } = checked.json as { approval_token: string };
  const created = await api(server, 'POST', '/api/auth-create', { body: { phone, approval_token } });
  expect(created.status, created.text).toBe(200);
  const { data } = created.json as { data: { token: string; user: { id: number } } };
  return { token: data.token, userId: data.user.id };
}

/** The pid in DATA_DIR/pg/postmaster.pid, or null. */
async function postgresPid(dataDir: string): Promise<number | null> {
  const text = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await sleep(50);
  }
  return check();
}

async function waitUntilAsync(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

async function isPostgres(pid: number): Promise<boolean> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.includes('postgres');
}

/** A process as /proc/<pid>/stat shows it; null when there is none or it is a zombie (gone). */
async function procInfo(pid: number): Promise<{ ppid: number; startTime: string } | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after "pid (comm) ": state, ppid, ... starttime is the 22nd field of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields.length < 20 || fields[0] === 'Z') return null;
  return { ppid: Number(fields[1]), startTime: fields[19]! };
}

/** A process's identity: its pid and start time (a pid alone may be reused). */
type Proc = `${number}@${string}`;

async function procId(pid: number): Promise<Proc | null> {
  const info = await procInfo(pid);
  return info ? `${pid}@${info.startTime}` : null;
}

/** `pid` and the live processes under it (children, grandchildren...). */
async function processTree(pid: number): Promise<Proc[]> {
  const parents = new Map<number, number>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = await procInfo(Number(entry));
    if (info) parents.set(Number(entry), info.ppid);
  }
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) for (const [child, ppid] of parents) if (ppid === pids[i]) pids.push(child);
  return (await Promise.all(pids.map(procId))).filter((id) => id !== null);
}

/** Live processes that run with DATA_DIR=dataDir (the server, PostgreSQL and its workers inherit it). */
async function processesOn(dataDir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const environ = await fs.readFile(`/proc/${entry}/environ`, 'utf8').catch(() => '');
    if (environ.split('\0').includes(`DATA_DIR=${dataDir}`) && (await procInfo(Number(entry))) !== null) found.push(Number(entry));
  }
  return found;
}

afterAll(async () => {
  // Whatever a failed case left running: the servers, then the clusters they leave behind.
  for (const server of servers) if (running(server)) server.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => within(s.exited, 5000, 'server exit').catch(() => {})));
  // A server that outlived its npm: found by its DATA_DIR, never by a pid that may have been reused.
  for (const dir of dirs) {
    for (const pid of await processesOn(dir)) if (!(await isPostgres(pid))) process.kill(pid, 'SIGKILL');
  }
  for (const dir of dirs) {
    const pid = await postgresPid(dir);
    if (pid && isAlive(pid) && (await isPostgres(pid))) {
      process.kill(pid, 'SIGQUIT');
      if (!(await waitUntil(() => !isAlive(pid), 5000))) process.kill(pid, 'SIGKILL');
    }
  }
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/**
 * A POST whose body is held back: the server has the request in flight until `finish()` sends
 * the rest (or for good, when it is never called). The server must log at debug level (its
 * 'incoming request' line).
 */
async function heldRequest(server: Server) {
  const body = JSON.stringify({ to: '+12025550145' });
  const request = http.request({
    host: '127.0.0.1',
    port: server.port,
    path: '/api/send-code',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    request.on('error', reject);
  });
  answer.catch(() => {}); // a request never finished is torn down with its server
  request.write(body.slice(0, 5));
  // The server has the request (its 'incoming request' line, at debug) and waits for the rest of its body.
  await waitForOutput(server, '"url":"/api/send-code"', 10_000);
  return { answer, finish: () => request.end(body.slice(5)) };
}

/**
 * After a stop: nothing of the tree is left, the data folder is let go, and its PostgreSQL was
 * shut down cleanly (a fresh start of the cluster finds it so, with no recovery to run).
 */
async function expectStoppedCleanly(server: Server, tree: Proc[]): Promise<void> {
  const left = async () => {
    const live = await Promise.all(tree.map(async (id) => ((await procId(Number.parseInt(id, 10))) === id ? [id] : [])));
    const onDataDir = await Promise.all((await processesOn(server.dataDir)).map(procId));
    return [...new Set([...live.flat(), ...onDataDir])];
  };
  const until = Date.now() + 10_000;
  while ((await left()).length > 0 && Date.now() < until) await sleep(100);
  expect(await left(), server.output()).toEqual([]);
  expect(await healthStatus(server)).toBeNull();
  for (const file of ['server.pid', 'postgres-url', 'pg/postmaster.pid']) {
    await expect(fs.access(path.join(server.dataDir, file)), file).rejects.toMatchObject({ code: 'ENOENT' });
  }
  const log: string[] = [];
  const cluster = await startEmbeddedPostgres({ dir: server.dataDir, log: (line) => log.push(line) });
  await cluster.stop();
  expect(log.join('\n')).toMatch(/database system was shut down at/);
  expect(log.join('\n')).not.toMatch(/not properly shut down|automatic recovery|orphaned/);
}

/** `npm start`, healthy, with the pids of its tree (npm, the server, PostgreSQL and its workers). */
async function startWithNpm(): Promise<{ server: Server; tree: Proc[] }> {
  const server = await startServer(await tempDir('planns-lc-npm-'), { npm: true, logLevel: 'debug' });
  await waitForHealth(server, 45_000);
  const tree = await processTree(server.child.pid!);
  const serverPid = Number(await fs.readFile(path.join(server.dataDir, 'server.pid'), 'utf8'));
  const pgPid = await postgresPid(server.dataDir);
  const pids = tree.map((id) => Number.parseInt(id, 10));
  expect(pids).toContain(serverPid);
  expect(pids).toContain(pgPid);
  return { server, tree };
}

/** A large but valid PNG (random pixels barely compress): a few MB, under the 10 MB avatar limit. */
async function largePng(): Promise<Buffer> {
  const width = 1700;
  const height = 1300;
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

describe('the server process', () => {
  it(
    'comes back after SIGKILL on the same data folder, with its data',
    async () => {
      const dataDir = await tempDir('planns-lc-data-');
      const first = await startServer(dataDir);
      await waitForHealth(first, 45_000);
      const user = await signUp(first, '+12025550142');

      const orphan = await postgresPid(dataDir);
      expect(orphan).not.toBeNull();
      first.child.kill('SIGKILL');
      expect(await within(first.exited, 10_000, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      // Nobody stopped the database: it is left running, without its server.
      expect(await isPostgres(orphan!)).toBe(true);
      expect(isAlive(orphan!)).toBe(true);

      const second = await startServer(dataDir);
      const tookMs = await waitForHealth(second, 30_000);
      expect(tookMs).toBeLessThan(30_000);
      // The new start stopped the orphan and runs a cluster of its own on the same files.
      expect(await waitUntil(() => !isAlive(orphan!), 5000)).toBe(true);
      const current = await postgresPid(dataDir);
      expect(current).not.toBeNull();
      expect(current).not.toBe(orphan);
      expect(await fs.readFile(path.join(dataDir, 'server.pid'), 'utf8')).toBe(String(second.child.pid));

      // Written before the kill, still there: the user and the session.
      const me = await api(second, 'GET', '/api/user', { token: user.token });
      expect(me.status, me.text).toBe(200);
      expect((me.json as { data: { id: number; phone: string } }).data).toMatchObject({ id: user.userId, phone: '+12025550142' });
    },
    TIMEOUT,
  );

  it(
    'drains on SIGTERM: an upload in flight completes, then the server and its database stop',
    async () => {
      const dataDir = await tempDir('planns-lc-data-');
      const server = await startServer(dataDir);
      await waitForHealth(server, 45_000);
      const user = await signUp(server, '+12025550143');
      const pgPid = await postgresPid(dataDir);
      expect(pgPid).not.toBeNull();

      const png = await largePng();
      expect(png.length).toBeGreaterThan(3 * 1024 * 1024);
      expect(png.length).toBeLessThan(10 * 1024 * 1024);
      const body = JSON.stringify({ extension: 'png', base64: png.toString('base64') });

      // A keep-alive client, as a browser is: the server must still let go of the connection.
      const agent = new http.Agent({ keepAlive: true });
      let sigtermAt = 0;
      try {
        const answer = await new Promise<{ status: number; body: string; connection: string | undefined; at: number }>((resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port: server.port,
              path: `/api/users/${user.userId}/avatar`,
              method: 'PUT',
              agent,
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                authorization: `Bearer ${user.token}`,
              },
            },
            (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => (text += chunk));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection, at: Date.now() }));
              res.on('error', reject);
            },
          );
          request.on('error', reject);
          // The whole request is written: SIGTERM a few ms later, while the server decodes and resizes it.
          request.end(body, () => {
            setTimeout(() => {
              sigtermAt = Date.now();
              server.child.kill('SIGTERM');
            }, 5);
          });
        });

        expect(sigtermAt).toBeGreaterThan(0);
        // The answer came after the signal: the request was in flight when it arrived.
        expect(answer.at).toBeGreaterThan(sigtermAt);
        expect(answer.status, answer.body).toBe(200);
        const { data } = JSON.parse(answer.body) as { data: { id: number; avatar: string | null } };
        expect(data.id).toBe(user.userId);
        expect(data.avatar).toMatch(new RegExp(`^/media/avatars/${user.userId}/[A-Za-z0-9_-]+-l\\.webp$`));
        await expect(fs.stat(path.join(dataDir, 'media', data.avatar!.slice('/media/'.length)))).resolves.toBeTruthy();

        // The keep-alive connection does not hold the exit (main.ts force-exits with 1 after 20 s).
        const exit = await within(server.exited, 20_000, 'exit after SIGTERM');
        expect(exit, server.output()).toEqual({ code: 0, signal: null });
        expect(Date.now() - sigtermAt).toBeLessThan(20_000);
        // It told the client so: the connection closes after the last answer.
        expect(answer.connection).toBe('close');
      } finally {
        agent.destroy();
      }
      // It stopped its PostgreSQL and gave up the data folder.
      expect(await waitUntil(() => !isAlive(pgPid!), 2000)).toBe(true);
      await expect(fs.access(path.join(dataDir, 'server.pid'))).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(fs.access(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toMatchObject({ code: 'ENOENT' });
    },
    TIMEOUT,
  );

  it(
    'removes at start the upload temporary files a killed server left in DATA_DIR/tmp, and nothing else there',
    async () => {
      const dataDir = await tempDir('planns-lc-data-');
      const first = await startServer(dataDir);
      await waitForHealth(first, 45_000);
      const user = await signUp(first, '+12025550145');
      const created = await api(first, 'POST', '/api/events/create', {
        token: user.token,
        body: { name: 'Picnic', start_date: '2026-03-01 18:00:00', address: 'Carrer Gran 1, Barcelona', lat: 41.4, lng: 2.17 },
      });
      expect(created.status, created.text).toBe(200);
      const eventId = (created.json as { data: { id: number } }).data.id;

      // An upload half sent when the server is killed: its body is in DATA_DIR/tmp, and stays there.
      const photo = await sharp(crypto.randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } }).jpeg().toBuffer();
      const request = http.request({
        host: '127.0.0.1',
        port: first.port,
        path: `/api/media/uploads?event_id=${eventId}`,
        method: 'POST',
        headers: { 'content-type': 'image/jpeg', 'content-length': photo.length, authorization: `Bearer ${user.token}` },
      });
      request.on('error', () => {}); // the server dies under it
      request.write(photo.subarray(0, 64 * 1024));
      const tmp = path.join(dataDir, 'tmp');
      const uploadFiles = async () => (await fs.readdir(tmp).catch(() => [] as string[])).filter((name) => name.startsWith('upload-'));
      // Created and written to (on a busy machine the file can exist a moment before its first bytes).
      const written = async () => {
        const files = await uploadFiles();
        if (files.length !== 1) return false;
        const stat = await fs.stat(path.join(tmp, files[0]!)).catch(() => null);
        return stat !== null && stat.size > 0;
      };
      expect(await waitUntilAsync(written, 10_000)).toBe(true);
      const [left] = await uploadFiles();
      first.child.kill('SIGKILL');
      expect(await within(first.exited, 10_000, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      request.destroy();
      expect((await fs.stat(path.join(tmp, left!))).size).toBeGreaterThan(0);
      // Someone else's files in the same folder, some named much like an upload's.
      const unrelated = ['notes.txt', 'upload-short', `${left}.part`, `x-${left}`];
      for (const name of unrelated) await fs.writeFile(path.join(tmp, name), 'not planns');

      const second = await startServer(dataDir);
      await waitForHealth(second, 30_000);
      expect((await fs.readdir(tmp)).sort()).toEqual([...unrelated].sort());
      expect(second.output()).toContain(`removed 1 upload temporary file(s) left in ${tmp}`);

      second.child.kill('SIGTERM');
      expect(await within(second.exited, 20_000, 'exit after SIGTERM'), second.output()).toEqual({ code: 0, signal: null });
    },
    TIMEOUT,
  );

  it(
    "refuses a second server on the same data folder and leaves the first one's database alone",
    async () => {
      const dataDir = await tempDir('planns-lc-data-');
      const first = await startServer(dataDir);
      await waitForHealth(first, 45_000);
      const pgPid = await postgresPid(dataDir);
      expect(pgPid).not.toBeNull();

      const second = await startServer(dataDir);
      const exit = await within(second.exited, 30_000, 'second server');
      expect(exit.signal).toBeNull();
      expect(exit.code).not.toBe(0);
      expect(second.stderr()).toContain('another planns server');
      expect(second.stderr()).toContain(String(first.child.pid));

      // The first server and its database are untouched.
      expect(running(first)).toBe(true);
      expect(isAlive(pgPid!)).toBe(true);
      expect(await postgresPid(dataDir)).toBe(pgPid);
      expect(await fs.readFile(path.join(dataDir, 'server.pid'), 'utf8')).toBe(String(first.child.pid));
      expect(await healthStatus(first)).toBe(200);
      const user = await signUp(first, '+12025550144');
      expect(user.userId).toBeGreaterThan(0);

      first.child.kill('SIGTERM');
      expect(await within(first.exited, 20_000, 'exit after SIGTERM')).toEqual({ code: 0, signal: null });
    },
    TIMEOUT,
  );
});

// Concurrent: each case has its own data folder and port, and most of their time is waiting.
describe.concurrent('stopping the server and its database (`npm start` as a process manager or a terminal stops it)', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to the npm process drains, then stops the server and its database',
    async (signal) => {
      const { server, tree } = await startWithNpm();
      const held = await heldRequest(server);
      server.child.kill(signal);
      await waitForOutput(server, `${signal}: draining requests and stopping`, 10_000);
      // A repeat changes nothing: the request in flight still completes.
      server.child.kill(signal);
      await sleep(500);
      held.finish();
      const answer = await within(held.answer, 10_000, 'the request in flight');
      expect(answer).toEqual({ status: 200, connection: 'close' });
      // npm waits for the server and exits as it did: the process manager sees the stop when it is over.
      expect(await within(server.exited, 20_000, `exit after ${signal}`), server.output()).toEqual({ code: 0, signal: null });
      await expectStoppedCleanly(server, tree);
    },
    TIMEOUT,
  );

  it(
    "Ctrl-C in a terminal (SIGINT to npm's whole process group, PostgreSQL included) stops everything without a stack trace",
    async () => {
      const { server, tree } = await startWithNpm();
      // The terminal's SIGINT stops PostgreSQL at once, before the server drains: the server's
      // own stop must not wait for it then.
      const pgPid = (await postgresPid(server.dataDir))!;
      const held = await heldRequest(server);
      process.kill(-server.child.pid!, 'SIGINT');
      expect(await waitUntil(() => !isAlive(pgPid), 10_000)).toBe(true);
      held.finish();
      const answer = await within(held.answer, 10_000, 'the request in flight');
      expect(answer.connection).toBe('close');
      expect(await within(server.exited, 20_000, 'exit after Ctrl-C'), server.output()).toEqual({ code: 0, signal: null });
      expect(server.stderr()).not.toMatch(/^\s+at /m);
      await expectStoppedCleanly(server, tree);
    },
    TIMEOUT,
  );

  it(
    'npm killed with SIGKILL: the server notices, drains and stops its database',
    async () => {
      const { server, tree } = await startWithNpm();
      server.child.kill('SIGKILL');
      expect(await within(server.exited, 5000, 'npm exit')).toEqual({ code: null, signal: 'SIGKILL' });
      await expectStoppedCleanly(server, tree);
    },
    TIMEOUT,
  );

  it(
    'SIGTERM to the npm process while the server is still starting stops it once its database is up, and that database too',
    async () => {
      const server = await startServer(await tempDir('planns-lc-npm-'), { npm: true, logLevel: 'debug' });
      // server.pid is written as the server starts its PostgreSQL, after it took the signals.
      const pidFile = path.join(server.dataDir, 'server.pid');
      while (!(await fs.access(pidFile).then(() => true, () => false))) {
        if (!running(server)) throw new Error(`npm start exited:\n${server.output()}`);
        await sleep(20);
      }
      const tree = await processTree(server.child.pid!);
      server.child.kill('SIGTERM');
      expect(await within(server.exited, 45_000, 'exit after SIGTERM while starting'), server.output()).toEqual({ code: 0, signal: null });
      expect(server.output()).not.toContain('planns ready');
      await expectStoppedCleanly(server, tree);
    },
    TIMEOUT,
  );

  it(
    'a start that fails once its database runs (the port is taken) stops that database',
    async () => {
      const taken = http.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      try {
        const dataDir = await tempDir('planns-lc-data-');
        const server = await startServer(dataDir, { port: (taken.address() as { port: number }).port });
        const exit = await within(server.exited, 45_000, 'a start on a taken port');
        expect(exit, server.output()).toEqual({ code: 1, signal: null });
        expect(server.stderr()).toContain('EADDRINUSE');
        await expectStoppedCleanly(server, []);
      } finally {
        taken.close();
      }
    },
    TIMEOUT,
  );

  it(
    'a process that has stopped its embedded PostgreSQL exits at once (no exit hook of embedded-postgres left waiting)',
    async () => {
      const dataDir = await tempDir('planns-lc-data-');
      const module = path.join(ROOT, 'apps/server/src/db/embedded-postgres.ts');
      const script = `const { startEmbeddedPostgres } = await import(${JSON.stringify(module)});
        const db = await startEmbeddedPostgres({ dir: ${JSON.stringify(dataDir)}, ephemeral: true });
        await db.stop();
        console.log('stopped');`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let stoppedAt = 0;
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (!stoppedAt && out.includes('stopped')) stoppedAt = Date.now();
      });
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const exit = await within(new Promise<number | null>((resolve) => child.on('exit', resolve)), 45_000, 'start and stop');
      expect(exit, out).toBe(0);
      expect(stoppedAt, out).toBeGreaterThan(0);
      expect(Date.now() - stoppedAt).toBeLessThan(5000);
      expect(await postgresPid(dataDir)).toBeNull();
    },
    TIMEOUT,
  );

  it(
    'the drain deadline: a request that never ends is cut off after 20 s, and the database is still stopped',
    async () => {
      const dataDir = await tempDir('planns-lc-data-');
      const server = await startServer(dataDir, { logLevel: 'debug' });
      await waitForHealth(server, 45_000);
      const tree = await processTree(server.child.pid!);
      await heldRequest(server);
      const sigtermAt = Date.now();
      server.child.kill('SIGTERM');
      expect(await within(server.exited, 30_000, 'exit after the deadline'), server.output()).toEqual({ code: 1, signal: null });
      expect(Date.now() - sigtermAt).toBeGreaterThanOrEqual(19_000);
      await expectStoppedCleanly(server, tree);
    },
    TIMEOUT + 30_000,
  );
});
