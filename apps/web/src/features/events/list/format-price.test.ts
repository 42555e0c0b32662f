import { describe, expect, it } from 'vitest';
import { eventPrice, formatPrice } from './format-price.ts';

describe('formatPrice', () => {
  it('puts the symbol first for AUD, USD, CAD and BRL', () => {
    expect(formatPrice(12, 'USD', 'en')).toBe('$12');
    expect(formatPrice(12.5, 'CAD', 'en')).toBe('$12.5');
    expect(formatPrice(7, 'BRL', 'en')).toBe('R$7');
    expect(formatPrice(7, 'AUD', 'en')).toBe('$7');
  });

  it('puts the symbol after the amount for the others', () => {
    expect(formatPrice(12, 'EUR', 'en')).toBe('12 €');
    expect(formatPrice(1500, 'ILS', 'en')).toBe('1,500 ₪');
    expect(formatPrice(9.99, 'GBP', 'en')).toBe('9.99 £');
  });

  it('uses the language for the digits and keeps unknown currencies as codes', () => {
    expect(formatPrice(1500.5, 'EUR', 'es')).toMatch(/^1\.?500,5 €$/);
    expect(formatPrice(3, 'XYZ1', 'en')).toBe('3 XYZ1');
  });
});

describe('eventPrice', () => {
  it('is null for free events', () => {
    expect(eventPrice({ is_paid: false, price: null, currency: null }, 'en')).toBeNull();
    expect(eventPrice({ is_paid: true, price: 0, currency: 'EUR' }, 'en')).toBeNull();
    expect(eventPrice({ is_paid: true, price: 20, currency: 'USD' }, 'en')).toBe('$20');
  });
});
