import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { noneAnalytics, type AnalyticsProvider } from './analytics/analytics-provider.ts';
import { PlausibleAnalyticsProvider } from './analytics/plausible-analytics.ts';
import type { CalendarProvider } from './calendar/calendar-provider.ts';
import { GoogleCalendarProvider } from './calendar/google-calendar.ts';
import { IcsCalendarProvider } from './calendar/ics-calendar.ts';
import type { Clock } from './clock.ts';
import { OpenIdGoogleProvider, type GoogleOidcProvider } from './oauth/google-oidc.ts';
import type { GeocodingProvider } from './geocoding/geocoding-provider.ts';
import { GoogleGeocodingProvider } from './geocoding/google-geocoding.ts';
import { NominatimGeocodingProvider } from './geocoding/nominatim-geocoding.ts';
import { OfflineGeocodingProvider } from './geocoding/offline-geocoding.ts';
import type { PaymentsProvider } from './payments/payments-provider.ts';
import { StripePaymentsProvider } from './payments/stripe-payments.ts';
import { TestPaymentsProvider } from './payments/test-payments.ts';
import { ConsoleSmsProvider } from './sms/console-sms.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import { TwilioSmsProvider } from './sms/twilio-sms.ts';
import { LocalStorageProvider } from './storage/local-storage.ts';
import { S3StorageProvider } from './storage/s3-storage.ts';
import type { StorageProvider } from './storage/storage-provider.ts';

/** Chooses each provider from the configuration; the defaults need no network and no account. */
export function buildSmsProvider(config: Config, clock: Clock, log: (msg: string) => void): SmsProvider {
  if (config.SMS_PROVIDER === 'twilio') {
    return new TwilioSmsProvider({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      verifyServiceSid: config.TWILIO_VERIFY_SERVICE_SID!,
      from: config.TWILIO_FROM!,
    });
  }
  return new ConsoleSmsProvider(clock, log);
}

/** none (records nothing) or plausible (a Plausible-compatible events API, for the site ANALYTICS_DOMAIN or PUBLIC_URL's host). */
export function buildAnalyticsProvider(config: Config): AnalyticsProvider {
  if (config.ANALYTICS_PROVIDER === 'plausible') {
    return new PlausibleAnalyticsProvider({ baseUrl: config.PLAUSIBLE_URL, domain: config.ANALYTICS_DOMAIN ?? config.publicUrl.hostname });
  }
  return noneAnalytics;
}

/** offline (bundled gazetteer, read on first use), nominatim or google. */
export function buildGeocodingProvider(config: Config): GeocodingProvider {
  if (config.GEOCODING_PROVIDER === 'google') return new GoogleGeocodingProvider({ apiKey: config.GOOGLE_MAPS_API_KEY! });
  if (config.GEOCODING_PROVIDER === 'nominatim') {
    return new NominatimGeocodingProvider({ baseUrl: config.NOMINATIM_URL, userAgent: `planns (+${config.publicUrl.origin})` });
  }
  return new OfflineGeocodingProvider();
}

/** local (DATA_DIR/media) or s3 (any S3-compatible bucket). */
export function buildStorageProvider(config: Config): StorageProvider {
  if (config.STORAGE_PROVIDER === 's3') {
    return new S3StorageProvider({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
        : {}),
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      presignSeconds: config.S3_PRESIGN_SECONDS,
    });
  }
  return new LocalStorageProvider(path.join(config.dataDir, 'media'));
}

/** test (planns plays the provider, in its own database) or stripe (Stripe Connect). */
export function buildPaymentsProvider(config: Config, deps: { db: Db; clock: Clock }): PaymentsProvider {
  if (config.PAYMENTS_PROVIDER === 'stripe') {
    // loadConfig refuses PAYMENTS_PROVIDER=stripe without all three keys.
    return new StripePaymentsProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      // planns' own account's endpoint, and the Connect endpoint for its connected accounts' events.
      webhookSecret: [config.STRIPE_WEBHOOK_SECRET!, ...(config.STRIPE_CONNECT_WEBHOOK_SECRET ? [config.STRIPE_CONNECT_WEBHOOK_SECRET] : [])],
    });
  }
  return new TestPaymentsProvider({ db: deps.db, clock: deps.clock, publicUrl: config.publicUrl });
}

/** ics (RFC 5545 files: the event's download and each person's feed; decision 0039) or google (the same, and a connected Google Calendar; decision 0043). */
export function buildCalendarProvider(config: Config): CalendarProvider {
  switch (config.CALENDAR_PROVIDER) {
    case 'ics':
      return new IcsCalendarProvider();
    case 'google':
      // loadConfig refuses CALENDAR_PROVIDER=google without the client and the token key.
      return new GoogleCalendarProvider({
        clientId: config.GOOGLE_CLIENT_ID!,
        clientSecret: config.GOOGLE_CLIENT_SECRET!,
        authUrl: config.GOOGLE_AUTH_URL,
        oauthUrl: config.GOOGLE_OAUTH_URL,
        calendarApiUrl: config.GOOGLE_CALENDAR_API_URL,
        tokenKey: config.CALENDAR_TOKEN_KEY!,
      });
  }
}

/** Google sign-in (decision 0040) when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; otherwise none (the button is hidden). */
export function buildGoogleProvider(config: Config): GoogleOidcProvider | undefined {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return undefined;
  return new OpenIdGoogleProvider({ issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET });
}
