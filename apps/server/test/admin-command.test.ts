import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort, isAlive, RUNNING_URL_FILE } from '../src/db/embedded-postgres.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

/**
 * `npm run admin` as a real process (node scripts/admin.ts): against DATABASE_URL (this file's
 * test database), and against the embedded database of a data folder while its server runs and
 * after it has stopped.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Each command is a new node process (about 0.6 s on an idle machine, several seconds on a busy one). */
const SLOW = 120_000;
/** Variables that would point the command or the server somewhere else. */
const CONFIG_VARIABLES = ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'PUBLIC_URL', 'HOST', 'PORT', 'SMS_PROVIDER', 'OTP_LENGTH', 'STORAGE_PROVIDER', 'SEED_DEMO'];

const dirs: string[] = [];
const children: ChildProcess[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(dir, 0o755); // the embedded PostgreSQL runs as the postgres user when tests run as root
  dirs.push(dir);
  return dir;
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of CONFIG_VARIABLES) delete env[key];
  return { ...env, LOG_LEVEL: 'warn', ...extra };
}

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command to the end with the project's node. */
function admin(args: string[], env: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/admin.ts', ...args], { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  output: () => string;
}

async function startServer(dataDir: string, webDir: string): Promise<Server> {
  const port = await findFreePort();
  const env = cleanEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', WEB_DIST_DIR: webDir });
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { child, base: `http://127.0.0.1:${port}`, exited, output: () => out };
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
    const status = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((res) => res.status)
      .catch(() => null);
    if (status === 200) return server;
    await sleep(150);
  }
  throw new Error(`the server did not become healthy:\n${out}`);
}

async function api(server: Server, method: string, url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(server.base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The phone sign-up over HTTP, reading the code from the dev outbox. */
async function signUp(server: Server, phone: string): Promise<string> {
  expect((await api(server, 'POST', '/api/send-code', { to: phone })).status).toBe(200);
  const outbox = (await api(server, 'GET', '/api/dev/outbox')).json as { data: { to: string; body: string }[] };
  const code = outbox.data.find((m) => m.to === phone)?.body.match(/\d{4,8}/)?.[0];
  const checked = await api(server, 'POST', '/api/check-code', { to: phone, code });
  expect(checked.status).toBe(200);
  const created = await api(server, 'POST', '/api/auth-create', { phone, approval_token: checked.json.approval_token });
  expect(created.status).toBe(200);
  return (created.json.data as { token: string }).token;
}

async function isModerator(server: Server, token: string): Promise<boolean> {
  const res = await api(server, 'GET', '/api/user', undefined, token);
  expect(res.status).toBe(200);
  return (res.json.data as { is_moderator: boolean }).is_moderator;
}

const exists = (file: string) =>
  fs
    .stat(file)
    .then(() => true)
    .catch(() => false);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await sleep(200);
  // A cluster a killed server or command left behind.
  for (const dir of dirs) {
    const text = await fs.readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '');
    const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
    const cmdline = Number.isInteger(pid) && pid > 0 ? await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '') : '';
    if (cmdline.includes('postgres') && isAlive(pid)) process.kill(pid, 'SIGQUIT');
  }
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

const ctx = await createTestApp();

