import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { OTP_DEFAULT_LENGTH, OTP_MAX_LENGTH, OTP_MIN_LENGTH } from '@planns/shared/auth/otp.rules';
import { normalizePhone } from '@planns/shared/auth/phone.rules';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** An empty variable means the default (z.coerce.number alone reads '' as 0: PORT= would listen on a random port). */
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

/** Cities the demo events can be seeded around (apps/server/src/seed/demo-cities.ts has their data). */
export const DEMO_CITIES = ['barcelona', 'madrid', 'new_york', 'tel_aviv', 'tokyo', 'moscow'] as const;
export type DemoCity = (typeof DEMO_CITIES)[number];

const TWILIO_KEYS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID', 'TWILIO_FROM'] as const;
const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const GOOGLE_CALENDAR_KEYS = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'CALENDAR_TOKEN_KEY'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: int(0, 65535, 3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  SMS_PROVIDER: z.enum(['console', 'twilio']).default('console'),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyToUndefined, z.string().optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  TWILIO_VERIFY_SERVICE_SID: z.preprocess(emptyToUndefined, z.string().optional()),
  TWILIO_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  /** The support contact (events §1, accounts §9): a WhatsApp link to this number in the account menu and on My tickets; none when unset. */
  SUPPORT_PHONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value, ctx) => normalizePhone(value) ?? (ctx.addIssue({ code: 'custom', message: 'a phone number with its country code, e.g. +12025550101' }), z.NEVER))
      .optional(),
  ),
  /** The moderators' SMS sender texts at most this many numbers a minute (the provider's pace; Twilio's long codes take about one a second). */
  SMS_SENDER_PER_MINUTE: int(1, 6000, 60),
  GEOCODING_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['offline', 'nominatim', 'google']).default('offline')),
  NOMINATIM_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://nominatim.openstreetmap.org')),
  GOOGLE_MAPS_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Google sign-in (decision 0040): shown only when both are set. Redirect URI: {PUBLIC_URL}/google/mobile/callback. */
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().max(300).optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().max(300).optional()),
  /** The OpenID Connect issuer discovered at first use; tests point it at a local provider double. */
  GOOGLE_ISSUER: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://accounts.google.com')),
  OTP_LENGTH: int(OTP_MIN_LENGTH, OTP_MAX_LENGTH, OTP_DEFAULT_LENGTH),
  SEED_DEMO: bool.default(true),
  /** Run background jobs on this instance (decision 0026); off for an instance that only answers requests. */
  RUN_JOBS: bool.default(true),
  DEMO_CITY: z.preprocess(emptyToUndefined, z.enum(DEMO_CITIES).default('barcelona')),
  STORAGE_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
  /** s3: any S3-compatible store; unset endpoint means AWS S3, unset keys the SDK's default chain. */
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, bool.default(false)),
  /** Lifetime of the presigned GET URLs /media/<key> redirects to (SigV4 allows a week at most). */
  S3_PRESIGN_SECONDS: int(60, 604_800, 3600),
  /** Payments (decision 0028): `test` plays the provider inside planns; `stripe` is Stripe Connect. */
  PAYMENTS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['test', 'stripe']).default('test')),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_...)').optional()),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'a Stripe publishable key (pk_test_... or pk_live_...)').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, "a webhook endpoint's signing secret (whsec_...)").optional()),
  /** The signing secret of the Connect endpoint (connected accounts' events: account.updated), when it is another endpoint than STRIPE_WEBHOOK_SECRET's. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, "a webhook endpoint's signing secret (whsec_...)").optional()),
  /** planns' service fee, percent of a checkout's total (decision 0027): 0 to 50, up to two decimals. */
  PLATFORM_FEE_PERCENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0).max(50).multipleOf(0.01, 'at most two decimals').default(5),
  ),
  /**
   * Calendars: `ics` hands people RFC 5545 files (the event's download, their private feed; decision
   * 0039); `google` also writes the events people add into their connected Google Calendar (decision 0043).
   */
  CALENDAR_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['ics', 'google']).default('ics')),
  /** Google's consent screen (GOOGLE_AUTH_URL/o/oauth2/v2/auth) and token endpoints (GOOGLE_OAUTH_URL/token, /revoke): a test double may stand in. */
  GOOGLE_AUTH_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://accounts.google.com')),
  GOOGLE_OAUTH_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com')),
  GOOGLE_CALENDAR_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://www.googleapis.com/calendar/v3')),
  /** 32 random bytes, base64: the AES-256-GCM key the Google tokens are kept under (`openssl rand -base64 32`). Required with CALENDAR_PROVIDER=google. */
  CALENDAR_TOKEN_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, '32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
  ),
  /** Page views and steps (issue 19): none, or a Plausible-compatible events API (Plausible, its self-hosted edition, or any that takes POST /api/event). */
  ANALYTICS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['none', 'plausible']).default('none')),
  PLAUSIBLE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://plausible.io')),
  /** The site as the analytics service knows it; PUBLIC_URL's host when unset. */
  ANALYTICS_DOMAIN: z.preprocess(emptyToUndefined, z.string().max(253).regex(/^[a-z0-9.-]+$/i, 'a domain name such as planns.example').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** Requests per minute per client address on /api (the global limit; routes may set tighter ones). */
  RATE_LIMIT_MAX: int(1, 1_000_000_000, 600),
  /**
   * Connections to PostgreSQL this instance's requests share (its job runner has its own few).
   * Default: four per core of this machine (8 on 2 cores), at least 8 and at most 20: more
   * connections than PostgreSQL can run at once only queue inside it, and the event's lock is then
   * held longer by a backend waiting for a core (bench:tickets: 20 connections sold 4,148 holds a
   * minute on 2 cores where 8 sold 5,962).
   */
  DATABASE_POOL_SIZE: int(1, 200, Math.min(20, Math.max(8, 4 * os.availableParallelism()))),
  /** How long a visitor's event list (GET events-na) may be answered from memory; 0 turns it off. */
  EVENTS_NA_CACHE_MS: int(0, 60_000, 3000),
  /**
   * GET seats/{eventId}'s answers kept in memory, for this many events at most (decision 0036): each
   * reused while the event's seat version, checked in every request's statement, is unchanged, so
   * never stale. 0 turns it off (every answer read and written anew: bench:seats' uncached figure).
   */
  SEATS_SNAPSHOT_EVENTS: int(0, 10_000, 256),
  /** Every GET seats/{eventId} answered from a snapshot is also read in full and compared: a difference fails the request. For tests; off by default. */
  SEATS_SNAPSHOT_VERIFY: bool.default(false),
  /**
   * Every list page made from the events' cards is also computed in full and compared (decision
   * 0034): a card a write failed to make stale then fails the request. For tests; off by default.
   */
  EVENT_CARDS_VERIFY: bool.default(false),
  /** /events and event pages rendered on the server, hydrated by the browser (decision 0035); false sends them unrendered. */
  SERVER_RENDER: bool.default(true),
  SESSION_DAYS: int(1, 365, 30),
  WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  publicUrl: URL;
  isHttps: boolean;
  webDistDir: string;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once at boot; fails naming every bad variable (CONVENTIONS §6). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  // Checked on the raw variables, next to the schema: a refinement would not run while another
  // variable is bad, and the error would then not name every problem.
  const twilioProblems =
    env.SMS_PROVIDER === 'twilio' ? TWILIO_KEYS.filter((key) => !env[key]).map((key) => `${key}: required when SMS_PROVIDER=twilio`) : [];
  const googleProblems: string[] =
    env.GEOCODING_PROVIDER === 'google' && !env.GOOGLE_MAPS_API_KEY ? ['GOOGLE_MAPS_API_KEY: required when GEOCODING_PROVIDER=google'] : [];
  const s3Problems = env.STORAGE_PROVIDER === 's3' && !env.S3_BUCKET ? ['S3_BUCKET: required when STORAGE_PROVIDER=s3'] : [];
  // A key id without its secret (or the reverse) would silently fall back to the default chain.
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    s3Problems.push(env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID' : 'S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY');
  }
  const stripeProblems =
    env.PAYMENTS_PROVIDER === 'stripe' ? STRIPE_KEYS.filter((key) => !env[key]).map((key) => `${key}: required when PAYMENTS_PROVIDER=stripe`) : [];
  // Test keys with live keys (or the reverse) would take payments in one mode and show them in the other.
  const modes = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY].map((key) => /_(test|live)_/.exec(key ?? '')?.[1]).filter(Boolean);
  if (env.PAYMENTS_PROVIDER === 'stripe' && new Set(modes).size > 1) {
    stripeProblems.push('STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY');
  }
  // One without the other would show no button and say nothing: name the missing one.
  if (!env.GOOGLE_CLIENT_ID !== !env.GOOGLE_CLIENT_SECRET) {
    googleProblems.push(env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET: required with GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_ID: required with GOOGLE_CLIENT_SECRET');
  }
  const calendarProblems =
    env.CALENDAR_PROVIDER === 'google'
      ? GOOGLE_CALENDAR_KEYS.filter((key) => !env[key]).map((key) => `${key}: required when CALENDAR_PROVIDER=google`)
      : [];
  const providerProblems = [...twilioProblems, ...googleProblems, ...s3Problems, ...stripeProblems, ...calendarProblems];
  if (!parsed.success || providerProblems.length > 0) {
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError([...issues, ...providerProblems]);
  }
  const e = parsed.data;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl,
    isHttps: publicUrl.protocol === 'https:',
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
  };
}
