/**
 * `npm run bench:tickets`: a flash sale through the real HTTP API on the test provider (issue 15,
 * "Proof"): BENCH_BUYERS (2,000) buyers race for BENCH_TICKETS (500) tickets of one event. Targets:
 * at least 6,000 holds a minute per event (100 a second; pretix publishes 300 to 400 a minute), p95
 * of the embed and of the pay call at most 300 ms on the 2-core machine, the sold-out answers to
 * the losers as fast; never oversold, never fulfilled twice.
 *
 * 1. A scratch database (bench-support.ts), migrated; the organiser, the buyers, warm-up and profile
 *    buyers, each a person with a session of their own (inserted straight into the tables: no SMS sign-in),
 *    so no per-person cache can help.
 * 2. The real server (apps/server/src/main.ts) in a child process: production mode, its own port and
 *    data folder, the scratch database, the test payment provider, TRUST_PROXY=true. Each buyer
 *    sends an X-Forwarded-For of their own, as a deployment behind a proxy sees its clients: the
 *    embed route allows 60 calls a minute and the pay route 30 per client address, which one
 *    address (127.0.0.1) would exhaust in the sale's first second. RATE_LIMIT_MAX is lifted for
 *    the organiser's set-up calls, which all come from 127.0.0.1.
 * 3. Through the API: the organiser opens a test-provider account and completes its onboarding,
 *    creates a paid event (one price, max BENCH_TICKETS) and its product; a warm-up event (max 50)
 *    gets the same flow from 100 warm-up buyers (not counted).
 * 4. The sale: BENCH_CONCURRENCY (64) keep-alive connections (node:http), each taking the next
 *    buyer: GET /api/payments/embed/{id}?current_session=...&quantity=1 as that buyer, and on 200
 *    POST /api/test-provider/checkout/{id}/pay with 4242 4242 4242 4242. Every answer is timed from
 *    the request's start to its last byte.
 * 5. After the sale: the server's job runner is given until no job is due (the outbox's texts), then
 *    the database says what was sold: valid tickets, oversold, double fulfilments (orders with more
 *    tickets than they bought, buyers with more than one ticket, checkouts paid twice at the
 *    provider), paid checkouts without their ticket, live holds left.
 * 6. The baseline: a bare node:http server (another child) answering the bytes of an embed reply,
 *    hit by the same client at the same concurrency with as many requests as the sale sent; the CPU
 *    of the server, PostgreSQL, this process and the machine during the sale (/proc).
 * 7. Where the time goes, the server stopped: one buyer at a time in this process, through the
 *    server's service functions on a pool that records every statement (BEGIN and COMMIT too):
 *    PROFILE_TICKETS holds and their payments, then as many sold-out answers: the statements of
 *    each call, and which of them run with the event's row lock held, for how long; EXPLAIN
 *    ANALYZE of a claim's two counting statements on the sale's event. BENCH_CPU_PROF=<folder>
 *    has the server write a V8 CPU profile of its run there.
 * Prints the figures with PASS/FAIL. Exits 0 when nothing was oversold or fulfilled twice (a missed
 * performance target prints FAIL and says by how much, as bench:realtime's MISS does); 1 when
 * something was, or when it could not set up.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createDb, PreparingClient, TYPO_THRESHOLD } from '../apps/server/src/db/database.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { findFreePort } from '../apps/server/src/db/embedded-postgres.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { AppError } from '../apps/server/src/http/app-error.ts';
import * as inventoryRepo from '../apps/server/src/modules/inventory/inventory.repo.ts';
import { openCheckout } from '../apps/server/src/modules/orders/orders.service.ts';
import { pay as payCheckout } from '../apps/server/src/modules/test-provider/test-provider.service.ts';
import { TestPaymentsProvider } from '../apps/server/src/providers/payments/test-payments.ts';
import { missingMallocSettings } from './malloc-settings.ts';
import {
  type BenchRun,
  backendPids,
  cpuMsOfPid,
  insertBenchUser,
  insertSessions,
  log,
  machineSnapshot,
  memoryOfPid,
  runBench,
  serviceDeps,
  startBareServer,
  startChild,
  stopChild,
  waitForOk,
} from './bench-support.ts';

const BUYERS = Number(process.env.BENCH_BUYERS) || 2000;
const TICKETS = Number(process.env.BENCH_TICKETS) || 500;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY) || 64;
const WARMUP_BUYERS = 100;
const WARMUP_TICKETS = 50;
const PRICE = 2500; // EUR 25.00 in minor units
const TARGET_HOLDS_PER_MIN = 6000;
/** The paced sale's buyers a second (BENCH_RATE): the target's 100 holds a second, offered as an open loop. */
const RATE = Number(process.env.BENCH_RATE) || TARGET_HOLDS_PER_MIN / 60;
const TARGET_P95_MS = 300;
const JOBS_WAIT_MS = 60_000;
/** One buyer at a time, in this process: this many winners (the profile event's max), then as many losers. */
const PROFILE_TICKETS = 15;
const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };
const ONBOARDING = { business_type: 'individual', first_name: 'Bench', last_name: 'Organiser', country: 'ES', default_currency: 'EUR', accept_terms: true };

const now = () => performance.now();

/* ------------------------------------------------------------------ HTTP, timed */

interface Answer {
  status: number;
  body: Buffer;
  /** From the request's start to its last byte, ms. */
  ms: number;
  /** When it was sent and answered (performance.now()). */
  sentAt: number;
  doneAt: number;
}

/** One request on a keep-alive agent; errors (no answer) come back as status 0. */
function send(agent: http.Agent, url: URL, method: 'GET' | 'POST', headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const sentAt = now();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const doneAt = now();
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), ms: doneAt - sentAt, sentAt, doneAt });
        });
        res.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), ms: now() - sentAt, sentAt, doneAt: now() }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), ms: now() - sentAt, sentAt, doneAt: now() }));
    req.end(payload);
  });
}

