import { describe, expect, it } from 'vitest';
import { purchaseSchema, type Purchase } from '@planns/shared/tickets/tickets.schemas';
import en from '../../locales/en.json' with { type: 'json' };
import { isUnpaid, lineAmount, orderDay, paidAfterRefunds, purchaseReason, purchaseState, receiptHref, sellerShare, ticketTally } from './purchase-figures.ts';

/** An order as the server presents it (parsed with the shared schema, so it cannot drift). */
function purchase(over: Partial<Purchase> = {}): Purchase {
  return purchaseSchema.parse({
    id: 1,
    status: 'paid',
    event: { id: 7, hash: 'abc', name: 'Concert', start_date: '2026-06-01T18:00:00.000Z', ticket_name: null },
    user: { id: 3, name: 'Buyer' },
    lines: [
      { type_name: 'Standard', unit_price: 1200, quantity: 2 },
      { type_name: 'VIP', unit_price: 2400, quantity: 1 },
    ],
    tickets: [
      { id: 10, code: null, type_name: 'Standard', status: 'valid', is_used: false },
      { id: 11, code: null, type_name: 'Standard', status: 'valid', is_used: true },
      { id: 12, code: null, type_name: 'VIP', status: 'valid', is_used: false },
    ],
    currency: 'EUR',
    subtotal: 4800,
    fee: 240,
    total: 5040,
    refunded_amount: 0,
    created_at: '2026-05-01T10:00:00.000Z',
    paid_at: '2026-05-01T10:01:00.000Z',
    receipt_url: 'http://localhost:3000/test-provider/receipts/pi_test_12345678',
    failure_reason: null,
    ...over,
  });
}

describe('purchaseState', () => {
  it('names the order as the lists do', () => {
    expect(purchaseState(purchase())).toBe('paid');
    expect(purchaseState(purchase({ refunded_amount: 1260 }))).toBe('partially_refunded');
    expect(purchaseState(purchase({ status: 'refunded', refunded_amount: 5040 }))).toBe('refunded');
    expect(purchaseState(purchase({ status: 'failed' }))).toBe('failed');
    expect(purchaseState(purchase({ status: 'expired' }))).toBe('expired');
    expect(purchaseState(purchase({ status: 'pending' }))).toBe('pending');
  });

  it('marks the orders that took no money', () => {
    expect(isUnpaid('failed')).toBe(true);
    expect(isUnpaid('expired')).toBe(true);
    expect(isUnpaid('pending')).toBe(true);
    expect(isUnpaid('refunded')).toBe(false);
    expect(isUnpaid('partially_refunded')).toBe(false);
  });

  it('has a label for every state, the screens their spec titles', () => {
    for (const state of ['paid', 'partially_refunded', 'refunded', 'failed', 'expired', 'pending'] as const) expect(en.purchases.status[state]).toBeTruthy();
    expect(en.purchases.history.title).toBe('Purchase History');
    expect(en.payments.received.title).toBe('Payment Received');
  });
});

describe('purchaseReason', () => {
  it('explains failed and expired checkouts, and a payment refunded for want of a place', () => {
    expect(purchaseReason(purchase({ status: 'failed', tickets: [] }))).toBe('failed');
    expect(purchaseReason(purchase({ status: 'expired', tickets: [] }))).toBe('expired');
    expect(purchaseReason(purchase({ status: 'refunded', tickets: [] }))).toBe('no_place');
  });

  it('says nothing for a paid order or one the organiser refunded', () => {
    expect(purchaseReason(purchase())).toBeNull();
    const refunded = purchase().tickets.map((t) => ({ ...t, status: 'refunded' as const }));
    expect(purchaseReason(purchase({ status: 'refunded', tickets: refunded }))).toBeNull();
  });
});

describe('the figures', () => {
  it('are integer minor units', () => {
    const order = purchase({ refunded_amount: 1260 });
    expect(order.lines.map(lineAmount)).toEqual([2400, 2400]);
    expect(sellerShare(order)).toBe(4800);
    expect(paidAfterRefunds(order)).toBe(3780);
  });

  it('tally the tickets: valid (of which used) and refunded', () => {
    expect(ticketTally(purchase().tickets)).toEqual({ valid: 3, used: 1, refunded: 0 });
    const some = purchase().tickets.map((t, i) => (i === 0 ? { ...t, status: 'refunded' as const } : t));
    expect(ticketTally(some)).toEqual({ valid: 2, used: 1, refunded: 1 });
  });

  it('show the day as YYYY-MM-DD', () => {
    expect(orderDay('2026-05-01T10:00:00.000Z')).toMatch(/^2026-05-0[12]$/);
  });
});

describe('receiptHref', () => {
  it('offers web addresses only', () => {
    expect(receiptHref('https://pay.stripe.com/receipts/acct/abc')).toBe('https://pay.stripe.com/receipts/acct/abc');
    expect(receiptHref('http://localhost:3000/test-provider/receipts/pi_test_12345678')).toBe('http://localhost:3000/test-provider/receipts/pi_test_12345678');
    expect(receiptHref('javascript:alert(1)')).toBeNull();
    expect(receiptHref('data:text/html,hi')).toBeNull();
    expect(receiptHref(null)).toBeNull();
  });
});
