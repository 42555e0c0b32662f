import { describe, expect, it } from 'vitest';
import { TICKET_ISSUE_MESSAGES, TICKETS_PER_ORDER_MAX } from '@planns/shared/tickets/tickets.rules';
import { ticketSchema, type Ticket } from '@planns/shared/tickets/tickets.schemas';
import en from '../../locales/en.json' with { type: 'json' };
import {
  canGetTickets,
  groupTickets,
  isRefundable,
  refundableTickets,
  refundedNow,
  refundEstimate,
  showsTicketCounts,
  TICKET_AMOUNTS,
  ticketsOfHolder,
} from './guest-tickets.ts';

/** A ticket as the server presents it (parsed with the shared schema, so it cannot drift). */
function ticket(id: number, over: Partial<Pick<Ticket, 'user_id' | 'order_id' | 'kind' | 'status' | 'price' | 'is_used'>> = {}): Ticket {
  const kind = over.kind ?? 'purchase';
  return ticketSchema.parse({
    id,
    code: `CODE${String(id).padStart(12, '0')}`,
    event_id: 7,
    user_id: over.user_id ?? 1,
    user: { id: over.user_id ?? 1, name: 'Guest' },
    type_name: 'Standard',
    price: over.price ?? (kind === 'purchase' ? 1000 : 0),
    currency: 'EUR',
    kind,
    status: over.status ?? 'valid',
    is_used: over.is_used ?? false,
    used_at: over.is_used ? '2026-05-01T20:00:00.000Z' : null,
    created_at: '2026-05-01T10:00:00.000Z',
    order_id: over.order_id === undefined ? (kind === 'purchase' ? 100 : null) : over.order_id,
    event: { id: 7, hash: 'abc', name: 'Concert', ticket_name: null, start_date: '2026-06-01T18:00:00.000Z', end_date: null, user_id: 9, image: null },
    seat: null,
  });
}

describe('the ticket forms', () => {
  it('offer 1 to the server’s limit of tickets', () => {
    expect(TICKET_AMOUNTS[0]).toBe(1);
    expect(TICKET_AMOUNTS.at(-1)).toBe(TICKETS_PER_ORDER_MAX);
    expect(TICKET_AMOUNTS).toHaveLength(TICKETS_PER_ORDER_MAX);
  });

  it('are for going and interested guests only (events §2)', () => {
    expect(canGetTickets('going')).toBe(true);
    expect(canGetTickets('maybe')).toBe(true);
    expect(canGetTickets('rejected')).toBe(false);
  });

  it('tell of success and failure in the spec’s words (events §8)', () => {
    expect(en.guests.tickets.created).toBe(TICKET_ISSUE_MESSAGES.created);
    expect(en.guests.tickets.failed).toBe(TICKET_ISSUE_MESSAGES.failed);
    expect(en.guests.tickets.contactSupport).toBe(TICKET_ISSUE_MESSAGES.contactSupport);
  });
});

describe('showsTicketCounts', () => {
  it('shows for a paid event even before a sale, and for a free one once someone holds tickets', () => {
    expect(showsTicketCounts({ is_paid: true }, 0)).toBe(true);
    expect(showsTicketCounts({ is_paid: false }, 0)).toBe(false);
    expect(showsTicketCounts({ is_paid: false }, 2)).toBe(true);
  });
});

