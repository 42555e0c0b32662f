import { describe, expect, it } from 'vitest';
import { formatEventDates, formatPrice, whatsappUrl } from './event-format.ts';

describe('formatPrice', () => {
  it('puts the symbol first for AUD, USD, CAD and BRL', () => {
    expect(formatPrice(10, 'USD', 'en')).toBe('$10');
    expect(formatPrice(12.5, 'AUD', 'en')).toBe('$12.50');
    expect(formatPrice(1000, 'BRL', 'en')).toBe('R$1,000');
  });

  it('puts the symbol after the amount for the other currencies', () => {
    expect(formatPrice(10, 'EUR', 'en')).toBe('10 €');
    expect(formatPrice(7.25, 'ILS', 'en')).toBe('7.25 ₪');
    expect(formatPrice(20, 'GBP', 'es')).toBe('20 £');
  });

  it('writes the amount in the language', () => {
    expect(formatPrice(1234.5, 'EUR', 'es')).toBe('1234,50 €');
  });

  it('falls back to the code for an unknown currency', () => {
    expect(formatPrice(3, 'XYZ1', 'en')).toBe('3 XYZ1');
  });
});

describe('formatEventDates', () => {
  const now = new Date(2026, 0, 10);

  it('shows one date-time without an end', () => {
    const text = formatEventDates(new Date(2026, 5, 6, 19, 0), null, 'en', now);
    expect(text).toContain('June 6');
    expect(text).toContain('7:00');
    expect(text).not.toContain('2026');
  });

  it('shows a range with the end, and the year when it is not this year', () => {
    const text = formatEventDates(new Date(2027, 5, 6, 19, 0), new Date(2027, 5, 6, 22, 30), 'en', now);
    expect(text).toContain('2027');
    expect(text).toContain('10:30');
  });
});

describe('whatsappUrl', () => {
  it('keeps the digits only', () => {
    expect(whatsappUrl('+1 (202) 555-0100')).toBe('https://wa.me/12025550100');
    expect(whatsappUrl(null)).toBeNull();
    expect(whatsappUrl('n/a')).toBeNull();
  });
});
