import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@planns/shared/money/money.rules';
import { PAYOUT_COUNTRIES } from '@planns/shared/payments/payments.rules';
import { checkOnboarding, currencyOptions, onboardingFieldsOf, payoutCountryOptions } from './onboarding-fields.ts';

const filled = { business_type: 'individual', first_name: ' Maya ', last_name: 'Cohen', country: 'us', default_currency: 'ils', accept_terms: true } as const;

describe('checkOnboarding', () => {
  it('gives the body the server takes', () => {
    expect(checkOnboarding({ ...filled, country: 'de', default_currency: 'eur' })).toEqual({
      body: { business_type: 'individual', first_name: 'Maya', last_name: 'Cohen', country: 'DE', default_currency: 'EUR', accept_terms: true },
    });
  });

  it('names every field that needs attention, in the form order', () => {
    expect(checkOnboarding({ business_type: '', first_name: ' ', last_name: '', country: '', default_currency: '', accept_terms: false })).toEqual({
      fields: ['business_type', 'first_name', 'last_name', 'country', 'default_currency'],
    });
  });

  it('lets the terms go unaccepted (the account then stays unverified)', () => {
    expect('body' in checkOnboarding({ ...filled, accept_terms: false })).toBe(true);
  });

  it('reads the fields of a 422', () => {
    expect(onboardingFieldsOf({ last_name: 'Last name is required', country: 'Choose a country', other: 'x' })).toEqual(['last_name', 'country']);
  });
});

describe('options', () => {
  it('names the payout countries in the language, sorted by name', () => {
    const en = payoutCountryOptions('en');
    expect(en).toHaveLength(PAYOUT_COUNTRIES.length);
    expect(en.find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(en[0]?.name).toBe('Australia');
    const es = payoutCountryOptions('es');
    expect(es.find((c) => c.code === 'DE')?.name).toBe('Alemania');
    expect(es[0]?.code).toBe('DE');
  });

  it('names the fifteen currencies in the spec order', () => {
    const options = currencyOptions('en');
    expect(options.map((o) => o.code)).toEqual([...CURRENCIES]);
    expect(options[1]?.name).toBe('Euro (EUR)');
  });
});
