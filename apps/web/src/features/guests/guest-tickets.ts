import type { Purchase, Ticket } from '@planns/shared/tickets/tickets.schemas';
import { TICKETS_PER_ORDER_MAX, refundAmount } from '@planns/shared/tickets/tickets.rules';

/**
 * The guest list's ticket tools, their pure parts (events §2: per going or interested guest a
 * ticket-add form and the tickets sold and used; the organiser's refunds): which of an event's
 * tickets are one guest's, grouped by the order that bought them, which can be refunded, and what
 * a refund will give back. The components only add translations and requests.
 */

/** The ticket-add and gift forms' amounts, 1 to TICKETS_PER_ORDER_MAX (the server's limit), as a picker offers them. */
export const TICKET_AMOUNTS: readonly number[] = Array.from({ length: TICKETS_PER_ORDER_MAX }, (_, i) => i + 1);

/** Whether the guest list shows ticket counts: a paid event, or any event someone holds tickets for. */
export function showsTicketCounts(event: { is_paid: boolean }, sold: number): boolean {
  return event.is_paid || sold > 0;
}

/** Going and interested guests get the ticket-add form (events §2); rejected ones do not. */
export function canGetTickets(status: string): boolean {
  return status === 'going' || status === 'maybe';
}

/** One guest's tickets: those they hold (bought, issued or gifted), in the server's order (by id). */
export function ticketsOfHolder(tickets: readonly Ticket[], userId: number): Ticket[] {
  return tickets.filter((ticket) => ticket.user_id === userId);
}

export type TicketGroup =
  /** The tickets one order bought (every one held by its buyer), valid and refunded. */
  | { kind: 'order'; orderId: number; tickets: Ticket[] }
  /** Tickets the organiser issued (the ticket-add form) or gifted: free, nothing to refund. */
  | { kind: 'given'; tickets: Ticket[] };

/** A guest's tickets grouped: each order's, in order of purchase, then the given ones. */
export function groupTickets(tickets: readonly Ticket[]): TicketGroup[] {
  const orders = new Map<number, Ticket[]>();
  const given: Ticket[] = [];
  for (const ticket of tickets) {
    if (ticket.order_id === null) {
      given.push(ticket);
      continue;
    }
    const group = orders.get(ticket.order_id);
    if (group) group.push(ticket);
    else orders.set(ticket.order_id, [ticket]);
  }
  const groups: TicketGroup[] = [...orders].map(([orderId, list]) => ({ kind: 'order', orderId, tickets: list }));
  if (given.length > 0) groups.push({ kind: 'given', tickets: given });
  return groups;
}

/** A bought ticket that still admits can be refunded; issued and gifted ones cost nothing. */
export function isRefundable(ticket: Pick<Ticket, 'kind' | 'status' | 'order_id'>): boolean {
  return ticket.kind === 'purchase' && ticket.status === 'valid' && ticket.order_id !== null;
}

export function refundableTickets(tickets: readonly Ticket[]): Ticket[] {
  return tickets.filter(isRefundable);
}

/** The order's figures a refund estimate needs (from Payments Received); null when not known. */
export type OrderFigures = Pick<Purchase, 'subtotal' | 'fee' | 'total' | 'refunded_amount'>;

export type RefundEstimate = {
  /** The tickets' prices, in minor units. */
  price: number;
  /**
   * About what goes back (price and the fee's share, in minor units), or null when the order's
   * figures are unknown (then the screen says "plus its share of the service fee").
   */
  amount: number | null;
};

/**
 * What refunding `chosen` of an order will give back, as the server computes it (the shared
 * refundAmount): the tickets' prices plus their share of the service fee, rounded down; when they
 * are all the order's tickets still valid, everything not yet refunded. The server decides; the
 * screen labels this as an estimate.
 */
export function refundEstimate(chosen: readonly Pick<Ticket, 'price'>[], validInOrder: number, order: OrderFigures | null): RefundEstimate {
  const price = chosen.reduce((sum, ticket) => sum + ticket.price, 0);
  if (!order) return { price, amount: null };
  return { price, amount: refundAmount(order, chosen.map((ticket) => ticket.price), chosen.length >= validInOrder) };
}

/** What a refund gave back: the order's refunded amount after it less before (null when before is unknown). */
export function refundedNow(before: OrderFigures | null, after: Pick<Purchase, 'refunded_amount'>): number | null {
  return before ? after.refunded_amount - before.refunded_amount : null;
}
