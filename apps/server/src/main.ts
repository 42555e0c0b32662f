import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { createDb } from './db/database.ts';
import { startInstanceTasks } from './jobs/instance-tasks.ts';
import { startJobRunner, type JobLog, type JobRunner } from './jobs/job-runner.ts';
import { sweepUploadTempFiles } from './media/upload-temp-files.ts';
import { systemClock } from './providers/clock.ts';
import { OfflineGeocodingProvider } from './providers/geocoding/offline-geocoding.ts';
import { buildCalendarProvider, buildGeocodingProvider, buildGoogleProvider, buildPaymentsProvider, buildSmsProvider, buildStorageProvider } from './providers/build-providers.ts';
import { RealtimeHub } from './realtime/realtime-hub.ts';
import { attachSocketServer } from './realtime/socket-server.ts';
import { seedDemoEvents } from './seed/demo-events-seed.ts';
import { seedDemoGallery } from './seed/demo-gallery-seed.ts';
import { seedDemoPayments } from './seed/demo-payments-seed.ts';
import { seedDemoData } from './seed/demo-seed.ts';

/** How long requests in flight may run on once a stop signal came. */
const DRAIN_MS = 20_000;

// Stop signals are taken before the database starts: one that comes while the server is starting
// is kept and acted on once the database is up, and again before listening, rather than ending
// the process with its database running (decision 0023).
let startSignal: NodeJS.Signals | undefined;
let onStopSignal = (signal: NodeJS.Signals) => {
  startSignal ??= signal;
};
/** Set once the database runs: a start that fails after that stops it before exiting. */
let stopDatabase: (() => Promise<void>) | undefined;

/** loadConfig -> start the database -> buildApp -> listen; SIGTERM and SIGINT drain, then stop the database. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  fs.mkdirSync(path.join(config.dataDir, 'logs'), { recursive: true });
  const logger = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  // A bootstrap logger for start-up lines before Fastify's own.
  const bootLog = (msg: string) => console.log(`[planns] ${msg}`);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => onStopSignal(signal));
  const started = Date.now();
  const database = await openDatabase(config, (msg) => {
    if (!msg.startsWith('[postgres]')) bootLog(msg);
  });
  stopDatabase = () => database.stop();
  // The database is stopped however the process ends, so that no PostgreSQL outlives its server.
  const stopDatabaseAndExit = async (code: number) => {
    try {
      await database.stop();
    } catch (err) {
      console.error(`[planns] could not stop the database: ${String(err)}`);
      code = 1;
    }
    process.exit(code);
  };
  if (startSignal) return stopDatabaseAndExit(0);
  // Upload bodies a killed server left in DATA_DIR/tmp. The embedded database holds the folder
  // for this process (DATA_DIR/server.pid, a second server is refused), so no live upload can be
  // using them; with DATABASE_URL nothing holds the folder and the hourly instance task
  // uploads.sweep_temp_files (jobs/instance-tasks.ts) removes only the files idle for an hour.
  if (database.embedded) {
    const swept = await sweepUploadTempFiles(config.dataDir);
    if (swept > 0) bootLog(`removed ${swept} upload temporary file(s) left in ${path.join(config.dataDir, 'tmp')} by an earlier run`);
  }
  const db = createDb(database.url, config.DATABASE_POOL_SIZE);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  const clock = systemClock;
  const storage = buildStorageProvider(config);
  const sms = buildSmsProvider(config, clock, bootLog);
  const geocoding = buildGeocodingProvider(config);
  const payments = buildPaymentsProvider(config, { db, clock });
  const calendar = buildCalendarProvider(config);
  const google = buildGoogleProvider(config);
  const realtime = new RealtimeHub();
  const deps = { config, db, clock, sms, storage, geocoding, payments, calendar, realtime, ...(redis ? { redis } : {}), ...(google ? { google } : {}) };

  if (config.SEED_DEMO) {
    const seedStarted = Date.now();
    // People on an empty database; events once the people exist and there are no events yet;
    // gallery photos on past demo events once.
    const seeded = [await seedDemoData(deps), await seedDemoEvents(deps), await seedDemoGallery(deps), await seedDemoPayments(deps)].filter(Boolean);
    if (seeded.length > 0) bootLog(`seeded demo data: ${seeded.join(', ')} in ${Date.now() - seedStarted} ms`);
  }

  const app = await buildApp(deps, { logger });
  attachSocketServer(app, deps);
  if (sms.name === 'console' && !['localhost', '127.0.0.1', '::1'].includes(config.HOST)) {
    app.log.warn('SMS_PROVIDER=console keeps sign-in codes readable at /api/dev/outbox: use it only on a private machine');
  }

  // A stop signal drains the requests in flight, for DRAIN_MS at most, then stops the database,
  // however the drain ends. Repeats are ignored: a terminal's Ctrl-C reaches this process twice
  // (from the terminal and forwarded by npm), and systemd signals every process of a service at once.
  let stopping = false;
  // The job runner starts after the server listens: a stop signal may come while it is starting
  // (a health check passes at listen), and then waits for it rather than stopping the database
  // under it (which failed the start and ended the process with 1 instead of 0).
  let jobRunnerStart: Promise<JobRunner | undefined> = Promise.resolve(undefined);
  let stopInstanceTasks = () => {};
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: draining requests and stopping`);
    // Not unref'd: the process must not end on an empty event loop before the database is stopped.
    setTimeout(() => {
      app.log.warn(`requests still in flight after ${DRAIN_MS / 1000} s: stopping without them`);
      void stopDatabaseAndExit(1);
    }, DRAIN_MS);
    let code = 0;
    // The job runner stops taking jobs at once, before the database may go (a terminal's Ctrl-C
    // stops PostgreSQL too); jobs under way finish, the others stay queued for the next runner.
    const jobsStopped = jobRunnerStart.then((runner) => runner?.stop());
    jobsStopped.catch(() => {}); // awaited below, after the drain; a failure is handled there
    try {
      stopInstanceTasks();
      await app.close();
      await jobsStopped;
      await db.destroy();
      await redis?.quit().catch(() => {});
    } catch (err) {
      app.log.error(err, 'error while draining');
      code = 1;
    }
    await stopDatabaseAndExit(code);
  };
  onStopSignal = (signal) => void shutdown(signal);
  if (startSignal) return shutdown(startSignal);

  await app.listen({ port: config.PORT, host: config.HOST });
  const jobLog: JobLog = (level, message, meta) => app.log[level](meta ?? {}, message);
  stopInstanceTasks = startInstanceTasks(deps, jobLog);
  // Background jobs (jobs/jobs.ts): the outbox's deliveries and the scheduled sweeps, shared by
  // every instance that runs them through the database's queue.
  if (config.RUN_JOBS && !stopping) {
    jobRunnerStart = startJobRunner(deps, { connectionString: database.url, log: jobLog });
    await jobRunnerStart;
  }
  // The offline gazetteer is read in a worker once the server answers, not on the first search.
  if (geocoding instanceof OfflineGeocodingProvider) setTimeout(() => geocoding.warmUp(), 500).unref();
  app.log.info(`planns ready on ${config.publicUrl.origin} in ${Date.now() - started} ms (database: ${database.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'})`);
}

main().catch(async (err: unknown) => {
  // A terminal's Ctrl-C during start-up stops PostgreSQL too, which fails the start: say so in a
  // line rather than with the stack of whichever step failed.
  if (startSignal) console.error(`[planns] stopped while starting (${startSignal}): ${err instanceof Error ? err.message : String(err)}`);
  else console.error(err);
  await stopDatabase?.().catch(() => {});
  process.exit(1);
});
