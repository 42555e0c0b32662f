import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { JOBS, type JobName, type JobPayload } from './jobs.ts';

/**
 * Queues a job. Given a transaction, the job is part of it: it exists if and only if the change
 * commits (the outbox, decision 0026), and the runners hear of it at commit (graphile-worker's
 * NOTIFY). `key`: a job with the same key still waiting is replaced rather than queued twice.
 * `delaySeconds`: due that long after the database's now (the queue's own clock, which the fake
 * clock of tests does not move); `runAt`: due then.
 */
export async function enqueue<N extends JobName>(
  db: Executor,
  name: N,
  payload: JobPayload<N>,
  options: { key?: string; runAt?: Date; delaySeconds?: number } = {},
): Promise<void> {
  const definition = JOBS[name];
  // A payload the runner would refuse is a programming error: refuse it here, where it is made.
  const checked: unknown = definition.payload.parse(payload);
  await sql`
    SELECT graphile_worker.add_job(
      identifier => ${name}::text,
      payload => ${JSON.stringify(checked)}::json,
      run_at => coalesce(${options.runAt ?? null}::timestamptz, now() + make_interval(secs => ${options.delaySeconds ?? null}::double precision)),
      max_attempts => ${definition.maxAttempts}::int,
      job_key => ${options.key ?? null}::text
    )
  `.execute(db);
}

export interface QueuedJob {
  id: number;
  name: string;
  state: 'waiting' | 'running' | 'retrying' | 'failed';
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  createdAt: Date;
  lastError: string | null;
  key: string | null;
}

/**
 * Jobs not done yet, oldest first: waiting, running, waiting for a retry, or failed (attempts
 * used up: kept for a person to look at; `npm run admin -- jobs`). Done jobs leave the queue.
 */
export async function listJobs(db: Executor, limit = 100): Promise<QueuedJob[]> {
  const result = await sql<{
    id: string | number;
    task_identifier: string;
    attempts: number;
    max_attempts: number;
    run_at: Date;
    created_at: Date;
    last_error: string | null;
    key: string | null;
    locked_at: Date | null;
  }>`
    SELECT id, task_identifier, attempts, max_attempts, run_at, created_at, last_error, key, locked_at
    FROM graphile_worker.jobs
    ORDER BY created_at, id
    LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => ({
    id: Number(row.id),
    name: row.task_identifier,
    state:
      row.attempts >= row.max_attempts ? 'failed' : row.locked_at ? 'running' : row.attempts > 0 ? 'retrying' : 'waiting',
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: row.run_at,
    createdAt: row.created_at,
    lastError: row.last_error,
    key: row.key,
  }));
}
