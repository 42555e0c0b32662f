import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';

/** graphile-worker's tables and functions live in this schema. */
export const QUEUE_SCHEMA = 'graphile_worker';

/**
 * A pool for the queue's own connections. A connection that fails while idle (the database
 * restarting) is dropped and reported, not thrown: graphile-worker reconnects.
 */
export function queuePool(connectionString: string, max: number, onError: (err: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/**
 * Creates or updates graphile-worker's schema with its own forward-only migrations; db/migrate.ts
 * runs it after planns' migrations, so every database planns migrates has its queue.
 */
export async function migrateQueue(connectionString: string): Promise<void> {
  const pool = queuePool(connectionString, 1);
  try {
    await runMigrations({ pgPool: pool, schema: QUEUE_SCHEMA, logger: new Logger(() => () => {}) });
  } finally {
    await pool.end();
  }
}
