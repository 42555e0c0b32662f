import type { Ticket } from '@planns/shared/tickets/tickets.schemas';

/**
 * My tickets (accounts §2): the person's tickets grouped by event, coming events first (soonest
 * first), then past ones (latest first). Pure, so the order is unit-tested.
 */

/** What a ticket is at the door: a refunded one no longer admits, whether it was used or not. */
export type TicketState = 'valid' | 'used' | 'refunded';

export function ticketState(ticket: Pick<Ticket, 'status' | 'is_used'>): TicketState {
  if (ticket.status === 'refunded') return 'refunded';
  return ticket.is_used ? 'used' : 'valid';
}

/** An event without an end still counts as coming this long after its start (it may be under way). */
export const OPEN_ENDED_EVENT_HOURS = 12;

/** When an event stops counting as coming: its end, or its start plus OPEN_ENDED_EVENT_HOURS. */
export function eventOver(event: Pick<Ticket['event'], 'start_date' | 'end_date'>): number {
  const start = Date.parse(event.start_date);
  const end = event.end_date === null ? Number.NaN : Date.parse(event.end_date);
  return Number.isNaN(end) || end < start ? start + OPEN_ENDED_EVENT_HOURS * 3_600_000 : end;
}

export type TicketGroup = {
  event: Ticket['event'];
  /** Valid first, then used, then refunded; each in the order they were issued. */
  tickets: Ticket[];
  counts: Record<TicketState, number>;
  isPast: boolean;
};

const STATE_ORDER: Record<TicketState, number> = { valid: 0, used: 1, refunded: 2 };

export function groupTicketsByEvent(tickets: readonly Ticket[], now: Date): { upcoming: TicketGroup[]; past: TicketGroup[] } {
  const byEvent = new Map<number, Ticket[]>();
  for (const ticket of tickets) {
    const list = byEvent.get(ticket.event_id);
    if (list) list.push(ticket);
    else byEvent.set(ticket.event_id, [ticket]);
  }
  const groups: TicketGroup[] = [...byEvent.values()].map((list) => {
    const sorted = [...list].sort((a, b) => STATE_ORDER[ticketState(a)] - STATE_ORDER[ticketState(b)] || a.id - b.id);
    const counts: Record<TicketState, number> = { valid: 0, used: 0, refunded: 0 };
    for (const ticket of sorted) counts[ticketState(ticket)] += 1;
    const event = sorted[0]!.event;
    return { event, tickets: sorted, counts, isPast: eventOver(event) < now.getTime() };
  });
  const start = (group: TicketGroup) => Date.parse(group.event.start_date);
  const byStart = (a: TicketGroup, b: TicketGroup) => start(a) - start(b) || a.event.id - b.event.id;
  return {
    upcoming: groups.filter((g) => !g.isPast).sort(byStart),
    past: groups.filter((g) => g.isPast).sort((a, b) => byStart(b, a)),
  };
}