/** A JSON call of the organiser's set-up: the data, or an error naming the answer. */
async function api<T>(base: string, method: 'GET' | 'POST', route: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /api/${route} answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Runs `task(i)` for i in [0, count) on `concurrency` workers, each taking the next i. */
async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/* ------------------------------------------------------------------ figures */

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
function stats(values: number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  return { n: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN };
}

/**
 * PostgreSQL's own processes beside the backends (checkpointer, WAL writer, I/O workers, autovacuum):
 * the children of the backends' postmaster that serve no database connection.
 */
async function postgresHelpers(backends: number[]): Promise<number[]> {
  const parentOf = async (pid: number) => {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  };
  if (backends.length === 0) return [];
  const postmaster = await parentOf(backends[0]!);
  const helpers: number[] = [];
  for (const entry of await fs.readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry) || backends.includes(Number(entry))) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    // A client backend's title is "postgres: user database address state".
    if (cmdline.startsWith('postgres: ') && !/^postgres: \S+ \S+ [\d.:[\]a-f]+\(\d+\)/.test(cmdline) && (await parentOf(Number(entry))) === postmaster) helpers.push(Number(entry));
  }
  return helpers;
}

/** CPU of the server, this database's PostgreSQL backends and PostgreSQL's helpers, this process (the buyers' client) and the whole machine over a phase. */
async function cpuProbe(serverPid: number, database: string | null) {
  const pgPids = database ? await backendPids(database) : [];
  const helperPids = await postgresHelpers(pgPids);
  const cpuOf = async (pids: number[]) => (await Promise.all(pids.map((pid) => cpuMsOfPid(pid)))).reduce<number>((n, ms) => n + (ms ?? 0), 0);
  const pgCpu = () => cpuOf(pgPids);
  const before = { server: (await cpuMsOfPid(serverPid)) ?? Number.NaN, pg: await pgCpu(), helpers: await cpuOf(helperPids), self: process.cpuUsage(), machine: await machineSnapshot(), at: now() };
  return async () => {
    const server = (await cpuMsOfPid(serverPid)) ?? Number.NaN;
    const pgMs = await pgCpu();
    const helpersMs = await cpuOf(helperPids);
    const self = process.cpuUsage(before.self);
    const machine = await machineSnapshot();
    const wallMs = now() - before.at;
    const cores = os.cpus().length;
    const totalJiffies = machine.total - before.machine.total;
    const memory = await memoryOfPid(serverPid);
    return {
      wallMs,
      /** % of one core. */
      server: ((server - before.server) / wallMs) * 100,
      pg: ((pgMs - before.pg) / wallMs) * 100,
      pgBackends: pgPids.length,
      pgHelpers: ((helpersMs - before.helpers) / wallMs) * 100,
      pgHelperCount: helperPids.length,
      client: ((self.user + self.system) / 1000 / wallMs) * 100,
      /** % of all cores. */
      machineBusy: totalJiffies > 0 ? ((machine.busy - before.machine.busy) / totalJiffies) * 100 : Number.NaN,
      /** % of all cores: time the hypervisor gave this machine's cores to other machines. */
      steal: totalJiffies > 0 ? ((machine.steal - before.machine.steal) / totalJiffies) * 100 : Number.NaN,
      stall: ((machine.stallUs - before.machine.stallUs) / 1000 / wallMs) * 100,
      cores,
      serverRss: memory?.rss ?? Number.NaN,
      serverPeak: memory?.peak ?? Number.NaN,
    };
  };
}

/* ------------------------------------------------------------------ people */

/** `count` people, each with a live session (bearer token), in two statements. */
async function insertBuyers(url: string, count: number, phoneBase: number, label: string): Promise<{ id: number; token: string }[]> {
  const db = createDb(url, 1);
  try {
    const people = await db
      .insertInto('users')
      .values(Array.from({ length: count }, (_, i) => ({ phone: `+1555${String(phoneBase + i).padStart(7, '0')}`, name: `${label} ${i + 1}`, terms_accepted_at: new Date() })))
      .returning('id')
      .execute();
    const tokens = await insertSessions(db, people.map((p) => p.id), 'bench:tickets');
    return people.map((p, i) => ({ id: p.id, token: tokens[i]! }));
  } finally {
    await db.destroy();
  }
}

/** A client address of each buyer's own (10.x.y.z), sent as X-Forwarded-For. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) || 1}`;

/* ------------------------------------------------------------------ the sale */

interface Sale {
  embedOk: Answer[];
  soldOut: Answer[];
  pays: Answer[];
  /** Answers that were neither: "HTTP 429 rate_limited" -> count. */
  other: Map<string, number>;
  payFailed: Map<string, number>;
  startedAt: number;
  endedAt: number;
  /** One embed reply's bytes (for the baseline). */
  sampleReply: Buffer | null;
  requests: number;
}

function describe(answer: Answer): string {
  if (answer.status === 0) return 'no answer';
  try {
    const code = (JSON.parse(answer.body.toString('utf8')) as { error?: { code?: string } }).error?.code;
    return `HTTP ${answer.status}${code ? ` ${code}` : ''}`;
  } catch {
    return `HTTP ${answer.status}`;
  }
}

/**
 * A sale: each buyer embeds and, on a hold, pays. `pace`: none, a race (`concurrency` connections,
 * each taking the next buyer as soon as it is done: as fast as the server goes); a rate, buyers
 * arriving on a clock (buyer i at the start plus i / rate seconds, whatever the answers before:
 * an open loop), the embed timed from the buyer's arrival so that a server falling behind shows.
 */
