import { EventEmitter } from 'node:events';
import { Logger, parseCronItems, run, runOnce, type CronItem, type Runner, type RunnerOptions, type TaskList, type WorkerEvents } from 'graphile-worker';
import type { AppDeps } from '../deps.ts';
import { JOBS, type JobDefinition, type JobName } from './jobs.ts';
import { QUEUE_SCHEMA, queuePool } from './queue-schema.ts';

export type JobLog = (level: 'error' | 'warn' | 'info' | 'debug', message: string, meta?: Record<string, unknown>) => void;

const BACKFILL_MS = { '1h': 60 * 60 * 1000, '1d': 24 * 60 * 60 * 1000 } as const;
/** Only for retries and scheduled runs: new jobs are heard of at once through NOTIFY. */
const POLL_INTERVAL_MS = 2000;

export function queueLogger(log: JobLog): Logger {
  return new Logger(() => (level, message, meta) => {
    // graphile-worker says 'warning'; its per-job lines go through the task wrapper below instead.
    const mapped = level === 'warning' ? 'warn' : level === 'error' ? 'error' : level === 'info' ? 'info' : 'debug';
    log(mapped, `jobs: ${message}`, meta);
  });
}

/** Every declared job as a graphile-worker task: the payload checked, then the handler with the app's deps. */
function taskList(deps: AppDeps, log: JobLog): TaskList {
  const tasks: TaskList = {};
  for (const [name, definition] of Object.entries(JOBS) as [JobName, JobDefinition][]) {
    tasks[name] = async (raw, helpers) => {
      // A scheduled run carries graphile-worker's _cron {ts, backfilled} beside the declared payload.
      const { _cron: _ignored, ...rest } = (raw ?? {}) as Record<string, unknown>;
      const parsed = definition.payload.safeParse(rest);
      if (!parsed.success) throw new Error(`${name}: the payload does not match the job's schema: ${parsed.error.message}`);
      const said = await definition.run(deps, parsed.data);
      if (said) log('info', `jobs: ${name}: ${said}`, { job: helpers.job.id });
    };
  }
  return tasks;
}

function cronItems(): CronItem[] {
  return (Object.entries(JOBS) as [JobName, JobDefinition][]).flatMap(([name, definition]) =>
    definition.schedule
      ? [
          {
            task: name,
            identifier: name,
            match: definition.schedule.cron,
            options: { maxAttempts: definition.maxAttempts, backfillPeriod: definition.schedule.backfill ? BACKFILL_MS[definition.schedule.backfill] : 0 },
          },
        ]
      : [],
  );
}

/** The schedules of the declared jobs, as graphile-worker reads them (exported for the tests). */
export function scheduledJobs(): { name: JobName; cron: string; backfill: string | null }[] {
  return (Object.entries(JOBS) as [JobName, JobDefinition][]).flatMap(([name, d]) =>
    d.schedule ? [{ name, cron: d.schedule.cron, backfill: d.schedule.backfill ?? null }] : [],
  );
}

export interface JobRunner {
  /** Finishes the jobs under way (new ones stay queued for the next runner), then closes its connections. */
  stop(): Promise<void>;
  /** graphile-worker's events (job:success, job:error ...), for tests and logs; kept across restarts. */
  events: WorkerEvents;
}

export interface JobRunnerOptions {
  connectionString: string;
  log: JobLog;
  /** Jobs run at once on this instance (default 4). */
  concurrency?: number;
  /** Queue the scheduled jobs (default true; tests drive them themselves, with the fake clock). */
  schedules?: boolean;
}

/** How long after an unexpected stop the runner starts again. */
const RESTART_MS = 5000;

/**
 * Runs queued jobs on this instance until stopped. Every instance runs one: each job is taken by
 * one of them (row locks, SKIP LOCKED), and each scheduled minute is queued by exactly one (a
 * conditional write on graphile-worker's known_crontabs). Its own small pool: one connection
 * LISTENs for new jobs, the others take and finish them, apart from the requests' pool. The
 * runner rides out a database outage (it retries); should it stop all the same, it is started
 * again after RESTART_MS.
 */
export async function startJobRunner(deps: AppDeps, options: JobRunnerOptions): Promise<JobRunner> {
  const concurrency = options.concurrency ?? 4;
  const pool = queuePool(options.connectionString, concurrency + 2, (err) => options.log('warn', `jobs: a queue connection failed: ${err.message}`));
  const events: WorkerEvents = new EventEmitter();
  const runnerOptions: RunnerOptions = {
    pgPool: pool,
    schema: QUEUE_SCHEMA,
    concurrency,
    noHandleSignals: true,
    pollInterval: POLL_INTERVAL_MS,
    logger: queueLogger(options.log),
    events,
    preset: {
      worker: {
        // A burst of jobs (a sale's texts) is taken a few at a time and finished together: fewer
        // round trips to the queue than one fetch and one completion per job. A job a crash
        // interrupts runs again, as any job may (at least once).
        localQueue: { size: concurrency + 1 },
        completeJobBatchDelay: 0,
      },
    },
  };
  const tasks = taskList(deps, options.log);
  const crons = options.schedules === false ? [] : parseCronItems(cronItems());
  let stopping = false;
  let current: Runner | undefined;
  let restartTimer: NodeJS.Timeout | undefined;

  const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
  const tryAgainLater = (what: string) => {
    options.log('error', `jobs: ${what}; trying again in ${RESTART_MS / 1000} s`);
    restartTimer = setTimeout(() => void restart(), RESTART_MS);
    restartTimer.unref();
  };
  /** Runs with this runner until it ends, and starts another should it end while not stopping. */
  const adopt = (runner: Runner) => {
    current = runner;
    const ended = (why: string) => {
      if (stopping || current !== runner) return;
      current = undefined;
      tryAgainLater(`the runner stopped (${why})`);
    };
    runner.promise.then(() => ended('it ended'), (err: unknown) => ended(errorText(err)));
  };
  const restart = async () => {
    if (stopping) return;
    try {
      adopt(await run(runnerOptions, tasks, crons));
    } catch (err) {
      tryAgainLater(`the runner could not start (${errorText(err)})`);
    }
  };

  // The first start's failure is the caller's (the server does not start without its runner).
  try {
    adopt(await run(runnerOptions, tasks, crons));
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    events,
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      // A worker whose poll fails while it stops (the database stopping at the same moment, as
      // when a terminal's Ctrl-C reaches the whole process group) is console.trace()d by
      // graphile-worker: one line in the log instead of a stack trace, while the runner stops.
      const trace = console.trace;
      console.trace = (...args: unknown[]) => options.log('warn', `jobs: a worker stopped with an error: ${args.map(errorText).join(' ')}`);
      try {
        await current?.stop().catch((err: unknown) => options.log('warn', `jobs: stopping the runner: ${errorText(err)}`));
      } finally {
        console.trace = trace;
      }
      await pool.end();
    },
  };
}

/**
 * Runs every job that is due now, one after another, until none is left, then returns (tests).
 * Jobs waiting for a retry or a later time stay queued.
 */
export async function runDueJobs(deps: AppDeps, connectionString: string, log: JobLog = () => {}): Promise<void> {
  const pool = queuePool(connectionString, 2);
  try {
    await runOnce({ pgPool: pool, schema: QUEUE_SCHEMA, noHandleSignals: true, logger: queueLogger(log) }, taskList(deps, log));
  } finally {
    await pool.end();
  }
}
