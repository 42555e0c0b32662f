import { describe, expect, it } from 'vitest';
import { clientConfigSchema } from '@planns/shared/auth/auth.schemas';
import { envelope } from '@planns/shared/http/envelope';
import { checkConfigReply } from './get-config.ts';

const replySchema = envelope(clientConfigSchema);

describe('checkConfigReply agrees with the shared schema', () => {
  const samples: unknown[] = [
    { data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 5, stripe_publishable_key: null, support_phone: null, google_login: false, calendar_provider: 'ics' } },
    { data: { otp_length: 4, sms_provider: 'twilio', analytics_provider: 'plausible', payments_provider: 'stripe', platform_fee_percent: 2.5, stripe_publishable_key: 'pk_test_abc', support_phone: null, google_login: false, calendar_provider: 'ics' } },
    { data: { otp_length: 4.5, sms_provider: 'twilio', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 5, stripe_publishable_key: null, support_phone: null, google_login: false, calendar_provider: 'ics' } },
    { data: { otp_length: 6, sms_provider: 'carrier-pigeon', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 5, stripe_publishable_key: null, support_phone: null, google_login: false, calendar_provider: 'ics' } },
    { data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none', payments_provider: 'paypal', platform_fee_percent: 5, stripe_publishable_key: null, support_phone: null, google_login: false, calendar_provider: 'ics' } },
    { data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 80, stripe_publishable_key: null, support_phone: null, google_login: false, calendar_provider: 'ics' } },
    { data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 5, stripe_publishable_key: 7, support_phone: null, google_login: false, calendar_provider: 'ics' } },
    { data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 5, stripe_publishable_key: null, support_phone: '+12025550101', google_login: false, calendar_provider: 'ics' } },
    { data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 5, stripe_publishable_key: null, support_phone: 12025550101, google_login: false, calendar_provider: 'ics' } },
    { data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 5, stripe_publishable_key: null, google_login: 'yes', support_phone: null, calendar_provider: 'ics' } },
    { data: { otp_length: 4, sms_provider: 'twilio', analytics_provider: 'plausible', payments_provider: 'stripe', platform_fee_percent: 2.5, stripe_publishable_key: 'pk_test_abc', calendar_provider: 'google', support_phone: null, google_login: false } },
    { data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 5, stripe_publishable_key: null, support_phone: null, google_login: false } },
    { data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 5, stripe_publishable_key: null, calendar_provider: 'outlook', support_phone: null, google_login: false } },
    { data: { otp_length: 6, sms_provider: 'console' } },
    { data: null },
    null,
    'config',
  ];
  for (const sample of samples) {
    it(`verdict for ${JSON.stringify(sample)}`, () => {
      const zod = replySchema.safeParse(sample);
      const checked = checkConfigReply(sample);
      expect(checked !== null).toBe(zod.success);
      if (zod.success) expect(checked).toEqual(zod.data.data);
    });
  }
});
