import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@planns/shared/payments/payments.rules';
import en from '../../locales/en.json' with { type: 'json' };

/** The spec's texts (accounts §5, §8 and the success notice) are requirements: English shows them verbatim. */
describe('payments texts', () => {
  it.each([
    'invalidEmail',
    'disconnectConfirm',
    'disconnected',
    'loadFailed',
    'createFailed',
    'loginUrlFailed',
    'verificationUrlFailed',
    'dashboardFailed',
    'noAccountToDisconnect',
    'disconnectFailed',
  ] as const)('%s is the spec text', (key) => {
    expect(en.payments.messages[key]).toBe(PAYMENT_MESSAGES[key]);
  });

  it("keeps the screens' spec titles", () => {
    expect(en.payments.stripeSettings.title).toBe('Stripe Settings');
    expect(en.payments.paymentSettings.title).toBe('Payment Settings');
    expect(en.payments.received.title).toBe('Payment Received');
  });
});