async function runSale(base: string, eventId: number, buyers: { token: string }[], addressOffset: number, concurrency: number, pace?: { rate: number }): Promise<Sale> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: pace ? 1024 : concurrency });
  const sale: Sale = { embedOk: [], soldOut: [], pays: [], other: new Map(), payFailed: new Map(), startedAt: now(), endedAt: 0, sampleReply: null, requests: 0 };
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const buyerAt = async (i: number) => {
    if (!pace) return;
    const arrival = sale.startedAt + (i * 1000) / pace.rate;
    const wait = arrival - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return arrival;
  };
  try {
    await pool(buyers.length, pace ? buyers.length : concurrency, async (i) => {
      const arrival = await buyerAt(i);
      const buyer = buyers[i]!;
      const headers = { authorization: `Bearer ${buyer.token}`, 'x-forwarded-for': addressOf(addressOffset + i) };
      const query = new URLSearchParams({ current_session: `bench-${addressOffset + i}-${Date.now().toString(36)}`, quantity: '1' });
      const sent = await send(agent, new URL(`${base}/api/payments/embed/${eventId}?${query}`), 'GET', headers);
      // Paced: from the buyer's arrival (a send the timer made late counts against the server too).
      const embed = arrival === undefined ? sent : { ...sent, sentAt: arrival, ms: sent.doneAt - arrival };
      sale.requests += 1;
      if (embed.status !== 200) {
        if (embed.status === 409 && describe(embed) === 'HTTP 409 sold_out') sale.soldOut.push(embed);
        else count(sale.other, describe(embed));
        return;
      }
      sale.embedOk.push(embed);
      sale.sampleReply ??= embed.body;
      const sessionId = (JSON.parse(embed.body.toString('utf8')) as { data: { id: string } }).data.id;
      const paid = await send(agent, new URL(`${base}/api/test-provider/checkout/${sessionId}/pay`), 'POST', headers, CARD);
      sale.requests += 1;
      if (paid.status === 200) sale.pays.push(paid);
      else count(sale.payFailed, describe(paid));
    });
  } finally {
    sale.endedAt = now();
    agent.destroy();
  }
  return sale;
}

/** The baseline: `requests` GETs of the bare server at the same concurrency, on the same kind of client. */
async function runBaseline(url: string, requests: number, concurrency: number): Promise<{ answers: Answer[]; ms: number; failed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const answers: Answer[] = [];
  let failed = 0;
  const started = now();
  try {
    await pool(requests, concurrency, async (i) => {
      const answer = await send(agent, new URL(`${url}/api/payments/embed/1?current_session=bench-${i}&quantity=1`), 'GET', { authorization: 'Bearer x', 'x-forwarded-for': addressOf(i) });
      if (answer.status === 200) answers.push(answer);
      else failed += 1;
    });
  } finally {
    agent.destroy();
  }
  return { answers, ms: now() - started, failed };
}

/* ------------------------------------------------------------------ the database's word */

interface Outcome {
  ticketsSold: number;
  oversold: number;
  ordersOverIssued: number;
  buyersWithMore: number;
  paidTwiceAtProvider: number;
  paidWithoutTickets: number;
  holdsLeft: number;
  ordersByStatus: Record<string, number>;
  jobsDueLeft: number;
  jobsFailed: number;
}

/** Waits (up to JOBS_WAIT_MS) until the server's job runner has run every job that is due; answers how many are left and how many failed. */
async function waitForDueJobs(client: pg.Client): Promise<{ due: number; failed: number }> {
  const deadline = now() + JOBS_WAIT_MS;
  for (;;) {
    const { rows } = await client.query<{ due: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE run_at <= now() AND attempts < max_attempts)::int AS due,
              count(*) FILTER (WHERE attempts >= max_attempts)::int AS failed
       FROM graphile_worker.jobs`,
    );
    const row = rows[0]!;
    if (row.due === 0 || now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function outcomeOf(client: pg.Client, eventId: number, capacity: number): Promise<Outcome> {
  const jobs = await waitForDueJobs(client);
  const one = async (text: string) => Number(Object.values((await client.query(text, [eventId])).rows[0] as Record<string, unknown>)[0] ?? 0);
  const ticketsSold = await one(`SELECT count(*) FROM tickets WHERE event_id = $1 AND status = 'valid'`);
  const ordersOverIssued = await one(
    `SELECT count(*) FROM (
       SELECT o.id FROM orders o
       WHERE o.event_id = $1
         AND (SELECT count(*) FROM tickets t WHERE t.order_id = o.id) > (SELECT coalesce(sum(i.quantity), 0) FROM order_items i WHERE i.order_id = o.id)
     ) x`,
  );
  const buyersWithMore = await one(`SELECT count(*) FROM (SELECT user_id FROM tickets WHERE event_id = $1 GROUP BY user_id HAVING count(*) > 1) x`);
  const paidTwiceAtProvider = await one(
    `SELECT count(*) FROM (
       SELECT p.data->'metadata'->>'planns_order_id' AS order_id FROM test_provider_objects p
       WHERE p.object = 'payment_intent' AND p.data->'metadata'->>'planns_event_id' = $1::text
       GROUP BY 1 HAVING count(*) > 1
     ) x`,
  );
  const paidWithoutTickets = await one(
    `SELECT count(*) FROM orders o
     WHERE o.event_id = $1 AND o.status = 'paid'
       AND (SELECT count(*) FROM tickets t WHERE t.order_id = o.id AND t.status = 'valid') < (SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id)`,
  );
  const holdsLeft = await one(`SELECT count(*) FROM orders WHERE event_id = $1 AND status = 'pending' AND hold_expires_at > now()`);
  const byStatus = await client.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM orders WHERE event_id = $1 GROUP BY status ORDER BY status`, [eventId]);
  return {
    ticketsSold,
    oversold: Math.max(0, ticketsSold - capacity),
    ordersOverIssued,
    buyersWithMore,
    paidTwiceAtProvider,
    paidWithoutTickets,
    holdsLeft,
    ordersByStatus: Object.fromEntries(byStatus.rows.map((r) => [r.status, r.n])),
    jobsDueLeft: jobs.due,
    jobsFailed: jobs.failed,
  };
}

/* ------------------------------------------------------------------ the server */

async function startServer(databaseUrl: string, dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await findFreePort();
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile of its whole run there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const child = startChild([...profile, 'apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PAYMENTS_PROVIDER: 'test',
    SMS_PROVIDER: 'console',
    // Each buyer is a client address of their own (X-Forwarded-For), as behind a proxy: the
    // embed and pay routes' per-address limits (60 and 30 a minute) hold as in production.
    TRUST_PROXY: 'true',
    // The organiser's set-up calls all come from 127.0.0.1.
    RATE_LIMIT_MAX: '1000000000',
    // BENCH_POOL=<n>: the server's connections to PostgreSQL (its default otherwise: 4 per core, 8 to 20).
    ...(process.env.BENCH_POOL ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL } : {}),
    ...missingMallocSettings(),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, child, 'the server');
  return { child, base };
}

