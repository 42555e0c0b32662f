import pg from 'pg';
import type { Config } from '../config.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { migrate } from './migrate.ts';

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
    const url = embedded.adminUrl.replace(/\/postgres$/, '/planns');
    const admin = new pg.Client({ connectionString: embedded.adminUrl });
    await admin.connect();
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'planns'");
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE planns');
    await admin.end();
    await migrate(url, log);
    return { url, embedded: true, stop: () => embedded.stop() };
  } catch (err) {
    await embedded.stop().catch(() => {});
    throw err;
  }
}
