import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGE } from '@planns/shared/realtime/realtime.rules';
import { findFreePort } from '../src/db/embedded-postgres.ts';
import { listJobs } from '../src/jobs/queue.ts';
import { systemClock } from '../src/providers/clock.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';
import { client, next } from './socket-client.ts';

/**
 * The outbox survives a crash (decision 0026): a real server process commits a change that
 * notifies someone and is killed (SIGKILL) before it delivers; a new server on the same database
 * delivers the notification to its recipient's live socket.
 *
 * The first server runs no jobs (RUN_JOBS=false, as an instance that only answers requests), so
 * the kill falls between the commit and the delivery every time rather than by luck of timing.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = 'apps/server/src/main.ts';
const TIMEOUT = 90_000;
const CONFIG_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'HOST', 'SMS_PROVIDER', 'STORAGE_PROVIDER', 'RUN_JOBS', 'TRUST_PROXY'];

const ctx = await createTestApp();
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function startServer(runJobs: boolean): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-outbox-'));
  dirs.push(dataDir);
  await fs.writeFile(path.join(dataDir, 'index.html'), '<!doctype html><title>planns outbox</title>');
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of CONFIG_VARIABLES) delete env[key];
  Object.assign(env, {
    DATABASE_URL: ctx.databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RUN_JOBS: String(runJobs),
  });
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`the server did not answer:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, output: () => out };
}

describe('the outbox after a crash', () => {
  it('a notification committed by a server killed before delivering it is delivered by the next server', { timeout: TIMEOUT }, async () => {
    const asker = await buildUser(ctx.db, { name: 'Ada Asker' });
    const friend = await buildUser(ctx.db, { name: 'Fred Friend' });
    const askerSession = await signIn({ db: ctx.db, clock: systemClock }, asker.id);
    const friendSession = await signIn({ db: ctx.db, clock: systemClock }, friend.id);

    // 1. The change commits on the first server, which is then killed outright.
    const first = await startServer(false);
    const res = await fetch(`${first.base}/api/user/friend-request`, {
      method: 'POST',
      headers: { ...askerSession.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ friend_id: friend.id }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    const written = await ctx.db.selectFrom('notifications').select(['id', 'action']).where('user_id', '=', friend.id).execute();
    expect(written).toEqual([{ id: expect.any(Number), action: 'friend_request' }]);
    const queued = await listJobs(ctx.db);
    expect(queued.map((j) => [j.name, j.state])).toEqual([['notifications.deliver', 'waiting']]);

    // 2. The next server starts. The delivery is held back (its row locked, which the runner
    // skips) only until the recipient's socket is connected, so that the push can be seen.
    const hold = new pg.Client({ connectionString: ctx.databaseUrl });
    await hold.connect();
    await hold.query('BEGIN');
    await hold.query('SELECT id FROM graphile_worker._private_jobs WHERE id = $1 FOR UPDATE', [queued[0]!.id]);
    const second = await startServer(true);
    try {
      const socket = await client(second.base, { token: friendSession.token });
      const pushed = next<{ id: number; data: { action: string; author: { id: number } } }>(socket, NOTIFICATION_MESSAGE);
      await hold.query('COMMIT');
      const notification = await pushed;
      expect(notification.id).toBe(written[0]!.id);
      expect(notification.data.action).toBe('friend_request');
      expect(notification.data.author.id).toBe(asker.id);
      // Done: the job has left the queue.
      const until = Date.now() + 10_000;
      while ((await listJobs(ctx.db)).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(await listJobs(ctx.db)).toEqual([]);
    } finally {
      await hold.end().catch(() => {});
      const stopped = new Promise((resolve) => second.child.once('exit', resolve));
      second.child.kill('SIGTERM');
      await stopped;
    }
  });
});
