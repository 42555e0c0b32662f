import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * One PostgreSQL for the run: TEST_DATABASE_URL (for instance the machine's PostgreSQL 15) or an
 * embedded one in a temporary folder. A template database is migrated once; each test file
 * clones its own database from it (test/harness.ts).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let tmpDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-test-'));
    await fs.chmod(tmpDir, 0o755);
    embedded = await startEmbeddedPostgres({ dir: tmpDir, ephemeral: true });
    adminUrl = embedded.adminUrl;
  }
  const templateDb = `planns_tpl_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version;
  console.log(`integration tests on PostgreSQL ${version} (${embedded ? 'embedded' : 'TEST_DATABASE_URL'})`);
  await admin.query(`CREATE DATABASE ${templateDb}`);
  await migrate(withDatabase(adminUrl, templateDb));
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2",
      [`${templateDb.replace('tpl', 'test')}%`, templateDb],
    );
    for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
  };
}
