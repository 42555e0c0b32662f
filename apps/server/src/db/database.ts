import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// bigint ids and counts fit in a JS number here; parse them as numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/** How close a searched word must be to a word of the event (pg_trgm word similarity, 0-1). */
export const TYPO_THRESHOLD = 0.5;

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Repositories take either the pool or a transaction, passed explicitly by the service. */
export type Executor = Db | Tx;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    // Event search's typo tolerance: 'festval' finds 'festival' (word similarity 0.55; default 0.6).
    options: `-c pg_trgm.word_similarity_threshold=${TYPO_THRESHOLD}`,
  });
  pool.on('error', () => {}); // an idle client's error is reported on its next use
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Serializes the transactions that take the same key, until each ends: a transaction-scoped
 * advisory lock on a 64-bit hash of the key (a collision only serializes two unrelated things).
 */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
}

/** Runs `fn` in one transaction (CONVENTIONS §3). */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

/**
 * Runs `fn` inside the caller's transaction after a savepoint; should it throw an error that
 * `undo` accepts, its writes go back to the savepoint (the transaction and its locks go on) and
 * the error is returned; any other error is thrown.
 */
export async function underSavepoint<T>(tx: Tx, fn: () => Promise<T>, undo: (err: unknown) => boolean): Promise<{ value: T } | { undone: unknown }> {
  await sql`SAVEPOINT planns_undo`.execute(tx);
  try {
    // Left in place (released with the transaction): no round trip after `fn`, which may hold a lock.
    return { value: await fn() };
  } catch (err) {
    if (!undo(err)) throw err;
    await sql`ROLLBACK TO SAVEPOINT planns_undo`.execute(tx);
    return { undone: err };
  }
}
