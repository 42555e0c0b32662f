import path from 'node:path';
import type { Config } from '../config.ts';
import type { Clock } from './clock.ts';
import { ConsoleSmsProvider } from './sms/console-sms.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import { TwilioSmsProvider } from './sms/twilio-sms.ts';
import { LocalStorageProvider } from './storage/local-storage.ts';
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

export function buildStorageProvider(config: Config): StorageProvider {
  return new LocalStorageProvider(path.join(config.dataDir, 'media'));
}
