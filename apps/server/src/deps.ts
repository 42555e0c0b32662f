import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { CalendarProvider } from './providers/calendar/calendar-provider.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './providers/clock.ts';
import type { PaymentsProvider } from './providers/payments/payments-provider.ts';
import type { GoogleOidcProvider } from './providers/oauth/google-oidc.ts';
import type { GeocodingProvider } from './providers/geocoding/geocoding-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import type { StorageProvider } from './providers/storage/storage-provider.ts';
import type { RealtimeHub } from './realtime/realtime-hub.ts';

/** Everything a service needs from the outside, built once in main.ts (or by a test). */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  storage: StorageProvider;
  geocoding: GeocodingProvider;
  payments: PaymentsProvider;
  calendar: CalendarProvider;
  /** Google sign-in, when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set (decision 0040). */
  google?: GoogleOidcProvider;
  /** Set when REDIS_URL is configured (rate-limit store; later the socket.io adapter). */
  redis?: Redis;
  /** Live messages to socket.io rooms, published after commit (absent: nothing is sent). */
  realtime?: RealtimeHub;
}
