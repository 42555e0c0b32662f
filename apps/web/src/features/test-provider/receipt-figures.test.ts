import { describe, expect, it } from 'vitest';
import { receiptNet, receiptState, refundsInOrder } from './receipt-figures.ts';

describe('receiptState', () => {
  it('is paid, partly refunded or refunded', () => {
    expect(receiptState({ amount: 5040, amount_refunded: 0 })).toBe('paid');
    expect(receiptState({ amount: 5040, amount_refunded: 1260 })).toBe('partially_refunded');
    expect(receiptState({ amount: 5040, amount_refunded: 5040 })).toBe('refunded');
  });
});

describe('receiptNet', () => {
  it('is the amount less the refunds, never below zero', () => {
    expect(receiptNet({ amount: 5040, amount_refunded: 1260 })).toBe(3780);
    expect(receiptNet({ amount: 5040, amount_refunded: 6000 })).toBe(0);
  });
});

describe('refundsInOrder', () => {
  it('lists the refunds oldest first without changing the given list', () => {
    const refunds = [
      { id: 're_b', amount: 100, created: 20 },
      { id: 're_a', amount: 200, created: 10 },
      { id: 're_c', amount: 300, created: 20 },
    ];
    expect(refundsInOrder(refunds).map((r) => r.id)).toEqual(['re_a', 're_b', 're_c']);
    expect(refunds[0]!.id).toBe('re_b');
  });
});
