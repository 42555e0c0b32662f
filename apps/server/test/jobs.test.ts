import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/database.ts';
import { startJobRunner, scheduledJobs } from '../src/jobs/job-runner.ts';
import { JOBS } from '../src/jobs/jobs.ts';
import { enqueue, listJobs } from '../src/jobs/queue.ts';
import { addResponse, buildEvent, mediaExists } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';
import { jpegBytes } from './media-fixtures.ts';

/**
 * The jobs layer (decision 0026): jobs queued in the transaction of their change, run by the
 * runner with the app's deps and the fake clock, retried then kept as failed, and scheduled once
 * per matching minute however many instances run.
 */

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db, clock, dataDir } = ctx;

async function person(name: string) {
  const user = await buildUser(db, { name });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

async function clearQueue() {
  await sql`DELETE FROM graphile_worker._private_jobs`.execute(db);
}

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('the outbox', () => {
  it('queues the delivery of notifications in the transaction that writes them: none when it rolls back', async () => {
    await clearQueue();
    const owner = await person('Olga Owner');
    const guest = await person('Gil Guest');
    const event = await buildEvent(db, { user_id: owner.user.id });
    await addResponse(db, event.id, guest.user.id, 'going');

    // A job queued inside a transaction that fails is gone with it.
    await expect(
      inTransaction(db, async (tx) => {
        await enqueue(tx, 'notifications.deliver', { ids: [1] });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await listJobs(db)).toEqual([]);

    // A comment notifies the host and the guest: one delivery job naming both notifications.
    const res = await app.inject({ method: 'POST', url: `/api/events/${event.id}/comment`, headers: guest.headers, payload: { comment: 'See you there' } });
    expect(res.statusCode, res.body).toBe(200);
    const notifications = await db.selectFrom('notifications').select(['id', 'user_id']).where('event_id', '=', event.id).execute();
    expect(notifications.map((n) => n.user_id)).toEqual([owner.user.id]);
    const jobs = await listJobs(db);
    expect(jobs.map((j) => [j.name, j.state, j.attempts])).toEqual([['notifications.deliver', 'waiting', 0]]);
    const payload = await sql<{ payload: unknown }>`SELECT payload FROM graphile_worker._private_jobs`.execute(db);
    expect(payload.rows[0]?.payload).toEqual({ ids: notifications.map((n) => n.id) });

    await ctx.runDueJobs();
    expect(await listJobs(db)).toEqual([]);
  });

  it('refuses a payload the job would refuse, where it is queued', async () => {
    await expect(inTransaction(db, (tx) => enqueue(tx, 'notifications.deliver', { ids: [] }))).rejects.toThrow();
    await expect(inTransaction(db, (tx) => enqueue(tx, 'gallery.sweep_stale_uploads', { extra: 1 } as never))).rejects.toThrow();
  });
});

describe('failures', () => {
  it('retries a failing job with a growing delay, then keeps it as failed with its error for the admin command', async () => {
    await clearQueue();
    // A payload from an older version that no longer matches the job's schema.
    await sql`SELECT graphile_worker.add_job('notifications.deliver', '{"ids":"all"}'::json, max_attempts => 2)`.execute(db);
    await ctx.runDueJobs();
    let [job] = await listJobs(db);
    expect(job).toMatchObject({ name: 'notifications.deliver', state: 'retrying', attempts: 1, maxAttempts: 2 });
    expect(job!.lastError).toContain('does not match');
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

    // Due again (the back-off shortened here): the second failure uses the last attempt.
    await sql`UPDATE graphile_worker._private_jobs SET run_at = now()`.execute(db);
    await ctx.runDueJobs();
    [job] = await listJobs(db);
    expect(job).toMatchObject({ state: 'failed', attempts: 2 });
    // A failed job is not run again.
    await ctx.runDueJobs();
    expect((await listJobs(db))[0]).toMatchObject({ state: 'failed', attempts: 2 });
    await clearQueue();
  });
});

describe('the gallery sweep, as a job on the fake clock', () => {
  it('removes an upload never posted only once a day has passed on the clock, with its files', async () => {
    await clearQueue();
    const owner = await person('Olga Owner');
    const guest = await person('Gil Guest');
    const event = await buildEvent(db, { user_id: owner.user.id });
    await addResponse(db, event.id, guest.user.id, 'going');
    const up = await app.inject({
      method: 'POST',
      url: `/api/media/uploads?event_id=${event.id}`,
      headers: { ...guest.headers, 'content-type': 'application/octet-stream' },
      payload: await jpegBytes(),
    });
    expect(up.statusCode, up.body).toBe(200);
    const orphan = up.json().data as { url: string; url_m: string; url_l: string };

    clock.advance(23 * 60 * 60 * 1000);
    await inTransaction(db, (tx) => enqueue(tx, 'gallery.sweep_stale_uploads', {}));
    await ctx.runDueJobs();
    expect(await mediaExists(dataDir, orphan.url)).toBe(true);

    clock.advance(2 * 60 * 60 * 1000);
    await inTransaction(db, (tx) => enqueue(tx, 'gallery.sweep_stale_uploads', {}));
    await ctx.runDueJobs();
    for (const url of [orphan.url, orphan.url_m, orphan.url_l]) expect(await mediaExists(dataDir, url)).toBe(false);
    expect(await listJobs(db)).toEqual([]);
  });
});

describe('schedules', () => {
  it('declares the holds’ sweep and the cards’ fill every minute and the gallery sweep hourly, with a catch-up after an outage', () => {
    expect(scheduledJobs()).toEqual([
      { name: 'orders.expire_holds', cron: '* * * * *', backfill: null },
      { name: 'events.fill_cards', cron: '* * * * *', backfill: null },
      { name: 'gallery.sweep_stale_uploads', cron: '7 * * * *', backfill: '1h' },
    ]);
    for (const [name, job] of Object.entries(JOBS)) expect(job.maxAttempts, name).toBeGreaterThanOrEqual(1);
  });

  it('two instances starting together after a missed run queue it once, and one of them runs it', { timeout: 60_000 }, async () => {
    await clearQueue();
    // The last hh:07 that has passed, and a last run a minute before it: exactly one run is owed.
    const now = new Date();
    const owed = new Date(now);
    owed.setUTCSeconds(0, 0);
    owed.setUTCMinutes(7);
    if (owed > now) owed.setUTCHours(owed.getUTCHours() - 1);
    await sql`DELETE FROM graphile_worker._private_known_crontabs`.execute(db);
    await sql`
      INSERT INTO graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
      VALUES ('gallery.sweep_stale_uploads', ${new Date(owed.getTime() - 3 * 60 * 60 * 1000)}, ${new Date(owed.getTime() - 60_000)})
    `.execute(db);

    const runs: { worker: string; ts: string }[] = [];
    const start = async (name: string) => {
      const runner = await startJobRunner(ctx.deps, { connectionString: ctx.databaseUrl, log: () => {}, concurrency: 2 });
      runner.events.on('job:success', ({ job }) => {
        if (job.task_identifier === 'gallery.sweep_stale_uploads') runs.push({ worker: name, ts: (job.payload as { _cron: { ts: string } })._cron.ts });
      });
      return runner;
    };
    const runners = await Promise.all([start('a'), start('b')]);
    try {
      await waitFor(() => runs.length >= 1);
      // Time for a second copy to show up, were it queued.
      await new Promise((r) => setTimeout(r, 1500));
      expect(runs.filter((r) => new Date(r.ts).getTime() === owed.getTime())).toHaveLength(1);
      const known = await sql<{ last_execution: Date }>`SELECT last_execution FROM graphile_worker._private_known_crontabs WHERE identifier = 'gallery.sweep_stale_uploads'`.execute(db);
      expect(known.rows[0]?.last_execution.getTime()).toBeGreaterThanOrEqual(owed.getTime());
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
  });
});
