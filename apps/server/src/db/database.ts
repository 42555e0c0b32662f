import { Kysely, PostgresDialect, sql, type RawBuilder, type Transaction } from 'kysely';
import crypto from 'node:crypto';
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

/** Ids given as values, or as an SQL expression of an array of them (read in the same statement). */
export type IdSet = readonly number[] | RawBuilder<number[]>;

/**
 * PostgreSQL's estimate of an array parameter it cannot see (a generic plan's): 10 elements
 * (estimate_array_length's default guess, selfuncs.c).
 */
export const GENERIC_ARRAY_ESTIMATE = 10;

/**
 * `ids` padded with 0 (no row's id: every id is an identity counting from 1) up to GENERIC_ARRAY_ESTIMATE, for
 * a prepared statement that should keep its generic plan (decision 0050). After five runs
 * PostgreSQL's plan cache keeps planning a statement for its values while the average of those
 * plans' estimated costs stays below its generic plan's, and an array shorter than 10 makes a plan
 * cheaper than the generic one, whose array is 10 long: a page of a few events had every statement
 * of its cards planned again (2 ms of planning for 0.35 ms of reading). Padded, a plan for its
 * values is never cheaper than the generic one, which is then kept; `= ANY` and unnest over the
 * padding meet no row (unnest's padded rows are the caller's to drop).
 */
export function paddedIds(ids: readonly number[]): readonly number[] {
  if (ids.length >= GENERIC_ARRAY_ESTIMATE) return ids;
  const padded = ids.slice();
  while (padded.length < GENERIC_ARRAY_ESTIMATE) padded.push(0);
  return padded;
}

/** Distinct statements a connection keeps prepared at most; beyond them, statements are planned each time. */
export const PREPARED_PER_CONNECTION = 1000;
/** Statements longer than this are not prepared (a long generated text is seldom repeated). */
const PREPARED_MAX_CHARS = 16_000;

/**
 * A statement holding this comment is planned for its own values every time, never prepared: for
 * statements whose best plan depends on the values (the events list: a small set of ids to start
 * from, or a large one to probe while walking an index). A prepared statement may switch to a
 * generic plan after five runs, and for the list that plan was up to 100 times slower (bench:events:
 * a category page 8.6 ms planned for its values, 109 ms generic).
 */
const PLAN_EACH_TIME_TEXT = '/* planned each time */';
export const PLAN_EACH_TIME = sql.raw(PLAN_EACH_TIME_TEXT);

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `planns_${crypto.createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size >= 10 * PREPARED_PER_CONNECTION) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * An array of numbers as PostgreSQL's array literal ('{1,2,3}'), as pg would send it but without
 * quoting and escaping each element (pg runs two regular expressions on every element: for a
 * page's 100 ids, several times a page, about 5% of the server's time for the events list in a
 * profile under load, issue 16). Numbers are written as pg writes them (String(n)); any other
 * array is left to pg.
 */
export function numberArrayLiteral(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  for (const item of value) if (typeof item !== 'number' || !Number.isFinite(item)) return null;
  return `{${value.join(',')}}`;
}

/** The values of a statement, arrays of numbers given as literals (numberArrayLiteral). */
export function withNumberArrayLiterals(values: readonly unknown[]): unknown[] {
  return values.map((value) => numberArrayLiteral(value) ?? value);
}

/**
 * A connection that prepares its parameterised statements (pg's named statements: parsed once per
 * connection, then planned as PostgreSQL's plan cache decides; decision 0030), as postgres.js and
 * JDBC do. The query builder sends the same texts over and over with other values; each would
 * otherwise be parsed and planned again every time. Statements without parameters (BEGIN, COMMIT,
 * DDL) and texts beyond the limits above go as before.
 */
export class PreparingClient extends pg.Client {
  private prepared = new Set<string>();

  override query(...args: unknown[]): never {
    if (Array.isArray(args[1])) args[1] = withNumberArrayLiterals(args[1]);
    const [config, values] = args;
    if (
      typeof config === 'string' &&
      Array.isArray(values) &&
      values.length > 0 &&
      config.length <= PREPARED_MAX_CHARS &&
      !config.includes(PLAN_EACH_TIME_TEXT)
    ) {
      const name = statementName(config);
      if (this.prepared.has(name) || this.prepared.size < PREPARED_PER_CONNECTION) {
        this.prepared.add(name);
        return (super.query as (...a: unknown[]) => never)({ name, text: config, values }, ...args.slice(2));
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({
    Client: PreparingClient,
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