describe('npm run admin, on DATABASE_URL', () => {
  it('grants and revokes moderator rights, effective on the next request of a signed-in session', async () => {
    const dataDir = await tempDir('planns-admin-unused-');
    const env = { DATABASE_URL: ctx.databaseUrl, DATA_DIR: dataDir };
    const person = await buildUser(ctx.db, { name: 'Rosa Moderna', phone: '+12025550177' });
    const { headers } = await signIn(ctx, person.id);
    const moderator = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/user', headers });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { is_moderator: boolean } }).data.is_moderator;
    };
    expect(await moderator()).toBe(false);

    // The phone as people write it: spaces, brackets, several arguments.
    const granted = await admin(['grant-moderator', '+1', '(202)', '555-0177'], env);
    expect(granted, granted.stderr).toMatchObject({ code: 0, stdout: `Rosa Moderna (+12025550177, user ${person.id}) is now a moderator.\n` });
    expect(granted.stderr).toContain('using DATABASE_URL');
    expect(await moderator()).toBe(true);

    const again = await admin(['grant-moderator', '12025550177'], env);
    expect(again).toMatchObject({ code: 0, stdout: expect.stringContaining('is already a moderator: nothing changed') });

    const listed = await admin(['list-moderators'], env);
    expect(listed).toMatchObject({ code: 0, stdout: `1 moderator:\n  Rosa Moderna (+12025550177, user ${person.id})\n` });

    const revoked = await admin(['revoke-moderator', '+12025550177'], env);
    expect(revoked).toMatchObject({ code: 0, stdout: `Rosa Moderna (+12025550177, user ${person.id}) is no longer a moderator.\n` });
    expect(await moderator()).toBe(false);
    expect((await admin(['revoke-moderator', '+12025550177'], env)).stdout).toContain('is not a moderator: nothing changed');
    expect(await admin(['list-moderators'], env)).toMatchObject({ code: 0, stdout: 'No moderators.\n' });
    // DATABASE_URL wins: the data folder was never used.
    expect(await fs.readdir(dataDir)).toEqual([]);
  }, SLOW);

  it('answers exit code 1 for an unknown or invalid phone, and changes nothing', async () => {
    const env = { DATABASE_URL: ctx.databaseUrl };
    await buildUser(ctx.db, { phone: '+12025550178' }); // a neighbour of the unknown number
    const unknown = await admin(['grant-moderator', '+12025550179'], env);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('no user has the phone number +12025550179');
    const invalid = await admin(['grant-moderator', '12'], env);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('"12" is not a valid phone number');
    const rows = await ctx.db.selectFrom('users').select(['id', 'is_moderator']).where('is_moderator', '=', true).execute();
    expect(rows).toEqual([]);
  }, SLOW);

  it('lists the background jobs not done: waiting, retrying and failed, with their last error', async () => {
    const env = { DATABASE_URL: ctx.databaseUrl };
    expect(await admin(['jobs'], env)).toMatchObject({ code: 0, stdout: 'No jobs waiting, running or failed.\n' });
    await sql`SELECT graphile_worker.add_job('gallery.sweep_stale_uploads', '{}'::json, max_attempts => 3)`.execute(ctx.db);
    // An old payload: the job fails on its only attempt.
    await sql`SELECT graphile_worker.add_job('notifications.deliver', '{"ids":"all"}'::json, max_attempts => 1)`.execute(ctx.db);
    await sql`UPDATE graphile_worker._private_jobs SET created_at = created_at - interval '1 minute' WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'notifications.deliver')`.execute(ctx.db);
    await ctx.runDueJobs();
    await sql`SELECT graphile_worker.add_job('gallery.sweep_stale_uploads', '{}'::json, run_at => now() + interval '1 hour')`.execute(ctx.db);
    const listed = await admin(['jobs'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toBe('2 jobs: 1 waiting, 1 failed');
    expect(lines[1]).toMatch(/^ {2}#\d+ notifications\.deliver: failed, attempt 1 of 1, queued /);
    expect(lines[2]).toMatch(/^ {6}last error: notifications\.deliver: the payload does not match the job's schema/);
    expect(lines[3]).toMatch(/^ {2}#\d+ gallery\.sweep_stale_uploads: waiting, attempt 0 of \d+, due \d{4}-/);
    expect((await admin(['jobs', 'all'], env)).code).toBe(2);
    await sql`DELETE FROM graphile_worker._private_jobs`.execute(ctx.db);
  }, SLOW);

  it('explains its usage', async () => {
    const help = await admin(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('grant-moderator <phone>');
    expect(help.stdout).toContain('revoke-moderator <phone>');
    expect(help.stdout).toContain('list-moderators');
    expect(help.stdout).toContain('jobs');
    expect((await admin([], {})).code).toBe(2);
    const wrong = await admin(['make-admin', '+12025550177'], { DATABASE_URL: ctx.databaseUrl });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('unknown command "make-admin"');
    expect((await admin(['grant-moderator'], {})).code).toBe(2);
  }, SLOW);
});

describe('npm run admin, on the embedded database', () => {
  it('refuses a data folder without a database instead of creating one', async () => {
    const empty = await tempDir('planns-admin-empty-');
    const res = await admin(['list-moderators'], { DATA_DIR: empty });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`there is no planns database in ${empty}`);
    expect(await fs.readdir(empty)).toEqual([]);
  }, SLOW);

  it(
    "works while the server runs (through its PostgreSQL) and while it is stopped (starting the database itself)",
    async () => {
      const dataDir = await tempDir('planns-admin-data-');
      const webDir = await tempDir('planns-admin-web-');
      await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>planns admin test</title>');
      const env = { DATA_DIR: dataDir };
      const phone = '+12025550163';

      const server = await startServer(dataDir, webDir);
      // The running server publishes its database address, readable by its owner only.
      const urlFile = path.join(dataDir, RUNNING_URL_FILE);
      expect((await fs.stat(urlFile)).mode & 0o777).toBe(0o600);
      expect(await fs.readFile(urlFile, 'utf8')).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);

      const token = await signUp(server, phone);
      expect(await isModerator(server, token)).toBe(false);
      const granted = await admin(['grant-moderator', phone], env);
      expect(granted.code, granted.stderr).toBe(0);
      expect(granted.stdout).toMatch(/is now a moderator\.\n$/);
      expect(granted.stderr).toContain('the database of the running server');
      expect(await isModerator(server, token)).toBe(true); // the same session, its next request

      const unknown = await admin(['revoke-moderator', '+12025550164'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('no user has the phone number +12025550164');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(await exists(urlFile)).toBe(false);
      expect(await exists(path.join(dataDir, 'server.pid'))).toBe(false);

      // Stopped: the command starts the embedded PostgreSQL itself, and stops it again.
      const listed = await admin(['list-moderators'], env);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(`(${phone}, user `);
      expect(listed.stderr).toContain('started for this command');
      const revoked = await admin(['revoke-moderator', phone], env);
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.stdout).toMatch(/is no longer a moderator\.\n$/);
      expect(await exists(urlFile)).toBe(false);
      expect(await exists(path.join(dataDir, 'server.pid'))).toBe(false);
      expect(await exists(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

      // The server starts again on the folder the command used, and the change is there.
      const again = await startServer(dataDir, webDir);
      expect(await isModerator(again, token)).toBe(false);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
    SLOW,
  );
});
