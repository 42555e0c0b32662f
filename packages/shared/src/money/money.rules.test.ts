import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX_MINOR, amountText, CURRENCIES, CURRENCY_EXPONENT, formatMoney, isCurrency, parseAmount, serviceFee } from './money.rules.ts';

describe('currencies', () => {
  it('offers the 15 currencies of events §9, JPY without a minor unit', () => {
    expect(CURRENCIES).toHaveLength(15);
    expect(CURRENCIES.filter((c) => CURRENCY_EXPONENT[c] === 0)).toEqual(['JPY']);
    // Intl knows each one with the same number of decimals.
    for (const c of CURRENCIES) {
      expect(new Intl.NumberFormat('en', { style: 'currency', currency: c }).resolvedOptions().maximumFractionDigits, c).toBe(CURRENCY_EXPONENT[c]);
    }
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('XBT')).toBe(false);
  });
});

describe('amounts typed by people', () => {
  it('reads digits into minor units without floating point', () => {
    expect(parseAmount('12', 'EUR')).toBe(1200);
    expect(parseAmount('12.5', 'EUR')).toBe(1250);
    expect(parseAmount(' 12,05 ', 'EUR')).toBe(1205);
    expect(parseAmount('0.29', 'USD')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(parseAmount('1.005', 'USD')).toBeNull();
    expect(parseAmount('1200', 'JPY')).toBe(1200);
    expect(parseAmount('12.5', 'JPY')).toBeNull();
    expect(parseAmount('999999.99', 'EUR')).toBe(AMOUNT_MAX_MINOR);
    expect(parseAmount('1000000', 'EUR')).toBeNull();
    expect(parseAmount('12.', 'EUR')).toBe(1200);
    for (const bad of ['', '-1', '1e3', '1,2,3', '0x10', '12 €', 'NaN', '.5']) expect(parseAmount(bad, 'EUR'), bad).toBeNull();
  });

  it('writes minor units back as the text an input shows', () => {
    expect(amountText(1250, 'EUR')).toBe('12.50');
    expect(amountText(5, 'EUR')).toBe('0.05');
    expect(amountText(0, 'USD')).toBe('0.00');
    expect(amountText(1200, 'JPY')).toBe('1200');
    for (const minor of [0, 1, 29, 1205, 99_999_999]) expect(parseAmount(amountText(minor, 'GBP'), 'GBP')).toBe(minor);
  });
});

describe('display', () => {
  it('formats in the viewer language, the symbol where the locale puts it', () => {
    expect(formatMoney(1250, 'EUR', 'en')).toBe('€12.50');
    expect(formatMoney(1250, 'USD', 'en')).toBe('$12.50');
    expect(formatMoney(1250, 'AUD', 'en')).toBe('A$12.50');
    expect(formatMoney(1250, 'CAD', 'en')).toBe('CA$12.50');
    expect(formatMoney(1250, 'BRL', 'en')).toBe('R$12.50');
    expect(formatMoney(120000, 'JPY', 'ja')).toBe('￥120,000');
    expect(formatMoney(1250, 'EUR', 'es').replace(/\s/g, ' ')).toBe('12,50 €');
    expect(formatMoney(99_999_999, 'USD', 'en')).toBe('$999,999.99');
  });
});

describe('service fee', () => {
  it('is the percent of the total, rounded half up to a minor unit, in integers', () => {
    expect(serviceFee(2000, 5)).toBe(100);
    expect(serviceFee(1250, 5)).toBe(63); // 62.5 -> 63
    expect(serviceFee(1249, 5)).toBe(62); // 62.45 -> 62
    expect(serviceFee(0, 5)).toBe(0);
    expect(serviceFee(1000, 2.5)).toBe(25);
    expect(serviceFee(AMOUNT_MAX_MINOR, 5)).toBe(5_000_000);
  });
});
