import { describe, expect, it } from 'vitest';
import { serviceFee } from '@planns/shared/money/money.rules';
import { ApiError } from '../../lib/api-client.ts';
import { buildEvent } from '../events/test-event.ts';
import { clampQuantity, paymentDay, paymentNet, priceChangedFigures, testPaymentEvents, testPaymentPreview } from './payment-figures.ts';

const ticketType = (price: number, id = 1) => ({ id, name: 'General Admission', price, currency: 'EUR' as const, description: null, quantity: null, stripe_price_id: 'price_1', stripe_price_amount: price, remaining: null, sold_out: false, seat_type: null });

describe('testPaymentPreview', () => {
  it('charges the unit price times the quantity plus the fee of the configured percent, as the server does', () => {
    expect(testPaymentPreview({ price: 1250 }, 3, 5)).toEqual({ unitPrice: 1250, quantity: 3, subtotal: 3750, fee: 188, total: 3938 });
    expect(testPaymentPreview({ price: 1250 }, 3, 5).fee).toBe(serviceFee(3750, 5));
  });

  it('leaves the fee and the total to the server while the percent is unknown', () => {
    expect(testPaymentPreview({ price: 1000 }, 2, null)).toEqual({ unitPrice: 1000, quantity: 2, subtotal: 2000, fee: null, total: null });
  });

  it("shows a price_changed answer's figures instead of the list's", () => {
    expect(testPaymentPreview({ price: 1000 }, 2, 5, { price: 1500, fee: 150 })).toEqual({ unitPrice: 1500, quantity: 2, subtotal: 3000, fee: 150, total: 3150 });
  });

  it('works in whole yen (no minor unit)', () => {
    expect(testPaymentPreview({ price: 1200 }, 1, 2.5)).toMatchObject({ subtotal: 1200, fee: 30, total: 1230 });
  });
});

describe('priceChangedFigures', () => {
  it("reads the current price and fee from a 409 price_changed answer's fields", () => {
    const error = new ApiError(409, 'price_changed', 'The price is now 1500 and the fee 150', { price: '1500', fee: '150' });
    expect(priceChangedFigures(error)).toEqual({ price: 1500, fee: 150 });
  });

  it('ignores other errors and unreadable figures', () => {
    expect(priceChangedFigures(new ApiError(409, 'conflict', 'This event is free'))).toBeNull();
    expect(priceChangedFigures(new ApiError(409, 'price_changed', 'x', { price: 'abc', fee: '1' }))).toBeNull();
    expect(priceChangedFigures(new Error('boom'))).toBeNull();
  });
});

describe('testPaymentEvents', () => {
  it("keeps the person's own paid events whose payments are enabled", () => {
    const mine = buildEvent({ id: 1, user_id: 7, is_paid: true, payments_enabled: true, ticket_types: [ticketType(1000)] });
    const notEnabled = buildEvent({ id: 2, user_id: 7, is_paid: true, payments_enabled: false, ticket_types: [ticketType(1000)] });
    const free = buildEvent({ id: 3, user_id: 7 });
    const joined = buildEvent({ id: 4, user_id: 8, is_paid: true, payments_enabled: true, ticket_types: [ticketType(1000)] });
    expect(testPaymentEvents([mine, notEnabled, free, joined], 7).map((e) => e.id)).toEqual([1]);
  });
});

describe('paymentNet, paymentDay, clampQuantity', () => {
  it('leaves the seller what was paid less the service fee', () => {
    expect(paymentNet({ amount: 3938, application_fee_amount: 188 })).toBe(3750);
  });

  it('shows a Unix time as its day, YYYY-MM-DD', () => {
    const seconds = Math.floor(new Date(2026, 0, 5, 12, 0).getTime() / 1000);
    expect(paymentDay(seconds)).toBe('2026-01-05');
  });

  it('keeps a quantity within 1 and the test payment maximum', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(3.7)).toBe(3);
    expect(clampQuantity(99)).toBe(20);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });
});