/** The organiser's paid event on sale: one price, `max` tickets, its product at the provider. */
async function eventOnSale(base: string, token: string, name: string, max: number): Promise<number> {
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  const event = await api<{ id: number }>(base, 'POST', 'events/create', token, {
    name,
    start_date: start,
    address: 'Carrer de Mallorca 1, Barcelona',
    max,
    pricing_mode: 'single',
    price: PRICE,
    currency: 'EUR',
    ticket_name: 'General Admission',
  });
  await api(base, 'POST', `payments/create-product/${event.id}`, token);
  const page = await api<{ payments_enabled: boolean }>(base, 'GET', `events/${event.id}`, token);
  if (!page.payments_enabled) throw new Error(`event ${event.id}: payments are not enabled`);
  return event.id;
}

/* ------------------------------------------------------------------ one buyer at a time, in this process */

interface Statement {
  text: string;
  values: unknown;
  /** performance.now() when it was sent and answered. */
  start: number;
  end: number;
  client: number;
}

/**
 * The service code of the server on a pool of its own whose every statement (BEGIN and COMMIT
 * too) is recorded with its times: which statements one call runs, and how long it holds the
 * event row lock (from the `FOR UPDATE` on events answering to its transaction's end).
 */
function recordingDeps(url: string, dataDir: string, statements: Statement[]): { deps: AppDeps; provider: TestPaymentsProvider; close: () => Promise<void> } {
  // The server's own kind of connection (its statements prepared once each, decision 0030).
  const pool = new pg.Pool({ Client: PreparingClient, connectionString: url, max: 2, options: `-c pg_trgm.word_similarity_threshold=${TYPO_THRESHOLD}` });
  let clients = 0;
  pool.on('connect', (client) => {
    const id = (clients += 1);
    const query = client.query.bind(client) as (text: unknown, values?: unknown) => Promise<unknown>;
    (client as unknown as { query: typeof query }).query = (text, values) => {
      const start = now();
      const done = () => statements.push({ text: typeof text === 'string' ? text : String((text as { text?: string }).text), values, start, end: now(), client: id });
      const result = query(text, values);
      result.then(done, done);
      return result;
    };
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const deps = serviceDeps(url, dataDir, db, { PAYMENTS_PROVIDER: 'test' });
  const payments = deps.payments;
  if (!(payments instanceof TestPaymentsProvider)) throw new Error('not the test provider');
  return { deps, provider: payments, close: () => db.destroy() };
}

/** A hold's one statement: the order, its items and its claim (planns_claim_tickets). */
const IN_STATEMENT_CLAIM = /planns_claim_tickets\(/;
/** A claim's lock and count (planns_ticket_usage with p_lock true), or the lock taken alone (an RSVP's). */
const COUNT_STATEMENT = /planns_ticket_usage\(/;
const isLock = (st: { text: string; values: unknown }) =>
  /^select "id", "max", "currency" from "events" where "id" = \$1 for (no key )?update$/.test(st.text) || (COUNT_STATEMENT.test(st.text) && Array.isArray(st.values) && st.values.at(-1) === true);

interface CallProfile {
  ms: number;
  statements: number;
  sqlMs: number;
  /** Statements run while the event row lock was held (the lock's own included), and for how long it was held. */
  locked: number;
  lockMs: number;
  /** What ran under the lock: each statement's name and time, COMMIT or ROLLBACK last. */
  underLock: { name: string; ms: number }[];
  /** Every statement of the call, in order, with its time. */
  all: { name: string; ms: number }[];
}

/** A short name for a statement of the checkout's code. */
function nameOf(text: string): string {
  const names: [RegExp, string][] = [
    [/^select "id", "max", "currency" from "events"/, 'lock the event'],
    [COUNT_STATEMENT, 'count the places (in all and per type)'],
    [/coalesce\(sum\(c\.seats\)/, "count the event's places"],
    [IN_STATEMENT_CLAIM, 'write the hold (order, items) and claim its places'],
    [/^\s*SELECT e\.\*, .* AS ticket_types/s, 'the event (visible to the buyer?) and its ticket types'],
    [/from "payment_accounts"/, "the organiser's payout account"],
    [/FROM test_provider_objects o\s+LEFT JOIN/, "the provider: the session's prices and account"],
    [/INSERT INTO test_provider_idempotency/, 'the provider: the session written'],
    [/^update "orders" set "checkout_session_id"/, "the order's checkout session"],
    [/^select "data" from "test_provider_objects"/, 'the provider: the session read'],
    [/UPDATE test_provider_objects SET data/, 'the provider: the session completed, the payment made'],
    [/^insert into "payment_events"/, "the provider's event recorded"],
    [/coalesce\(json_agg\(i ORDER BY/, 'the order and its items, locked'],
    [/^SAVEPOINT/, 'savepoint'],
    [/^select "session_id"|from "sessions"/, 'the session (signed in?)'],
    [/^insert into "orders"/, 'insert the order'],
    [/^insert into "order_items"/, 'its items'],
    [/graphile_worker\.add_job/, 'queue a job'],
    [/^update "orders"/, 'mark the order paid'],
    [/^insert into "tickets"/, 'insert the ticket'],
    [/^insert into "event_users"/, 'answer going'],
    [/^update "payment_events"/, 'mark the report applied'],
    [/^select \* from "order_items"/, 'read the items'],
    [/^(commit|rollback)$/i, 'COMMIT'],
  ];
  const found = names.find(([pattern]) => pattern.test(text));
  return found ? (/^rollback$/i.test(text) ? 'ROLLBACK' : found[1]) : text.replace(/\s+/g, ' ').slice(0, 40);
}

function profileOf(statements: Statement[], ms: number): CallProfile {
  const sql = statements.filter((st) => !/^(begin|commit|rollback)$/i.test(st.text));
  let locked = 0;
  let lockMs = 0;
  const underLock: { name: string; ms: number }[] = [];
  let heldUntil = -1; // a second FOR UPDATE in the same transaction takes nothing new
  statements.forEach((st, i) => {
    if (i > heldUntil && IN_STATEMENT_CLAIM.test(st.text)) {
      // A hold's one statement (written, locked, counted and committed on its own, outside any
      // transaction): the lock is held for at most its time.
      lockMs += st.end - st.start;
      locked += 1;
      underLock.push({ name: nameOf(st.text), ms: st.end - st.start });
      return;
    }
    if (i <= heldUntil || !isLock(st)) return;
    const end = statements.findIndex((later, j) => j > i && later.client === st.client && /^(commit|rollback)$/i.test(later.text));
    if (end < 0) return;
    heldUntil = end;
    // One buyer at a time the lock is granted at once: held from the statement that takes it (with
    // the count, the same statement) to the transaction's end.
    lockMs += statements[end]!.end - st.start;
    const inside = statements.slice(i, end + 1).filter((later) => later.client === st.client);
    locked += inside.length;
    underLock.push(...inside.map((later) => ({ name: isLock(later) && COUNT_STATEMENT.test(later.text) ? 'lock and count the places' : nameOf(later.text), ms: later.end - later.start })));
  });
  const all = statements.map((st) => ({ name: nameOf(st.text), ms: st.end - st.start }));
  return { ms, statements: sql.length, sqlMs: sql.reduce((n, st) => n + st.end - st.start, 0), locked, lockMs, underLock, all };
}

const medianOf = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};
/** The medians of each figure; underLock: that of the call whose lock time is the median. */
const medianProfile = (profiles: CallProfile[]): CallProfile & { n: number } => {
  const lockMs = medianOf(profiles.map((p) => p.lockMs));
  return {
    n: profiles.length,
    ms: medianOf(profiles.map((p) => p.ms)),
    statements: medianOf(profiles.map((p) => p.statements)),
    sqlMs: medianOf(profiles.map((p) => p.sqlMs)),
    locked: medianOf(profiles.map((p) => p.locked)),
    lockMs,
    underLock: profiles.find((p) => p.lockMs === lockMs)?.underLock ?? [],
    all: profiles.find((p) => p.lockMs === lockMs)?.all ?? [],
  };
};

interface Plan {
  label: string;
  planningMs: number;
  executionMs: number;
}

/**
 * One buyer at a time on the profile event (max PROFILE_TICKETS): each winner's embed and pay,
 * then as many losers' embeds (sold out), through the server's own service functions; then
 * EXPLAIN ANALYZE of the two counting statements a claim runs, on the sale's event (its tickets sold).
 */
async function profileCalls(url: string, dataDir: string, profileEvent: number, saleEvent: number, people: { id: number }[]) {
  const statements: Statement[] = [];
  const { deps, provider, close } = recordingDeps(url, dataDir, statements);
  const holds: CallProfile[] = [];
  const pays: CallProfile[] = [];
  const soldOut: CallProfile[] = [];
  const plans: Plan[] = [];
  try {
    for (const [i, person] of people.entries()) {
      const actor = { userId: person.id, isModerator: false, sessionId: 0, via: 'bearer' as const };
      statements.length = 0;
      let started = now();
      try {
        const checkout = await openCheckout(deps, actor, profileEvent, { current_session: `bench-profile-${i}`, quantity: 1 });
        holds.push(profileOf(statements, now() - started));
        statements.length = 0;
        started = now();
        await payCheckout(deps, provider, checkout.id, CARD);
        pays.push(profileOf(statements, now() - started));
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'sold_out') throw err;
        soldOut.push(profileOf(statements, now() - started));
      }
    }
    // The counting statements of a claim, as the service sends them, on the sale's event: each
    // planned afresh every time (unnamed statements), so both figures count (without per-node timing, which would slow the execution it measures). The second EXPLAIN
    // on the connection is kept (the first warms its catalog caches, as the server's are).
    const captured: { sql: string; parameters: readonly unknown[] }[] = [];
    const logging = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
      log: (event) => {
        if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
    const at = new Date();
    try {
      await inventoryRepo.ticketUsage(logging, saleEvent, [], at);
    } finally {
      await logging.destroy();
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const [i, label] of ["the event's max and each type's limit (ticketUsage)"].entries()) {
        const q = captured[i]!;
        let text = '';
        for (let run = 0; run < 2; run += 1) {
          text = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, TIMING OFF, SUMMARY) ${q.sql}`, [...q.parameters])).rows.map((r) => r['QUERY PLAN']).join('\n');
        }
        plans.push({
          label,
          planningMs: Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? Number.NaN),
          executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? Number.NaN),
        });
      }
    } finally {
      await client.end();
    }
  } finally {
    await close();
  }
  return { hold: medianProfile(holds), pay: medianProfile(pays), soldOut: medianProfile(soldOut), plans };
}

/* ------------------------------------------------------------------ main */

const num = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const pad = (s: string, width: number) => s.padStart(width);
const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

async function main({ scratch, cleanups }: BenchRun): Promise<void> {
  const database = new URL(scratch.url).pathname.slice(1);
  const organiserDb = createDb(scratch.url, 1);
  const organiser = await insertBenchUser(organiserDb, 'Bench Organiser', '+12025550990');
  await organiserDb.destroy();
  const buyers = await insertBuyers(scratch.url, BUYERS, 0, 'Bench Buyer');
  const warmupBuyers = await insertBuyers(scratch.url, WARMUP_BUYERS, BUYERS, 'Warm-up Buyer');
  const profileBuyers = await insertBuyers(scratch.url, 2 * PROFILE_TICKETS, BUYERS + WARMUP_BUYERS, 'Profile Buyer');
  const pacedBuyers = await insertBuyers(scratch.url, BUYERS, BUYERS + WARMUP_BUYERS + 2 * PROFILE_TICKETS, 'Paced Buyer');
  log(`${BUYERS} buyers and ${WARMUP_BUYERS} warm-up buyers, each with a session of their own`);

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-bench-tickets-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const { child: server, base } = await startServer(scratch.url, dataDir);
  log(`server ready on ${base} (pid ${server.pid}), TRUST_PROXY=true, PAYMENTS_PROVIDER=test`);

  const account = await api<string>(base, 'POST', 'payments', organiser.token, { email: 'organiser@example.com' });
  const onboarded = await api<{ account: { status: string } }>(base, 'POST', `test-provider/accounts/${account}/onboard`, organiser.token, ONBOARDING);
  if (onboarded.account.status !== 'active') throw new Error(`the account is ${onboarded.account.status} after onboarding`);
  const warmupEvent = await eventOnSale(base, organiser.token, 'Warm-up sale', WARMUP_TICKETS);
  const eventId = await eventOnSale(base, organiser.token, 'Flash sale', TICKETS);
  const profileEvent = await eventOnSale(base, organiser.token, 'One at a time', PROFILE_TICKETS);
  const pacedEvent = await eventOnSale(base, organiser.token, 'Paced sale', TICKETS);
  log(`organiser's account ${account} active; event ${eventId} (max ${TICKETS}, one price EUR ${(PRICE / 100).toFixed(2)}) and warm-up event ${warmupEvent} (max ${WARMUP_TICKETS}) on sale`);

  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  cleanups.push(() => client.end());

  log(`warm-up: ${WARMUP_BUYERS} buyers for ${WARMUP_TICKETS} tickets (not counted)`);
  const warm = await runSale(base, warmupEvent, warmupBuyers, BUYERS, CONCURRENCY);
  if (warm.embedOk.length !== WARMUP_TICKETS || warm.pays.length !== WARMUP_TICKETS) {
    throw new Error(
      `the warm-up sold ${warm.pays.length} of ${WARMUP_TICKETS} (holds ${warm.embedOk.length}; other answers: ${JSON.stringify([...warm.other, ...warm.payFailed])})`,
    );
  }
  await waitForDueJobs(client);
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const loadBefore = os.loadavg()[0]!;
  log(`the sale: ${BUYERS} buyers for ${TICKETS} tickets, ${CONCURRENCY} connections`);
  const finish = await cpuProbe(server.pid!, database);
  const sale = await runSale(base, eventId, buyers, 0, CONCURRENCY);
  const cpu = await finish();
  const loadAfter = os.loadavg()[0]!;
  log(`  ${sale.embedOk.length} holds, ${sale.pays.length} paid, ${sale.soldOut.length} sold out in ${((sale.endedAt - sale.startedAt) / 1000).toFixed(2)} s`);

  const outcome = await outcomeOf(client, eventId, TICKETS);
  log(`  after the jobs: ${outcome.ticketsSold} valid tickets; jobs due left ${outcome.jobsDueLeft}, failed ${outcome.jobsFailed}`);

  await new Promise((resolve) => setTimeout(resolve, 1000));
  log(`the paced sale: ${BUYERS} other buyers for ${TICKETS} tickets of another event, arriving ${RATE} a second (an open loop)`);
  const pacedFinish = await cpuProbe(server.pid!, database);
  const paced = await runSale(base, pacedEvent, pacedBuyers, 3 * BUYERS, CONCURRENCY, { rate: RATE });
  const pacedCpu = await pacedFinish();
  log(`  ${paced.embedOk.length} holds, ${paced.pays.length} paid, ${paced.soldOut.length} sold out in ${((paced.endedAt - paced.startedAt) / 1000).toFixed(2)} s`);
  const pacedOutcome = await outcomeOf(client, pacedEvent, TICKETS);
  await stopChild(server);

  if (!sale.sampleReply) throw new Error('no embed was answered 200: nothing to compare with');
  const bare = await startBareServer(sale.sampleReply, 'application/json; charset=utf-8', dataDir);
  await runBaseline(bare.url, 500, CONCURRENCY); // its warm-up
  const bareFinish = await cpuProbe(bare.child.pid!, null);
  const baseline = await runBaseline(bare.url, sale.requests, CONCURRENCY);
  const bareCpu = await bareFinish();
  await stopChild(bare.child);

  log(`one buyer at a time, in this process: ${PROFILE_TICKETS} holds and pays, then ${PROFILE_TICKETS} sold out`);
  const profile = await profileCalls(scratch.url, dataDir, profileEvent, eventId, profileBuyers);

  /* ---------------------------------------------------------------- figures */

  const embedOk = stats(sale.embedOk.map((a) => a.ms));
  const soldOut = stats(sale.soldOut.map((a) => a.ms));
  const allEmbeds = stats([...sale.embedOk, ...sale.soldOut].map((a) => a.ms));
  const pays = stats(sale.pays.map((a) => a.ms));
  const bareStats = stats(baseline.answers.map((a) => a.ms));
  const lastHold = sale.embedOk.reduce((t, a) => Math.max(t, a.doneAt), sale.startedAt);
  const holdWindowMs = lastHold - sale.startedAt;
  const holdsPerMin = (sale.embedOk.length / holdWindowMs) * 60_000;
  const saleMs = sale.endedAt - sale.startedAt;
  const embedsPerMin = ((sale.embedOk.length + sale.soldOut.length) / saleMs) * 60_000;
  const requestsPerS = (sale.requests / saleMs) * 1000;
  const bareRps = (baseline.answers.length / baseline.ms) * 1000;
  const doubles = outcome.ordersOverIssued + outcome.buyersWithMore + outcome.paidTwiceAtProvider;
  const pacedHolds = stats(paced.embedOk.map((a) => a.ms));
  const pacedSoldOut = stats(paced.soldOut.map((a) => a.ms));
  const pacedPays = stats(paced.pays.map((a) => a.ms));
  const pacedLastHold = paced.embedOk.reduce((t, a) => Math.max(t, a.doneAt), paced.startedAt);
  const pacedHoldsPerMin = (paced.embedOk.length / (pacedLastHold - paced.startedAt)) * 60_000;
  const pacedDoubles = pacedOutcome.ordersOverIssued + pacedOutcome.buyersWithMore + pacedOutcome.paidTwiceAtProvider;

  console.log(`\n=== bench:tickets on PostgreSQL ${scratch.version} (${scratch.label}), ${os.cpus().length} cores, Node ${process.version}`);
  console.log(
    `${BUYERS} buyers (each a person with a session and a client address of their own) for ${TICKETS} tickets of one event, ${CONCURRENCY} keep-alive connections; ` +
      `each buyer: GET payments/embed (quantity 1), on 200 POST test-provider/checkout/{id}/pay (4242...)`,
  );
  console.log(`machine load average (1 min) before the sale ${loadBefore.toFixed(1)}, after ${loadAfter.toFixed(1)}: server, PostgreSQL and the buyers' client share the cores`);

  const row = (label: string, s: Stats) => console.log(`${label.padEnd(34)}${pad(String(s.n), 8)}${pad(num(s.p50), 8)}${pad(num(s.p95), 8)}${pad(num(s.p99), 8)}${pad(num(s.max), 8)}`);
  console.log(
    `\nthe paced sale (the latency target): ${BUYERS} other buyers for ${TICKETS} tickets of another event, arriving ${RATE} a second on a clock (an open loop: ` +
      `a new buyer comes every ${num(1000 / RATE, 0)} ms whatever the answers; the embed timed from the buyer's arrival)`,
  );
  console.log(`${'call'.padEnd(34)}${pad('answers', 8)}${pad('p50', 8)}${pad('p95', 8)}${pad('p99', 8)}${pad('max', 8)}   ms`);
  row('embed, 200 (a hold)', pacedHolds);
  row('embed, 409 sold_out (the losers)', pacedSoldOut);
  row('pay, 200 (fulfilled)', pacedPays);
  const pacedOther = [...paced.other, ...paced.payFailed].map(([k, v]) => `${v} x ${k}`).join(', ');
  if (pacedOther) console.log(`  answered otherwise: ${pacedOther}`);
  console.log(
    `  ${paced.embedOk.length} holds at ${thousands(pacedHoldsPerMin)}/min (the offered rate bounds it); tickets sold ${pacedOutcome.ticketsSold} of ${TICKETS}, oversold ${pacedOutcome.oversold}, ` +
      `double fulfilments ${pacedDoubles}, paid checkouts without tickets ${pacedOutcome.paidWithoutTickets}; the server ${num(pacedCpu.server, 0)} %, PostgreSQL ${num(pacedCpu.pg, 0)} %, all cores busy ${num(pacedCpu.machineBusy, 0)} % (steal ${num(pacedCpu.steal, 0)} %)`,
  );

  console.log(`\nthe race (the throughput target): ${CONCURRENCY} connections, each taking the next buyer as soon as its last is answered (as fast as the server goes; latencies here are mostly the queue's)`);
  console.log(`${'call'.padEnd(34)}${pad('answers', 8)}${pad('p50', 8)}${pad('p95', 8)}${pad('p99', 8)}${pad('max', 8)}   ms`);
  row('embed, 200 (a hold)', embedOk);
  row('embed, 409 sold_out (the losers)', soldOut);
  row('embed, all answers', allEmbeds);
  row('pay, 200 (fulfilled)', pays);
  row('bare node:http, same bytes', bareStats);
  const otherAnswers = [...sale.other].map(([k, v]) => `${v} x ${k}`).join(', ');
  const payFailures = [...sale.payFailed].map(([k, v]) => `${v} x ${k}`).join(', ');
  if (otherAnswers) console.log(`  embeds answered otherwise: ${otherAnswers}`);
  if (payFailures) console.log(`  pays refused: ${payFailures}`);
  if (baseline.failed) console.log(`  bare node:http: ${baseline.failed} requests failed`);

  console.log(`\nthroughput:`);
  console.log(`  holds: ${sale.embedOk.length} in ${(holdWindowMs / 1000).toFixed(2)} s (the sale's start to the last hold's answer) = ${thousands(holdsPerMin)} holds/min (${num(holdsPerMin / 60, 0)}/s)`);
  console.log(`  the whole sale: ${sale.requests} requests (embeds and pays) in ${(saleMs / 1000).toFixed(2)} s = ${num(requestsPerS, 0)} requests/s; embeds answered ${thousands(embedsPerMin)}/min`);
  console.log(
    `  bare node:http: ${baseline.answers.length} requests in ${(baseline.ms / 1000).toFixed(2)} s = ${num(bareRps, 0)} requests/s; ` +
      `planns' embed p50 is ${num(embedOk.p50 / bareStats.p50, 0)}x the bare server's (sold-out ${num(soldOut.p50 / bareStats.p50, 0)}x), its requests/s ${num(requestsPerS / bareRps * 100, 1)} % of it`,
  );

  console.log(`\nthe database after the sale (and after the due jobs: ${outcome.jobsDueLeft} left due, ${outcome.jobsFailed} failed):`);
  console.log(`  tickets sold (valid)             ${outcome.ticketsSold} of ${TICKETS}`);
  console.log(`  oversold                         ${outcome.oversold}`);
  console.log(
    `  double fulfilments               ${doubles} (orders with more tickets than bought ${outcome.ordersOverIssued}, buyers with more than one ticket ${outcome.buyersWithMore}, checkouts paid twice at the provider ${outcome.paidTwiceAtProvider})`,
  );
  console.log(`  paid checkouts without tickets   ${outcome.paidWithoutTickets}`);
  console.log(`  live holds left                  ${outcome.holdsLeft}`);
  console.log(`  buyers answered 409 sold_out     ${sale.soldOut.length}`);
  console.log(`  orders by status                 ${Object.entries(outcome.ordersByStatus).map(([s, n]) => `${s} ${n}`).join(', ')}`);

  console.log(`\nthe machine during the sale (${(cpu.wallMs / 1000).toFixed(2)} s; CPU of one core = 100 %):`);
  const benchCpu = (cpu.server + cpu.pg + cpu.pgHelpers + cpu.client) / cpu.cores;
  const otherWork = Math.max(0, cpu.machineBusy - benchCpu);
  console.log(
    `  server ${num(cpu.server, 0)} %, PostgreSQL backends (${cpu.pgBackends}) ${num(cpu.pg, 0)} %, PostgreSQL's own processes (${cpu.pgHelperCount}) ${num(cpu.pgHelpers, 0)} %, the buyers' client (this process) ${num(cpu.client, 0)} %`,
  );
  console.log(
    `  all cores busy ${num(cpu.machineBusy, 0)} % of ${cpu.cores}, of which other work (not the bench's processes: the kernel's, and anything else running) ${num(otherWork, 0)} %, ` +
      `of that steal ${num(cpu.steal, 0)} % (the hypervisor running other machines on these cores); CPU pressure ${num(cpu.stall, 0)} % (some task waited for a core)`,
  );
  console.log(`  server memory ${num(cpu.serverRss, 0)} MiB (peak ${num(cpu.serverPeak, 0)} MiB)`);
  console.log(
    `  per answer: server ${num(((cpu.server / 100) * cpu.wallMs) / sale.requests, 2)} ms CPU, PostgreSQL ${num(((cpu.pg / 100) * cpu.wallMs) / sale.requests, 2)} ms; ` +
      `bare node:http ${num(((bareCpu.server / 100) * bareCpu.wallMs) / Math.max(1, baseline.answers.length), 3)} ms`,
  );

  const lockTakings = sale.embedOk.length + sale.soldOut.length + sale.pays.length;
  console.log(`\nwhere the time goes: one buyer at a time, in this process (the server's service code on a pool of its own, the bench's server stopped; median of ${profile.hold.n}):`);
  console.log(`  ${'call'.padEnd(20)}${pad('total ms', 10)}${pad('statements', 12)}${pad('SQL ms', 9)}${pad('under the event row lock: statements', 39)}${pad('ms', 8)}`);
  for (const [label, p] of [
    ['embed, a hold', profile.hold],
    ['pay', profile.pay],
    ['embed, sold out', profile.soldOut],
  ] as const) {
    console.log(`  ${label.padEnd(20)}${pad(num(p.ms), 10)}${pad(String(p.statements), 12)}${pad(num(p.sqlMs), 9)}${pad(String(p.locked), 39)}${pad(num(p.lockMs), 8)}`);
  }
  console.log(
    `  every hold and every pay takes the event row lock last (inventory.claimTickets: one statement, planns_ticket_usage, that locks the row FOR NO KEY UPDATE and counts; then COMMIT), a sold-out answer none; takings and answers: ` +
      `${lockTakings} takings in ${(saleMs / 1000).toFixed(2)} s, one every ${num(saleMs / lockTakings, 1)} ms under load ` +
      `(one at a time: ${num(profile.hold.lockMs, 1)} ms a hold, ${num(profile.pay.lockMs, 1)} ms a pay, ${num(profile.soldOut.lockMs, 1)} ms a sold-out answer)`,
  );
  for (const [label, p] of [
    ['a hold', profile.hold],
    ['a pay', profile.pay],
    ['a sold-out answer', profile.soldOut],
  ] as const) {
    const statementsMs = p.underLock.reduce((n, u) => n + u.ms, 0);
    console.log(
      `  ${label}, with the lock held (the median call): ${p.underLock.map((u) => `${u.name} ${num(u.ms, 1)}`).join(' + ')}` +
        ` + the service between them ${num(p.lockMs - statementsMs, 1)} = ${num(p.lockMs, 1)} ms`,
    );
  }
  for (const [label, p] of [
    ['a hold', profile.hold],
    ['a pay', profile.pay],
    ['a sold-out answer', profile.soldOut],
  ] as const) {
    console.log(`  ${label}, every statement: ${p.all.map((u) => `${u.name} ${num(u.ms, 1)}`).join('; ')}`);
  }
  for (const plan of profile.plans) {
    console.log(`  counting for ${plan.label} on the sale's event (EXPLAIN ANALYZE): planning ${num(plan.planningMs, 2)} ms, execution ${num(plan.executionMs, 2)} ms`);
  }

  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const checks: [string, boolean, string][] = [
    ['oversold = 0', outcome.oversold === 0 && pacedOutcome.oversold === 0, `${outcome.oversold} (race), ${pacedOutcome.oversold} (paced)`],
    ['double fulfilments = 0', doubles === 0 && pacedDoubles === 0, `${doubles} (race), ${pacedDoubles} (paced)`],
    [`race: holds/min >= ${thousands(TARGET_HOLDS_PER_MIN)}`, holdsPerMin >= TARGET_HOLDS_PER_MIN, `${thousands(holdsPerMin)}`],
    [`paced: hold p95 <= ${TARGET_P95_MS} ms`, pacedHolds.p95 <= TARGET_P95_MS, `${num(pacedHolds.p95)} ms`],
    [`paced: sold-out p95 <= ${TARGET_P95_MS} ms`, pacedSoldOut.p95 <= TARGET_P95_MS, `${num(pacedSoldOut.p95)} ms`],
    [`paced: pay p95 <= ${TARGET_P95_MS} ms`, pacedPays.p95 <= TARGET_P95_MS, `${num(pacedPays.p95)} ms`],
  ];
  console.log('');
  for (const [label, ok, value] of checks) console.log(`${verdict(ok)}  ${label.padEnd(32)} ${value}`);
  const sound =
    outcome.oversold === 0 && doubles === 0 && outcome.paidWithoutTickets === 0 && pacedOutcome.oversold === 0 && pacedDoubles === 0 && pacedOutcome.paidWithoutTickets === 0;
  const misses = checks.slice(2).filter(([, ok]) => !ok);
  if (misses.length > 0) {
    console.log(
      `(a performance target missed: ${misses.map(([label]) => label).join('; ')}. The server, PostgreSQL and this client share ${cpu.cores} cores, ` +
        `busy ${num(cpu.machineBusy, 0)} %, other work ${num(otherWork, 0)} %: see "where the time goes" above and the README's Benchmarks)`,
    );
  }
  if (!sound) {
    throw new Error(
      `a sale was not sound: oversold ${outcome.oversold} and ${pacedOutcome.oversold}, double fulfilments ${doubles} and ${pacedDoubles}, ` +
        `paid checkouts without tickets ${outcome.paidWithoutTickets} and ${pacedOutcome.paidWithoutTickets} (the race, the paced sale)`,
    );
  }
  log('done');
}

runBench(main);
