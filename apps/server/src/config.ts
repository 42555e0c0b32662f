import path from 'node:path';
import { z } from 'zod';
import { OTP_DEFAULT_LENGTH, OTP_MAX_LENGTH, OTP_MIN_LENGTH } from '@planns/shared/auth/otp.rules';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** An empty variable means the default (z.coerce.number alone reads '' as 0: PORT= would listen on a random port). */
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

const TWILIO_KEYS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID', 'TWILIO_FROM'] as const;

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
  OTP_LENGTH: int(OTP_MIN_LENGTH, OTP_MAX_LENGTH, OTP_DEFAULT_LENGTH),
  SEED_DEMO: bool.default(true),
  STORAGE_PROVIDER: z.enum(['local']).default('local'),
  ANALYTICS_PROVIDER: z.enum(['none']).default('none'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
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
  if (!parsed.success || twilioProblems.length > 0) {
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError([...issues, ...twilioProblems]);
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
