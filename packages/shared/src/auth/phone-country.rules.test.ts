import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.rules.ts';
import { composePhone, phoneCountryFromLocale, splitPhone } from './phone-country.rules.ts';

describe('composePhone', () => {
  it('prefixes the calling code of the chosen country', () => {
    expect(normalizePhone(composePhone('ES', '612 34 56 78'))).toBe('+34612345678');
  });
  it('drops a national trunk prefix', () => {
    expect(normalizePhone(composePhone('GB', '07911 123456'))).toBe('+447911123456');
  });
  it('lets a typed plus win over the country', () => {
    expect(composePhone('US', '+34 612-345-678')).toBe('+34612345678');
  });
  it('is empty for empty input', () => {
    expect(composePhone('US', '  ')).toBe('');
  });
});

describe('splitPhone', () => {
  it('round-trips an E.164 number', () => {
    expect(splitPhone('+34612345678', 'US')).toEqual({ country: 'ES', national: '612345678' });
  });
  it('falls back for a missing number', () => {
    expect(splitPhone(null, 'FR')).toEqual({ country: 'FR', national: '' });
  });
});

describe('phoneCountryFromLocale', () => {
  it('reads the region of the first tag that has one', () => {
    expect(phoneCountryFromLocale(['he', 'en-GB', 'en-US'])).toBe('GB');
  });
  it('is null without a region', () => {
    expect(phoneCountryFromLocale(['en'])).toBeNull();
  });
});
