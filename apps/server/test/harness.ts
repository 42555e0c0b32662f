import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { RealtimeHub } from '../src/realtime/realtime-hub.ts';
import { attachSocketServer } from '../src/realtime/socket-server.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDb, type Db } from '../src/db/database.ts';
import { runDueJobs, startJobRunner } from '../src/jobs/job-runner.ts';
import type { AppDeps } from '../src/deps.ts';
import { insertSession } from '../src/modules/auth/session.repo.ts';
import { hashToken, newToken } from '../src/modules/auth/tokens.ts';
import { buildCalendarProvider } from '../src/providers/build-providers.ts';
import { FakeClock } from '../src/providers/clock.ts';
import type { GeocodingProvider } from '../src/providers/geocoding/geocoding-provider.ts';
import { OfflineGeocodingProvider } from '../src/providers/geocoding/offline-geocoding.ts';
import { buildGoogleProvider } from '../src/providers/build-providers.ts';
import type { PaymentsProvider } from '../src/providers/payments/payments-provider.ts';
import { TestPaymentsProvider } from '../src/providers/payments/test-payments.ts';
import { ConsoleSmsProvider } from '../src/providers/sms/console-sms.ts';
import type { SmsProvider } from '../src/providers/sms/sms-provider.ts';
import { LocalStorageProvider } from '../src/providers/storage/local-storage.ts';
import type { StorageProvider } from '../src/providers/storage/storage-provider.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  deps: AppDeps;
  clock: FakeClock;
  sms: ConsoleSmsProvider;
  config: Config;
  dataDir: string;
  databaseUrl: string;
  /** Runs the queued jobs that are due, with this test's deps and fake clock, until none is left. */
  runDueJobs: () => Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A database of this test file's own, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('adminUrl');
  const template = inject('templateDb');
  const name = `${template.replace('tpl', 'test')}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  sms?: SmsProvider;
  /** The offline gazetteer by default (read only if a test geocodes). */
  geocoding?: GeocodingProvider;
  /** Local storage in the temporary DATA_DIR by default. */
  storage?: StorageProvider;
  redis?: AppDeps['redis'];
  /** The test provider on this test's database by default. */
  payments?: PaymentsProvider;
  /**
   * Attach the socket.io server (the test then listens on a port to connect clients), with a job
   * runner (no schedules) that delivers the outbox's notifications to it as the server does.
   */
  sockets?: boolean;
  /** Runs after buildApp and before ready(): a test may register extra routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

/**
 * Builds the real app on a fresh database with a fake clock, the console SMS outbox and local
 * storage in a temporary folder. Closed and dropped after the file's tests.
 * Call it at the top level of the file (or of a describe), not inside a test: an afterAll
 * registered from inside a running test never runs, and the app, pool and folder would leak.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-data-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', EVENTS_NA_CACHE_MS: '0', EVENT_CARDS_VERIFY: 'true', SEATS_SNAPSHOT_VERIFY: 'true', ...options.env });
  const clock = new FakeClock();
  const consoleSms = new ConsoleSmsProvider(clock, () => {});
  const db = createDb(database.url, 5);
  const google = buildGoogleProvider(config);
  const deps: AppDeps = {
    config,
    db,
    clock,
    sms: options.sms ?? consoleSms,
    storage: options.storage ?? new LocalStorageProvider(path.join(dataDir, 'media')),
    geocoding: options.geocoding ?? new OfflineGeocodingProvider(),
    payments: options.payments ?? new TestPaymentsProvider({ db, clock, publicUrl: config.publicUrl }),
    calendar: buildCalendarProvider(config),
    ...(options.redis ? { redis: options.redis } : {}),
    ...(google ? { google } : {}),
    realtime: new RealtimeHub(),
  };
  const app = await buildApp(deps);
  if (options.sockets) attachSocketServer(app, deps);
  if (options.beforeReady) await options.beforeReady(app);
  await app.ready();
  const runner = options.sockets ? await startJobRunner(deps, { connectionString: database.url, log: () => {}, schedules: false }) : undefined;
  afterAll(async () => {
    await app.close();
    await runner?.stop();
    await db.destroy();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return { app, db, deps, clock, sms: consoleSms, config, dataDir, databaseUrl: database.url, runDueJobs: () => runDueJobs(deps, database.url) };
}

let phoneCounter = 0;
/** A distinct valid phone number per call (fictional 555-01xx range and neighbours). */
export function nextPhone(): string {
  phoneCounter += 1;
  return `+1202555${String(1000 + (process.pid % 50) * 100 + phoneCounter).padStart(4, '0').slice(-4)}`;
}

export async function buildUser(
  db: Db,
  overrides: Partial<{
    name: string | null;
    phone: string;
    email: string | null;
    is_moderator: boolean;
    avatar: string | null;
    terms_accepted_at: Date | null;
  }> = {},
) {
  const row = await db
    .insertInto('users')
    .values({
      phone: overrides.phone ?? nextPhone(),
      name: overrides.name === undefined ? 'Test Person' : overrides.name,
      email: overrides.email ?? null,
      avatar: overrides.avatar ?? null,
      is_moderator: overrides.is_moderator ?? false,
      terms_accepted_at: overrides.terms_accepted_at === undefined ? new Date() : overrides.terms_accepted_at,
    })
    .returning(['id', 'phone', 'name', 'email'])
    .executeTakeFirstOrThrow();
  return row;
}

/** A session for a user, created directly (fixtures never sign in through the UI or the code flow). */
export async function signIn(ctx: { db: Db; clock: { now(): Date } }, userId: number): Promise<{ token: string; headers: Record<string, string> }> {
  const token = newToken();
  const now = ctx.clock.now();
  await insertSession(ctx.db, {
    token_hash: hashToken(token),
    user_id: userId,
    now,
    expires_at: new Date(now.getTime() + 30 * 86_400_000),
    user_agent: 'test',
    ip: null,
  });
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** The code in the newest text the console provider sent to `phone`. */
export function lastCodeFor(sms: ConsoleSmsProvider, phone: string): string {
  const message = sms.list().find((m) => m.to === phone);
  const code = message?.body.match(/\d{4,8}/)?.[0];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

export const ORIGIN = 'http://localhost:3000';

let ipCounter = 0;
/**
 * A distinct client address per call, for app.inject's remoteAddress: the per-IP rate limits
 * (in memory, real time) and the per-IP code cap then never couple two tests.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/**
 * app.inject from a new client address each call (nextIp: the per-IP rate limits never couple two
 * calls), with a JSON body when one is given.
 */
export function injector(app: FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    app.inject({ method, url, headers, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** A new user and the headers of a session signed in as them. */
export async function signedInPerson(ctx: Pick<TestContext, 'db' | 'clock'>, name: string) {
  const user = await buildUser(ctx.db, { name });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

/** POST events/create's body for a seated event on a scheme: the event form with the seat selector on, each ticket type selling a seat type. */
export function seatedEventBody(name: string, schemeId: number, ticketTypes: { name: string; price: number; currency: string; seat_type: number }[]) {
  return {
    name,
    start_date: '2026-03-01 19:00:00',
    address: 'Carrer de Mallorca 1, Barcelona',
    is_attending: false,
    pricing_mode: 'multiple',
    currency: 'EUR',
    seated: true,
    seat_template_id: schemeId,
    ticket_types: ticketTypes,
  };
}

/** The test provider's card that pays (Stripe's 4242 test number). */
export const TEST_CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

/** send-code + check-code through the API; answers the approval token. */
export async function approvePhone(ctx: Pick<TestContext, 'app' | 'sms'>, phone: string, ip: string = nextIp()): Promise<string> {
  const sent = await ctx.app.inject({ method: 'POST', url: '/api/send-code', remoteAddress: ip, payload: { to: phone } });
  if (sent.statusCode !== 200) throw new Error(`send-code answered ${sent.statusCode}: ${sent.body}`);
  const checked = await ctx.app.inject({
    method: 'POST',
    url: '/api/check-code',
    remoteAddress: ip,
    payload: { to: phone, code: lastCodeFor(ctx.sms, phone) },
  });
  if (checked.statusCode !== 200) throw new Error(`check-code answered ${checked.statusCode}: ${checked.body}`);
  return (checked.json() as { approval_token: string }).approval_token;
}

/** The whole phone sign-in through the API (send-code, check-code, auth-create). */
export async function signInByCode(
  ctx: Pick<TestContext, 'app' | 'sms'>,
  phone: string,
  ip: string = nextIp(),
): Promise<{ token: string; userId: number; headers: Record<string, string> }> {
  const approval = await approvePhone(ctx, phone, ip);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth-create', remoteAddress: ip, payload: { phone, approval_token: approval } });
  if (res.statusCode !== 200) throw new Error(`auth-create answered ${res.statusCode}: ${res.body}`);
  const { data } = res.json() as { data: { token: string; user: { id: number } } };
  return { token: data.token, userId: data.user.id, headers: { authorization: `Bearer ${data.token}` } };
}

/** What the test provider's onboarding asks of an individual organiser in Spain (all of it: the account turns active). */
export const TEST_ONBOARDING = { business_type: 'individual', first_name: 'Olga', last_name: 'Organiser', country: 'ES', default_currency: 'EUR', accept_terms: true };

/**
 * Gives the signed-in person of `headers` a verified payout account on the test provider: opened
 * (POST /api/payments) and onboarded through the provider's own call. Answers the account's id.
 */
export async function openVerifiedPayoutAccount(app: TestContext['app'], headers: Record<string, string>, email = 'olga@example.com'): Promise<string> {
  const opened = await app.inject({ method: 'POST', url: '/api/payments', headers, remoteAddress: nextIp(), payload: { email } });
  if (opened.statusCode !== 200) throw new Error(`opening the payout account: ${opened.statusCode} ${opened.body}`);
  const account = (opened.json() as { data: string }).data;
  const onboarded = await app.inject({ method: 'POST', url: `/api/test-provider/accounts/${account}/onboard`, headers, remoteAddress: nextIp(), payload: TEST_ONBOARDING });
  if (onboarded.statusCode !== 200) throw new Error(`onboarding: ${onboarded.statusCode} ${onboarded.body}`);
  return account;
}
