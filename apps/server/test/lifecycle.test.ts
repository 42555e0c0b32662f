import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort, isAlive } from '../src/db/embedded-postgres.ts';

/**
 * The real server process (node apps/server/src/main.ts) with its embedded PostgreSQL: restart
 * after SIGKILL (and the upload temporary files it left), draining on SIGTERM, and one server per
 * data folder. Each case has a data
 * folder (and so a cluster) of its own; none of them uses the test run's database.
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

async function startServer(dataDir: string): Promise<Server> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of CONFIG_VARIABLES) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDir,
  });
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

afterAll(async () => {
  // Whatever a failed case left running: the servers, then the clusters they leave behind.
  for (const server of servers) if (running(server)) server.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => within(s.exited, 5000, 'server exit').catch(() => {})));
  for (const dir of dirs) {
    const pid = await postgresPid(dir);
    if (pid && isAlive(pid) && (await isPostgres(pid))) {
      process.kill(pid, 'SIGQUIT');
      if (!(await waitUntil(() => !isAlive(pid), 5000))) process.kill(pid, 'SIGKILL');
    }
  }
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

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
      expect(await waitUntilAsync(async () => (await uploadFiles()).length === 1, 10_000)).toBe(true);
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
      expect(await within(second.exited, 20_000, 'exit after SIGTERM')).toEqual({ code: 0, signal: null });
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
