import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { DataDirBusyError, findRunningServer, startEmbeddedPostgres } from './embedded-postgres.ts';
import { migrate } from './migrate.ts';

/** The database the app uses inside the embedded PostgreSQL. */
export const EMBEDDED_DATABASE = 'planns';

function embeddedDatabaseUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${EMBEDDED_DATABASE}`;
  return url.toString();
}

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL when set, else an embedded PostgreSQL with its data in DATA_DIR/pg; migrated. */
export async function openDatabase(config: Config, log: (msg: string) => void): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    await migrate(config.DATABASE_URL, log);
    return { url: config.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const embedded = await startEmbeddedPostgres({ dir: config.dataDir, log: (line) => line && log(`[postgres] ${line}`) });
  try {
    const url = embeddedDatabaseUrl(embedded.adminUrl);
    const admin = new pg.Client({ connectionString: embedded.adminUrl });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
    await admin.end();
    await migrate(url, log);
    return { url, embedded: true, stop: () => embedded.stop() };
  } catch (err) {
    await embedded.stop().catch(() => {});
    throw err;
  }
}

function hasEmbeddedCluster(dataDir: string): Promise<boolean> {
  return fs
    .stat(path.join(dataDir, 'pg', 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
}

export interface CommandDatabaseHandle extends DatabaseHandle {
  /** Where the connection goes, for the command's output. */
  source: string;
}

/**
 * The database for a one-off command (`npm run admin`): DATABASE_URL when set; else the embedded
 * PostgreSQL of the server running on DATA_DIR (its address is in DATA_DIR/postgres-url); else
 * the embedded PostgreSQL started for the command alone, stopped by `stop()`. A server that is
 * still starting is waited for, up to `waitMs`. Never migrates and never creates a database.
 */
export async function openCommandDatabase(config: Config, log: (msg: string) => void, waitMs = 30_000): Promise<CommandDatabaseHandle> {
  // A command changes data only: it never migrates (the server does, at its start).
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: async () => {}, source: 'DATABASE_URL' };
  const deadline = Date.now() + waitMs;
  for (;;) {
    let running = await findRunningServer(config.dataDir);
    if (!running) {
      // A mistyped DATA_DIR must not get a new, empty database.
      if (!(await hasEmbeddedCluster(config.dataDir))) {
        throw new Error(`there is no planns database in ${config.dataDir}: start the server once, or set DATA_DIR or DATABASE_URL`);
      }
      try {
        const embedded = await startEmbeddedPostgres({ dir: config.dataDir, log: (line) => line && log(`[postgres] ${line}`) });
        return {
          url: embeddedDatabaseUrl(embedded.adminUrl),
          embedded: true,
          stop: () => embedded.stop(),
          source: `the embedded PostgreSQL in ${config.dataDir} (started for this command)`,
        };
      } catch (err) {
        if (!(err instanceof DataDirBusyError)) throw err;
        running = { pid: err.pid, adminUrl: null }; // a server started meanwhile
      }
    }
    if (running.adminUrl) {
      return {
        url: embeddedDatabaseUrl(running.adminUrl),
        embedded: true,
        stop: async () => {},
        source: `the database of the running server (pid ${running.pid})`,
      };
    }
    if (Date.now() > deadline) {
      throw new Error(`the planns server (pid ${running.pid}) using ${config.dataDir} has not published its database address (still starting, or started by an older version: restart it)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
