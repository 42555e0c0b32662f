import { describe, expect, it } from 'vitest';
import { clientConfigSchema } from '@planns/shared/auth/auth.schemas';
import { envelope } from '@planns/shared/http/envelope';
import { checkConfigReply } from './get-config.ts';

const replySchema = envelope(clientConfigSchema);

describe('checkConfigReply agrees with the shared schema', () => {
  const samples: unknown[] = [
    { data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none' } },
    { data: { otp_length: 4, sms_provider: 'twilio', analytics_provider: 'plausible' } },
    { data: { otp_length: 4.5, sms_provider: 'twilio', analytics_provider: 'none' } },
    { data: { otp_length: 6, sms_provider: 'carrier-pigeon', analytics_provider: 'none' } },
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
