import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const TWILIO_KEYS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID', 'TWILIO_FROM'];

/** The ConfigError loadConfig throws for `env` (fails the test when it does not throw one). */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** The variables a problem list names (each problem reads "NAME: message"). */
function named(problems: string[]): string[] {
  return problems.map((p) => p.split(':')[0]!).sort();
}

describe('loadConfig', () => {
  it('keeps the support phone in E.164 and refuses one that is not a number', () => {
    expect(loadConfig({ SUPPORT_PHONE: '+34 612 34 56 78' }).SUPPORT_PHONE).toBe('+34612345678');
    expect(loadConfig({}).SUPPORT_PHONE).toBeUndefined();
    expect(named(configError({ SUPPORT_PHONE: 'call us' }).problems)).toEqual(['SUPPORT_PHONE']);
  });

  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('localhost');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.SMS_PROVIDER).toBe('console');
    expect(config.OTP_LENGTH).toBe(6);
    expect(config.SEED_DEMO).toBe(true);
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
    expect(config.isHttps).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.SESSION_DAYS).toBe(30);
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/planns',
      OTP_LENGTH: '8',
      SEED_DEMO: 'no',
      DATABASE_URL: 'postgresql://u:p@db:5432/planns',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', dataDir: '/srv/planns', OTP_LENGTH: 8, SEED_DEMO: false });
    expect(config.DATABASE_URL).toBe('postgresql://u:p@db:5432/planns');
    expect(config.REDIS_URL).toBe('redis://cache:6379');
    // Without PUBLIC_URL the public address follows PORT.
    expect(config.publicUrl.origin).toBe('http://localhost:8080');
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', OTP_LENGTH: '', SESSION_DAYS: '', DATABASE_URL: '', PUBLIC_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.OTP_LENGTH).toBe(6);
    expect(config.SESSION_DAYS).toBe(30);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'abc', OTP_LENGTH: '3', SMS_PROVIDER: 'carrier-pigeon', DATABASE_URL: 'mysql://x' });
    expect(named(err.problems)).toEqual(['DATABASE_URL', 'OTP_LENGTH', 'PORT', 'SMS_PROVIDER']);
    for (const name of ['PORT', 'OTP_LENGTH', 'SMS_PROVIDER', 'DATABASE_URL']) expect(err.message).toContain(`${name}:`);
  });

  it('refuses values out of range', () => {
    const err = configError({ PORT: '70000', OTP_LENGTH: '9', SESSION_DAYS: '0', SEED_DEMO: 'maybe', PUBLIC_URL: 'ftp://planns.example' });
    expect(named(err.problems)).toEqual(['OTP_LENGTH', 'PORT', 'PUBLIC_URL', 'SEED_DEMO', 'SESSION_DAYS']);
  });

  it('names each missing Twilio variable when SMS_PROVIDER is twilio', () => {
    const err = configError({ SMS_PROVIDER: 'twilio' });
    expect(named(err.problems)).toEqual([...TWILIO_KEYS].sort());
    for (const problem of err.problems) expect(problem).toMatch(/required when SMS_PROVIDER=twilio/);

    const some = configError({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '' });
    expect(named(some.problems)).toEqual(['TWILIO_FROM', 'TWILIO_VERIFY_SERVICE_SID']);
  });

  it('names the missing Twilio variables along with the other bad ones', () => {
    const err = configError({ SMS_PROVIDER: 'twilio', PORT: 'abc', TWILIO_ACCOUNT_SID: 'AC123' });
    expect(named(err.problems)).toEqual(['PORT', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_VERIFY_SERVICE_SID']);
  });

  it('geocodes offline by default; google needs GOOGLE_MAPS_API_KEY; NOMINATIM_URL must be http(s)', () => {
    const config = loadConfig({});
    expect(config.GEOCODING_PROVIDER).toBe('offline');
    expect(config.NOMINATIM_URL).toBe('https://nominatim.openstreetmap.org');
    expect(loadConfig({ GEOCODING_PROVIDER: '', NOMINATIM_URL: '' }).GEOCODING_PROVIDER).toBe('offline');

    const err = configError({ GEOCODING_PROVIDER: 'google', PORT: 'abc' });
    expect(named(err.problems)).toEqual(['GOOGLE_MAPS_API_KEY', 'PORT']);
    expect(err.problems).toContain('GOOGLE_MAPS_API_KEY: required when GEOCODING_PROVIDER=google');
    expect(loadConfig({ GEOCODING_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: 'AIza-key' }).GOOGLE_MAPS_API_KEY).toBe('AIza-key');

    expect(named(configError({ GEOCODING_PROVIDER: 'mapbox' }).problems)).toEqual(['GEOCODING_PROVIDER']);
    expect(named(configError({ GEOCODING_PROVIDER: 'nominatim', NOMINATIM_URL: 'ftp://geo.example' }).problems)).toEqual(['NOMINATIM_URL']);
    expect(loadConfig({ GEOCODING_PROVIDER: 'nominatim', NOMINATIM_URL: 'http://localhost:8080' }).NOMINATIM_URL).toBe('http://localhost:8080');
  });

  it('writes calendars as ics files by default and refuses a provider that is not built', () => {
    expect(loadConfig({}).CALENDAR_PROVIDER).toBe('ics');
    expect(loadConfig({ CALENDAR_PROVIDER: '' }).CALENDAR_PROVIDER).toBe('ics');
    expect(named(configError({ CALENDAR_PROVIDER: 'outlook' }).problems)).toEqual(['CALENDAR_PROVIDER']);
  });

  it('has Google sign-in off by default; its client id and secret go together; the issuer must be http(s)', () => {
    const config = loadConfig({});
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(config.GOOGLE_ISSUER).toBe('https://accounts.google.com');
    expect(configError({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }).problems).toEqual(['GOOGLE_CLIENT_SECRET: required with GOOGLE_CLIENT_ID']);
    expect(configError({ GOOGLE_CLIENT_SECRET: 'secret' }).problems).toEqual(['GOOGLE_CLIENT_ID: required with GOOGLE_CLIENT_SECRET']);
    expect(named(configError({ GOOGLE_ISSUER: 'ftp://accounts.example' }).problems)).toEqual(['GOOGLE_ISSUER']);
    const on = loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://localhost:3591' });
    expect(on.GOOGLE_ISSUER).toBe('http://localhost:3591');
  });

  it('requires the OAuth client and a 32-byte token key with CALENDAR_PROVIDER=google', () => {
    expect(named(configError({ CALENDAR_PROVIDER: 'google' }).problems)).toEqual(['CALENDAR_TOKEN_KEY', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({ CALENDAR_PROVIDER: 'google', GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret', CALENDAR_TOKEN_KEY: key });
    expect(config.CALENDAR_PROVIDER).toBe('google');
    expect(config.GOOGLE_OAUTH_URL).toBe('https://oauth2.googleapis.com');
    expect(config.GOOGLE_CALENDAR_API_URL).toBe('https://www.googleapis.com/calendar/v3');
    const short = Buffer.alloc(16, 7).toString('base64');
    expect(named(configError({ CALENDAR_PROVIDER: 'google', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', CALENDAR_TOKEN_KEY: short }).problems)).toEqual(['CALENDAR_TOKEN_KEY']);
    expect(named(configError({ GOOGLE_CALENDAR_API_URL: 'ftp://calendar.example' }).problems)).toEqual(['GOOGLE_CALENDAR_API_URL']);
  });

  it('accepts twilio with all of its variables', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_VERIFY_SERVICE_SID: 'VA456',
      TWILIO_FROM: '+12025550199',
    });
    expect(config.SMS_PROVIDER).toBe('twilio');
    expect(config.TWILIO_VERIFY_SERVICE_SID).toBe('VA456');
  });

  it('stores media locally by default; s3 needs S3_BUCKET and reads the S3_* variables', () => {
    const config = loadConfig({});
    expect(config.STORAGE_PROVIDER).toBe('local');
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, S3_PRESIGN_SECONDS: 3600 });
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.S3_ENDPOINT).toBeUndefined();
    expect(loadConfig({ STORAGE_PROVIDER: '', S3_REGION: '', S3_PRESIGN_SECONDS: '', S3_FORCE_PATH_STYLE: '' })).toMatchObject({
      STORAGE_PROVIDER: 'local',
      S3_REGION: 'us-east-1',
      S3_PRESIGN_SECONDS: 3600,
      S3_FORCE_PATH_STYLE: false,
    });

    const err = configError({ STORAGE_PROVIDER: 's3', PORT: 'abc' });
    expect(named(err.problems)).toEqual(['PORT', 'S3_BUCKET']);
    expect(err.problems).toContain('S3_BUCKET: required when STORAGE_PROVIDER=s3');

    const s3 = loadConfig({
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'planns-media',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PRESIGN_SECONDS: '900',
    });
    expect(s3).toMatchObject({
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'planns-media',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: true,
      S3_PRESIGN_SECONDS: 900,
    });
    // Without keys the SDK's default chain (environment, instance role) is used.
    expect(loadConfig({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'b' }).S3_ACCESS_KEY_ID).toBeUndefined();
  });

  it('refuses bad S3_* values and a key id without its secret', () => {
    expect(named(configError({ STORAGE_PROVIDER: 'gcs' }).problems)).toEqual(['STORAGE_PROVIDER']);
    const err = configError({
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'ftp://store.example',
      S3_FORCE_PATH_STYLE: 'maybe',
      S3_PRESIGN_SECONDS: '604801',
    });
    expect(named(err.problems)).toEqual(['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PRESIGN_SECONDS']);
    expect(configError({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKID' }).problems).toEqual([
      'S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID',
    ]);
    expect(named(configError({ S3_SECRET_ACCESS_KEY: 'secret' }).problems)).toEqual(['S3_ACCESS_KEY_ID']);
    expect(loadConfig({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' }).S3_ENDPOINT).toBe('http://127.0.0.1:9000');
  });

  it('knows an https PUBLIC_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://planns.example' });
    expect(config.isHttps).toBe(true);
    expect(config.publicUrl.origin).toBe('https://planns.example');
    expect(loadConfig({ PUBLIC_URL: 'http://planns.example' }).isHttps).toBe(false);
  });
});
