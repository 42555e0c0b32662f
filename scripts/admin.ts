/**
 * `npm run admin -- <command>`: administration from the command line.
 *
 *   grant-moderator <phone>    make the person with this phone number a moderator
 *   revoke-moderator <phone>   take it back
 *   list-moderators            list the moderators
 *   jobs                       list the background jobs not done: waiting, running, retrying, failed
 *
 * Uses DATABASE_URL when set; otherwise the embedded database in DATA_DIR (default ./data): the
 * running server's PostgreSQL when a server is up, else it starts the embedded PostgreSQL for the
 * command and stops it afterwards. A change applies to signed-in people on their next request
 * (the auth hook reads users.is_moderator on every request), and to their live sockets within a
 * minute (each server re-checks its sockets every minute: decision 0020).
 *
 * Exit codes: 0 done (also when nothing needed changing), 1 unknown or invalid phone number or a
 * database error, 2 bad usage, 78 bad configuration.
 */
import { normalizePhone } from '@planns/shared/auth/phone.rules';
import { ConfigError, loadConfig } from '../apps/server/src/config.ts';
import { openCommandDatabase, type CommandDatabaseHandle } from '../apps/server/src/db/connection.ts';
import { createDb, type Db } from '../apps/server/src/db/database.ts';
import { listJobs } from '../apps/server/src/jobs/queue.ts';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-moderator <phone>    make the person with this phone number a moderator
  revoke-moderator <phone>   take moderator rights back
  list-moderators            list the moderators
  jobs                       list the background jobs not done yet (waiting, running,
                             retrying, failed), oldest first, with their last error
  --help                     show this help

The phone number is written with its country code, e.g. +12025550101 or "+1 202 555 0101".
The database is DATABASE_URL when set, else the embedded one in DATA_DIR (default ./data),
whether or not the server is running.`;

class UsageError extends Error {}
class NotFoundError extends Error {}

interface Person {
  id: number;
  name: string | null;
  phone: string | null;
  is_moderator: boolean;
}

function describe(person: Person): string {
  return `${person.name ?? 'A person without a name'} (${person.phone}, user ${person.id})`;
}

function phoneArgument(args: string[]): string {
  const raw = args.join(' ').trim();
  if (!raw) throw new UsageError('a phone number is required');
  const phone = normalizePhone(raw);
  if (!phone) throw new NotFoundError(`"${raw}" is not a valid phone number: write it with its country code, e.g. +12025550101`);
  return phone;
}

async function findByPhone(db: Db, phone: string): Promise<Person> {
  const person = await db.selectFrom('users').select(['id', 'name', 'phone', 'is_moderator']).where('phone', '=', phone).executeTakeFirst();
  if (!person) throw new NotFoundError(`no user has the phone number ${phone}`);
  return person;
}

async function setModerator(db: Db, phone: string, isModerator: boolean): Promise<string> {
  const person = await findByPhone(db, phone);
  // One conditional statement: it reports a change only when it made one.
  const changed = await db
    .updateTable('users')
    .set({ is_moderator: isModerator, updated_at: new Date() })
    .where('id', '=', person.id)
    .where('is_moderator', '=', !isModerator)
    .returning('id')
    .executeTakeFirst();
  if (isModerator) return changed ? `${describe(person)} is now a moderator.` : `${describe(person)} is already a moderator: nothing changed.`;
  return changed ? `${describe(person)} is no longer a moderator.` : `${describe(person)} is not a moderator: nothing changed.`;
}

async function listModerators(db: Db): Promise<string> {
  const rows = await db.selectFrom('users').select(['id', 'name', 'phone', 'is_moderator']).where('is_moderator', '=', true).orderBy('id').execute();
  if (rows.length === 0) return 'No moderators.';
  return [`${rows.length} moderator${rows.length === 1 ? '' : 's'}:`, ...rows.map((r) => `  ${describe(r)}`)].join('\n');
}

const JOBS_SHOWN = 100;

/** The queue as a person reads it: a count per state, then one line per job (decision 0026). */
async function describeJobs(db: Db): Promise<string> {
  const jobs = await listJobs(db, JOBS_SHOWN);
  if (jobs.length === 0) return 'No jobs waiting, running or failed.';
  const states = ['waiting', 'running', 'retrying', 'failed'] as const;
  const counts = states.map((state) => [state, jobs.filter((j) => j.state === state).length] as const).filter(([, n]) => n > 0);
  const lines = [`${jobs.length === JOBS_SHOWN ? `The oldest ${JOBS_SHOWN} jobs` : `${jobs.length} job${jobs.length === 1 ? '' : 's'}`}: ${counts.map(([state, n]) => `${n} ${state}`).join(', ')}`];
  for (const job of jobs) {
    const when = job.state === 'waiting' || job.state === 'retrying' ? `, due ${job.runAt.toISOString()}` : '';
    lines.push(`  #${job.id} ${job.name}: ${job.state}, attempt ${job.attempts} of ${job.maxAttempts}${when}, queued ${job.createdAt.toISOString()}`);
    if (job.lastError) lines.push(`      last error: ${job.lastError.split('\n')[0]!.slice(0, 300)}`);
  }
  return lines.join('\n');
}

function plan(argv: string[]): ((db: Db) => Promise<string>) | null {
  const [command, ...args] = argv;
  switch (command) {
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      return null;
    case 'grant-moderator': {
      const phone = phoneArgument(args);
      return (db) => setModerator(db, phone, true);
    }
    case 'revoke-moderator': {
      const phone = phoneArgument(args);
      return (db) => setModerator(db, phone, false);
    }
    case 'list-moderators':
      if (args.length > 0) throw new UsageError('list-moderators takes no arguments');
      return listModerators;
    case 'jobs':
      if (args.length > 0) throw new UsageError('jobs takes no arguments');
      return describeJobs;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

async function main(argv: string[]): Promise<number> {
  let run: ReturnType<typeof plan>;
  try {
    run = plan(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`admin: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof NotFoundError) {
      console.error(`admin: ${err.message}`);
      return 1;
    }
    throw err;
  }
  if (!run) {
    if (argv.length === 0) {
      console.error(USAGE);
      return 2;
    }
    console.log(USAGE);
    return 0;
  }

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 78;
    }
    throw err;
  }

  let handle: CommandDatabaseHandle | undefined;
  let db: Db | undefined;
  const stop = async () => {
    await db?.destroy();
    db = undefined;
    await handle?.stop();
    handle = undefined;
  };
  // Ctrl-C while the command holds its own embedded PostgreSQL: stop it before leaving.
  const interrupt = () => void stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    handle = await openCommandDatabase(config, (msg) => {
      if (!msg.startsWith('[postgres]')) console.error(`admin: ${msg}`);
    });
    console.error(`admin: using ${handle.source}`);
    db = createDb(handle.url, 1);
    console.log(await run(db));
    return 0;
  } catch (err) {
    console.error(`admin: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await stop();
  }
}

// exit() rather than exitCode: nothing of the database (pool, embedded PostgreSQL) may keep the command alive.
process.exit(await main(process.argv.slice(2)));
