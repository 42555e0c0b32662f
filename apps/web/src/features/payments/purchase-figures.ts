import type { Purchase } from '@planns/shared/tickets/tickets.schemas';
import { paymentDay } from './payment-figures.ts';

/**
 * The purchase lists' pure parts (accounts §2 Purchase History and Payments Received, §3 Purchase
 * and Received payment): an order's state as the lists name it, its figures (minor units,
 * integer arithmetic only; formatMoney turns them into text) and its links.
 */

/** What the lists call an order: paid, refunded in part or in whole, failed, expired, or still open. */
export type PurchaseState = 'paid' | 'partially_refunded' | 'refunded' | 'failed' | 'expired' | 'pending';

export function purchaseState(purchase: Pick<Purchase, 'status' | 'refunded_amount'>): PurchaseState {
  if (purchase.status === 'paid') return purchase.refunded_amount > 0 ? 'partially_refunded' : 'paid';
  return purchase.status;
}

/** Failed and expired orders took no money: the lists show them struck through, with their reason. */
export function isUnpaid(state: PurchaseState): boolean {
  return state === 'failed' || state === 'expired' || state === 'pending';
}

/** One line's amount: the unit price times the quantity. */
export function lineAmount(line: Purchase['lines'][number]): number {
  return line.unit_price * line.quantity;
}

/** What the seller keeps of an order: the total less planns' service fee (accounts §3 Received payment). */
export function sellerShare(purchase: Pick<Purchase, 'total' | 'fee'>): number {
  return purchase.total - purchase.fee;
}

/** What the buyer has paid in the end: the total less what was given back. */
export function paidAfterRefunds(purchase: Pick<Purchase, 'total' | 'refunded_amount'>): number {
  return purchase.total - purchase.refunded_amount;
}

/** The tickets of an order by state: still valid (of which used), and refunded. */
export function ticketTally(tickets: Purchase['tickets']): { valid: number; used: number; refunded: number } {
  let valid = 0;
  let used = 0;
  let refunded = 0;
  for (const ticket of tickets) {
    if (ticket.status === 'refunded') refunded += 1;
    else {
      valid += 1;
      if (ticket.is_used) used += 1;
    }
  }
  return { valid, used, refunded };
}

/** An ISO time as the day it was in the viewer's time zone, YYYY-MM-DD (accounts §9). */
export function orderDay(iso: string): string {
  return paymentDay(Math.floor(Date.parse(iso) / 1000));
}

/**
 * The receipt link when it is a web address (the provider's https page, or the test provider's
 * page on planns' own address); anything else (javascript:, data:) is not offered.
 */
export function receiptHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, 'http://localhost');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}


/** Why an order took no money or gave it all back, when the lists explain it. */
export type PurchaseReason = 'failed' | 'expired' | 'no_place';

/**
 * A failed or expired checkout says so; an order refunded without ever having tickets was paid
 * when no place was left (the server refunds it whole). The server's failure_reason is English
 * prose, so the lists explain from the state instead.
 */
export function purchaseReason(purchase: Pick<Purchase, 'status' | 'tickets'>): PurchaseReason | null {
  if (purchase.status === 'failed') return 'failed';
  if (purchase.status === 'expired') return 'expired';
  if (purchase.status === 'refunded' && purchase.tickets.length === 0) return 'no_place';
  return null;
}
