import { describe, expect, it } from 'vitest';
import { accountStatus } from '@planns/shared/payments/payments.rules';
import { paymentAccountSchema, type PaymentAccount } from '@planns/shared/payments/payments.schemas';
import { accountHolderName, describeAccount } from './payment-account-view.ts';

/** An account as GET payments/info answers it, its status derived as the server derives it. */
function account(flags: { details?: boolean; terms?: boolean; charges?: boolean; payouts?: boolean } = {}, overrides: Partial<PaymentAccount> = {}): PaymentAccount {
  const { details = false, terms = false, charges = false, payouts = false } = flags;
  const status = accountStatus({ tos_accepted: terms, details_submitted: details, charges_enabled: charges });
  return paymentAccountSchema.parse({
    id: 'acct_test123',
    provider: 'test',
    email: 'maya@example.com',
    country: null,
    default_currency: null,
    business_type: null,
    individual: { first_name: null, last_name: null },
    tos_acceptance: { date: terms ? 1_767_225_600 : null },
    details_submitted: details,
    charges_enabled: charges,
    payouts_enabled: payouts,
    status,
    is_active: status === 'active',
    ...overrides,
  });
}

describe('describeAccount', () => {
  it('asks for a payment email when there is no account', () => {
    const view = describeAccount(null);
    expect(view).toMatchObject({ status: 'none', nextStep: 'create', canVerify: false, canOpenDashboard: false });
    expect(view.missing).toEqual(['details_submitted', 'terms_accepted', 'charges_enabled', 'payouts_enabled']);
  });

  it('sends a new account to verification, with no dashboard before onboarding is submitted', () => {
    const view = describeAccount(account());
    expect(view).toMatchObject({ status: 'created', nextStep: 'startVerification', canVerify: true, canOpenDashboard: false });
    expect(view.checks.every((c) => !c.isDone)).toBe(true);
  });

  it('asks for the terms when details are in but the terms are not accepted', () => {
    const view = describeAccount(account({ details: true }));
    expect(view).toMatchObject({ status: 'inactive', nextStep: 'acceptTerms', canVerify: true, canOpenDashboard: true });
    expect(view.missing).toEqual(['terms_accepted', 'charges_enabled', 'payouts_enabled']);
  });

  it('says the provider is reviewing when only charges are missing', () => {
    const view = describeAccount(account({ details: true, terms: true }));
    expect(view).toMatchObject({ status: 'inactive', nextStep: 'waitForReview', canVerify: true });
    expect(view.missing).toEqual(['charges_enabled', 'payouts_enabled']);
  });

  it('is verified with nothing to do when all four checks hold', () => {
    const view = describeAccount(account({ details: true, terms: true, charges: true, payouts: true }));
    expect(view).toMatchObject({ status: 'active', nextStep: 'none', canVerify: false, canOpenDashboard: true, missing: [] });
  });

  it('sells but points to the bank details while payouts are off', () => {
    const view = describeAccount(account({ details: true, terms: true, charges: true }));
    expect(view).toMatchObject({ status: 'active', nextStep: 'enablePayouts', canVerify: false, missing: ['payouts_enabled'] });
  });
});

describe('accountHolderName', () => {
  it("joins the provider's first and last name, or gives null", () => {
    expect(accountHolderName(account({}, { individual: { first_name: 'Maya', last_name: 'Cohen' } }))).toBe('Maya Cohen');
    expect(accountHolderName(account({}, { individual: { first_name: 'Maya', last_name: null } }))).toBe('Maya');
    expect(accountHolderName(account())).toBeNull();
  });
});