describe('a guest’s tickets', () => {
  const all = [
    ticket(1, { user_id: 1, order_id: 100 }),
    ticket(2, { user_id: 2, order_id: 101 }),
    ticket(3, { user_id: 1, order_id: 100, status: 'refunded' }),
    ticket(4, { user_id: 1, kind: 'gift' }),
    ticket(5, { user_id: 1, order_id: 102 }),
    ticket(6, { user_id: 1, kind: 'issued' }),
  ];

  it('are the ones they hold', () => {
    expect(ticketsOfHolder(all, 1).map((t) => t.id)).toEqual([1, 3, 4, 5, 6]);
    expect(ticketsOfHolder(all, 3)).toEqual([]);
  });

  it('group by order in order of purchase, the given ones last', () => {
    const groups = groupTickets(ticketsOfHolder(all, 1));
    expect(groups.map((g) => (g.kind === 'order' ? `order ${g.orderId}: ${g.tickets.map((t) => t.id).join()}` : `given: ${g.tickets.map((t) => t.id).join()}`))).toEqual([
      'order 100: 1,3',
      'order 102: 5',
      'given: 4,6',
    ]);
  });

  it('leave out the given group when nothing was given', () => {
    expect(groupTickets([ticket(1)]).map((g) => g.kind)).toEqual(['order']);
    expect(groupTickets([])).toEqual([]);
  });

  it('can be refunded when bought and still valid, used or not', () => {
    expect(isRefundable(ticket(1))).toBe(true);
    expect(isRefundable(ticket(1, { is_used: true }))).toBe(true);
    expect(isRefundable(ticket(1, { status: 'refunded' }))).toBe(false);
    expect(isRefundable(ticket(1, { kind: 'gift' }))).toBe(false);
    expect(isRefundable(ticket(1, { kind: 'issued' }))).toBe(false);
    expect(refundableTickets(all).map((t) => t.id)).toEqual([1, 2, 5]);
  });
});

describe('refundEstimate', () => {
  // Three tickets at €10.00 and one at €25.00: subtotal 5500, fee 5% = 275, total 5775.
  const order = { subtotal: 5500, fee: 275, total: 5775, refunded_amount: 0 };

  it('is the price and its share of the fee, rounded down, as the server gives it back', () => {
    expect(refundEstimate([{ price: 1000 }], 4, order)).toEqual({ price: 1000, amount: 1000 + 50 });
    // 275 * 2500 / 5500 = 125
    expect(refundEstimate([{ price: 2500 }], 4, order)).toEqual({ price: 2500, amount: 2625 });
    // 275 * 2000 / 5500 = 100
    expect(refundEstimate([{ price: 1000 }, { price: 1000 }], 4, order)).toEqual({ price: 2000, amount: 2100 });
  });

  it('rounds the fee’s share down', () => {
    // 100 * 333 / 1000 = 33.3
    expect(refundEstimate([{ price: 333 }], 3, { subtotal: 1000, fee: 100, total: 1100, refunded_amount: 0 }).amount).toBe(366);
  });

  it('is everything not yet refunded when the last valid tickets go', () => {
    const after = { ...order, refunded_amount: 1050 };
    expect(refundEstimate([{ price: 1000 }, { price: 1000 }, { price: 2500 }], 3, after).amount).toBe(5775 - 1050);
    expect(refundEstimate([{ price: 2500 }], 1, { ...order, refunded_amount: 3150 }).amount).toBe(2625);
  });

  it('never exceeds what remains', () => {
    expect(refundEstimate([{ price: 1000 }], 2, { ...order, refunded_amount: 5000 }).amount).toBe(775);
  });

  it('gives only the price when the order’s figures are unknown', () => {
    expect(refundEstimate([{ price: 1000 }, { price: 2500 }], 4, null)).toEqual({ price: 3500, amount: null });
  });

  it('has no fee share on a free order', () => {
    expect(refundEstimate([{ price: 0 }], 2, { subtotal: 0, fee: 0, total: 0, refunded_amount: 0 }).amount).toBe(0);
  });
});

describe('refundedNow', () => {
  it('is what the order’s refunded amount grew by', () => {
    expect(refundedNow({ subtotal: 2000, fee: 100, total: 2100, refunded_amount: 1050 }, { refunded_amount: 2100 })).toBe(1050);
  });

  it('is unknown without the figures from before', () => {
    expect(refundedNow(null, { refunded_amount: 2100 })).toBeNull();
  });
});
