import { describe, expect, it } from 'vitest';
import type { Ticket } from '@planns/shared/tickets/tickets.schemas';
import { eventOver, groupTicketsByEvent, OPEN_ENDED_EVENT_HOURS, ticketState } from './my-tickets-groups.ts';

const now = new Date('2026-06-10T12:00:00.000Z');

function ticket(id: number, eventId: number, over: Partial<Ticket> & { start?: string; end?: string | null } = {}): Ticket {
  const { start = '2026-06-20T18:00:00.000Z', end = null, ...rest } = over;
  return {
    id,
    code: `CODE${String(id).padStart(12, '0')}`,
    event_id: eventId,
    user_id: 7,
    user: { id: 7, name: 'Ana' },
    type_name: 'General Admission',
    price: 1200,
    currency: 'EUR',
    kind: 'purchase',
    status: 'valid',
    is_used: false,
    used_at: null,
    created_at: '2026-06-01T10:00:00.000Z',
    order_id: 1,
    event: { id: eventId, hash: `h${eventId}`, name: `Event ${eventId}`, ticket_name: null, start_date: start, end_date: end, user_id: 1, image: null },
    seat: null,
    ...rest,
  };
}

describe('ticketState', () => {
  it('is refunded for a refunded ticket even when it was used, else used or valid', () => {
    expect(ticketState({ status: 'refunded', is_used: true })).toBe('refunded');
    expect(ticketState({ status: 'refunded', is_used: false })).toBe('refunded');
    expect(ticketState({ status: 'valid', is_used: true })).toBe('used');
    expect(ticketState({ status: 'valid', is_used: false })).toBe('valid');
  });
});

describe('eventOver', () => {
  it('is the end when there is one, else the start plus the open-ended hours', () => {
    expect(eventOver({ start_date: '2026-06-10T10:00:00.000Z', end_date: '2026-06-10T14:00:00.000Z' })).toBe(Date.parse('2026-06-10T14:00:00.000Z'));
    expect(eventOver({ start_date: '2026-06-10T10:00:00.000Z', end_date: null })).toBe(Date.parse('2026-06-10T10:00:00.000Z') + OPEN_ENDED_EVENT_HOURS * 3_600_000);
  });

  it('ignores an end before the start', () => {
    expect(eventOver({ start_date: '2026-06-10T10:00:00.000Z', end_date: '2026-06-09T10:00:00.000Z' })).toBe(Date.parse('2026-06-10T22:00:00.000Z'));
  });
});

describe('groupTicketsByEvent', () => {
  it('puts coming events first, soonest first, then past ones, latest first', () => {
    const tickets = [
      ticket(1, 10, { start: '2026-07-01T18:00:00.000Z' }),
      ticket(2, 11, { start: '2026-05-01T18:00:00.000Z' }),
      ticket(3, 12, { start: '2026-06-15T18:00:00.000Z' }),
      ticket(4, 13, { start: '2026-06-01T18:00:00.000Z' }),
    ];
    const { upcoming, past } = groupTicketsByEvent(tickets, now);
    expect(upcoming.map((g) => g.event.id)).toEqual([12, 10]);
    expect(past.map((g) => g.event.id)).toEqual([13, 11]);
    expect(past.every((g) => g.isPast) && upcoming.every((g) => !g.isPast)).toBe(true);
  });

  it('keeps an event under way among the coming ones until it ends', () => {
    const started = ticket(1, 10, { start: '2026-06-10T09:00:00.000Z', end: '2026-06-10T13:00:00.000Z' });
    const ended = ticket(2, 11, { start: '2026-06-10T08:00:00.000Z', end: '2026-06-10T11:00:00.000Z' });
    const openEnded = ticket(3, 12, { start: '2026-06-10T02:00:00.000Z', end: null });
    const { upcoming, past } = groupTicketsByEvent([started, ended, openEnded], now);
    expect(upcoming.map((g) => g.event.id)).toEqual([12, 10]);
    expect(past.map((g) => g.event.id)).toEqual([11]);
  });

  it('groups one event’s tickets with their counts, valid ones first', () => {
    const tickets = [
      ticket(5, 10, { status: 'refunded' }),
      ticket(2, 10, { is_used: true, used_at: '2026-06-10T11:00:00.000Z' }),
      ticket(9, 10),
      ticket(3, 10),
      ticket(4, 20),
    ];
    const { upcoming } = groupTicketsByEvent(tickets, now);
    expect(upcoming).toHaveLength(2);
    const group = upcoming.find((g) => g.event.id === 10)!;
    expect(group.tickets.map((t) => t.id)).toEqual([3, 9, 2, 5]);
    expect(group.counts).toEqual({ valid: 2, used: 1, refunded: 1 });
  });

  it('answers two empty lists for no tickets', () => {
    expect(groupTicketsByEvent([], now)).toEqual({ upcoming: [], past: [] });
  });
});
