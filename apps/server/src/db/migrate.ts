import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrateQueue } from '../jobs/queue-schema.ts';

const migrationsDir = path.join(import.meta.dirname, 'migrations');
const LOCK_ID = 727_001;

/**
 * Applies migrations/NNNN_name.sql in order, each in its own transaction, recording them in
 * schema_migrations. Forward-only. A session advisory lock keeps two starting servers apart.
 * Then the job queue's own schema (graphile-worker's migrations, under their own lock).
 */
export async function migrate(connectionString: string, log: (msg: string) => void = () => {}): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    const files = (await fs.readdir(migrationsDir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await fs.readFile(path.join(migrationsDir, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(file);
      log(`applied migration ${file}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    await client.end();
  }
  await migrateQueue(connectionString);
  return applied;
}
