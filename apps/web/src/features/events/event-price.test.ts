import { describe, expect, it } from 'vitest';
import { eventPriceText } from './event-price.ts';

const from = (price: string) => `from ${price}`;

describe('eventPriceText', () => {
  it('is null for a free event', () => {
    expect(eventPriceText({ price_range: null }, 'en', from)).toBeNull();
  });

  it('shows one price when every ticket costs the same, in minor units by the currency', () => {
    expect(eventPriceText({ price_range: { min: 1250, max: 1250, currency: 'EUR' } }, 'en', from)).toBe('€12.50');
    expect(eventPriceText({ price_range: { min: 1200, max: 1200, currency: 'JPY' } }, 'en', from)).toBe('¥1,200');
    // The four symbol-first currencies of the spec, in English.
    expect(eventPriceText({ price_range: { min: 1000, max: 1000, currency: 'USD' } }, 'en', from)).toBe('$10.00');
    expect(eventPriceText({ price_range: { min: 1000, max: 1000, currency: 'BRL' } }, 'en', from)).toBe('R$10.00');
  });

  it("says 'from' the lowest price when the types differ, placed as the language places it", () => {
    expect(eventPriceText({ price_range: { min: 4000, max: 15000, currency: 'ILS' } }, 'en', from)).toBe('from ₪40.00');
    expect(eventPriceText({ price_range: { min: 1200, max: 3000, currency: 'EUR' } }, 'es', from)).toBe('from 12,00\u00a0€');
  });
});
