import { SEAT_MESSAGES } from '@planns/shared/seats/seats.rules';
import crypto from 'node:crypto';
import { amountText, type Currency } from '@planns/shared/money/money.rules';
import { normalizeTicketCode, TICKET_CODE_ALPHABET } from '@planns/shared/tickets/tickets.rules';
import type { Ticket, TicketCheck } from '@planns/shared/tickets/tickets.schemas';
import { inTransaction, type Executor, type IdSet, type Tx } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import * as events from '../events/events.service.ts';
import * as seats from '../seats/seats.service.ts';
import * as inventory from '../inventory/inventory.service.ts';
import * as rsvp from '../rsvp/rsvp.service.ts';
import * as users from '../users/users.service.ts';
import { canSeeTicket, canValidateTicket } from './tickets.policy.ts';
import * as repo from './tickets.repo.ts';

/**
 * Tickets (accounts §2 Tickets, §4 Ticket; events §6, §7): issued once per unit of a paid order,
 * by the organiser for free, or as a gift; checked at the door by their code. Decision 0029.
 */

/** A new ticket code: 16 of Crockford's base-32 digits, 80 random bits (unguessable). */
export function newTicketCode(): string {
  const bytes = crypto.randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += TICKET_CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export function presentTicket(row: repo.TicketDetailRow): Ticket {
  return {
    id: row.id,
    code: row.code,
    event_id: row.event_id,
    user_id: row.user_id,
    user: row.user_id !== null ? { id: row.user_id, name: row.holder_name } : null,
    type_name: row.type_name,
    price: row.price,
    currency: row.currency as Currency | null,
    kind: row.kind,
    status: row.status,
    is_used: row.used_at !== null,
    used_at: row.used_at ? row.used_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    order_id: row.order_id,
    event: {
      id: row.event_id,
      hash: row.event_hash,
      name: row.event_name,
      ticket_name: row.event_ticket_name,
      start_date: row.event_start.toISOString(),
      end_date: row.event_end ? row.event_end.toISOString() : null,
      user_id: row.event_owner_id,
      image: row.event_image,
    },
    seat: row.seat_row !== null && row.seat_col !== null ? { the_row: row.seat_row, the_col: row.seat_col, label: row.seat_label } : null,
  };
}

export const TICKETS_LIST_LIMIT = 500;

/* ------------------------------------------------------------------ reading */

/** GET tickets: the signed-in person's tickets (accounts §2 My tickets). */
export async function myTickets(deps: AppDeps, actor: Actor): Promise<Ticket[]> {
  return (await repo.listTicketsOfUser(deps.db, actor.userId, TICKETS_LIST_LIMIT)).map(presentTicket);
}

/** GET tickets/event/{id}: every ticket of the event for its owner and moderators; one's own for anyone else who sees it. */
export async function eventTickets(deps: AppDeps, actor: Actor, eventId: number): Promise<Ticket[]> {
  const event = await events.loadVisible(deps, actor, eventId);
  const all = event.user_id === actor.userId || actor.isModerator;
  return (await repo.listTicketsOfEvent(deps.db, eventId, all ? null : actor.userId, TICKETS_LIST_LIMIT)).map(presentTicket);
}

/**
 * GET tickets/{code} (/check-ticket/{code}): the ticket's state for anyone holding the code, the
 * details only for its holder, the event's owner, moderators and people on the event's lists
 * (accounts §2). An unknown or malformed code answers the same shape (state not_found), so codes
 * cannot be told apart from the answer; the route is rate limited.
 */
export async function checkTicket(deps: AppDeps, viewer: Actor | null, rawCode: string): Promise<TicketCheck> {
  const code = normalizeTicketCode(rawCode);
  const row = code ? await repo.findTicketByCode(deps.db, code) : undefined;
  if (!row) return { code: rawCode.slice(0, 64), state: 'not_found', can_validate: false, ticket: null, used_by: null };
  const state = row.status === 'refunded' ? 'refunded' : row.used_at ? 'used' : 'valid';
  const onLists = viewer !== null && viewer.userId !== row.user_id ? await rsvp.hasAnswered(deps.db, row.event_id, viewer.userId) : false;
  const mayValidate = canValidateTicket(viewer, { owner_id: row.event_owner_id });
  const maySee = canSeeTicket(viewer, { owner_id: row.event_owner_id, holder_id: row.user_id }, onLists);
  return {
    code: row.code,
    state,
    can_validate: mayValidate,
    ticket: maySee ? presentTicket(row) : null,
    used_by: maySee && row.used_by !== null ? { id: row.used_by, name: row.used_by_name } : null,
  };
}

/* ------------------------------------------------------------------ the door */

async function loadForDoor(deps: AppDeps, actor: Actor, ticketId: number): Promise<repo.TicketDetailRow> {
  const row = await repo.findTicketById(deps.db, ticketId);
  if (!row) throw notFound('Ticket not found');
  if (!canValidateTicket(actor, { owner_id: row.event_owner_id })) throw forbidden('Only the event’s owner or a moderator can check tickets');
  return row;
}

/**
 * POST tickets/validate/{id}: marks the ticket used (accounts §4 valid -> used). Of two scanners
 * at once one succeeds; the other is told when and by whom it was used (409). A refunded ticket
 * does not admit (409).
 */
export async function markUsed(deps: AppDeps, actor: Actor, ticketId: number): Promise<Ticket> {
  const row = await loadForDoor(deps, actor, ticketId);
  if (row.status === 'refunded') throw new AppError('conflict', 'This ticket was refunded: it does not admit', { ticket: 'refunded' });
  if (!(await repo.markUsed(deps.db, ticketId, actor.userId, deps.clock.now()))) {
    const now = await repo.findTicketById(deps.db, ticketId);
    const when = now?.used_at?.toISOString() ?? '';
    throw new AppError('conflict', `Already used at ${when}${now?.used_by_name ? ` (checked by ${now.used_by_name})` : ''}`, {
      used_at: when,
      used_by: now?.used_by_name ?? '',
    });
  }
  return presentTicket((await repo.findTicketById(deps.db, ticketId))!);
}

/** POST tickets/invalidate/{id}: marks it not used again (used -> valid). */
export async function markUnused(deps: AppDeps, actor: Actor, ticketId: number): Promise<Ticket> {
  await loadForDoor(deps, actor, ticketId);
  await repo.markUnused(deps.db, ticketId);
  return presentTicket((await repo.findTicketById(deps.db, ticketId))!);
}

/* ------------------------------------------------------------------ issuing */

/**
 * The tickets of a paid order, one per unit (in the caller's transaction, under the event's
 * quota lock): the order's positions are unique, so a second fulfilment adds nothing.
 */
export async function issueOrderTickets(
  tx: Tx,
  order: { id: number; event_id: number; buyer_id: number | null; currency: string; items: { ticket_type_id: number | null; type_name: string; unit_price: number; quantity: number }[] },
  now: Date,
): Promise<number[]> {
  const tickets: repo.NewTicket[] = [];
  for (const item of order.items) {
    for (let i = 0; i < item.quantity; i += 1) {
      tickets.push({
        code: newTicketCode(),
        event_id: order.event_id,
        order_id: order.id,
        order_position: tickets.length,
        ticket_type_id: item.ticket_type_id,
        type_name: item.type_name,
        price: item.unit_price,
        currency: order.currency,
        user_id: order.buyer_id,
        issued_by: null,
        kind: 'purchase',
        created_at: now,
      });
    }
  }
  return (await repo.insertTickets(tx, tickets)).map((t) => t.id);
}

/**
 * POST tickets {user_id, event_id, amount} (events §7): free tickets the organiser gives a going
 * or interested guest (the guest list's ticket-add form), counted against the event's capacity
 * when it is paid; the guest is texted (an outbox job). `kind` gift: POST tickets/gift/{event_id}.
 */
export async function issueTickets(
  deps: AppDeps,
  actor: Actor,
  input: { eventId: number; userId: number; amount: number; ticketTypeId?: number | undefined; kind: 'issued' | 'gift'; seats?: readonly { row: number; col: number }[] | undefined },
): Promise<Ticket[]> {
  const pricing = await events.loadManagedPricing(deps, actor, input.eventId);
  // A seated event's tickets are given on seats (decision 0036): each seat's type decides its ticket's.
  const field = input.kind === 'gift' ? 'tickets' : 'seats';
  const map = await seats.eventMap(deps.db, pricing);
  if (map && !input.seats?.length) throw new AppError('validation_failed', SEAT_MESSAGES.seatsRequired, { [field]: SEAT_MESSAGES.seatsRequired });
  let picks: seats.SeatPick[] | null = null;
  if (map && input.seats) {
    try {
      picks = seats.resolvePicks(map, pricing.ticket_types, input.seats);
    } catch (err) {
      // The picks' fields are named as the body names them (a gift's tickets.{i}).
      if (err instanceof AppError && err.fields && field !== 'seats') {
        throw new AppError(err.code, err.message, Object.fromEntries(Object.entries(err.fields).map(([key, value]) => [key.replace(/^seats\./, `${field}.`), value])));
      }
      throw err;
    }
  }
  const answer = await rsvp.answerOf(deps.db, input.eventId, input.userId);
  if (input.kind === 'issued' && answer !== 'going' && answer !== 'maybe') {
    throw new AppError('validation_failed', 'Some fields are not valid', { user_id: 'Tickets go to guests who are going or interested' });
  }
  if (input.kind === 'gift' && !(await users.userExists(deps.db, input.userId))) {
    throw new AppError('validation_failed', 'Some fields are not valid', { user_id: 'User not found' });
  }
  const type = input.ticketTypeId === undefined ? (pricing.ticket_types[0] ?? null) : (pricing.ticket_types.find((t) => t.id === input.ticketTypeId) ?? null);
  if (input.ticketTypeId !== undefined && !type) throw new AppError('validation_failed', 'Some fields are not valid', { ticket_type_id: 'Invalid ticket type' });
  const now = deps.clock.now();
  // Per ticket: its type (a seat's, or the one chosen).
  const typeOf = (i: number) => (picks ? (pricing.ticket_types.find((t) => t.id === picks[i]!.ticket_type_id) ?? type) : type);
  const amount = picks ? picks.length : input.amount;
  const ids = await inTransaction(deps.db, async (tx) => {
    if (pricing.currency !== null && type) {
      const counts = new Map<number, number>();
      for (let i = 0; i < amount; i += 1) counts.set(typeOf(i)!.id, (counts.get(typeOf(i)!.id) ?? 0) + 1);
      await inventory.claimTickets(tx, { eventId: input.eventId, lines: [...counts].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })), replacing: [], now });
    }
    const rows = await repo.insertTickets(
      tx,
      Array.from({ length: amount }, (_, i) => ({
        code: newTicketCode(),
        event_id: input.eventId,
        order_id: null,
        order_position: null,
        ticket_type_id: typeOf(i)?.id ?? null,
        type_name: typeOf(i)?.name ?? pricing.name,
        price: 0,
        currency: pricing.currency,
        user_id: input.userId,
        issued_by: actor.userId,
        kind: input.kind,
        created_at: now,
      })),
    );
    if (picks) await seats.seatIssuedTickets(tx, { eventId: input.eventId, picks, ticketIds: rows.map((r) => r.id), field, now });
    await enqueue(tx, 'tickets.notify_issued', { ticket_ids: rows.map((r) => r.id) });
    return rows.map((r) => r.id);
  });
  if (picks) seats.announceSeats(deps, input.eventId, actor.userId);
  const rows = await repo.listTicketsOfEvent(deps.db, input.eventId, input.userId, TICKETS_LIST_LIMIT);
  return rows.filter((r) => ids.includes(r.id)).map(presentTicket);
}

/** The text the guest gets for tickets given to them (events §8: an SMS goes to the guest). */
export async function issuedTicketsText(deps: AppDeps, ticketIds: number[]): Promise<{ userId: number; text: string } | null> {
  const first = ticketIds[0] === undefined ? undefined : await repo.findTicketById(deps.db, ticketIds[0]);
  if (!first || first.user_id === null) return null;
  const link = new URL('/tickets', deps.config.publicUrl).toString();
  const what = ticketIds.length === 1 ? 'a ticket' : `${ticketIds.length} tickets`;
  return { userId: first.user_id, text: `planns: you have ${what} for ${first.event_name}. See them at ${link}` };
}

/* ------------------------------------------------------------------ for other modules */

/** The guest list's ticket counts (events §2): sold and used, in all and per holder. */
export async function ticketCounts(db: Executor, eventId: number): Promise<{ sold: number; used: number; byUser: Map<number, { sold: number; used: number }> }> {
  const rows = await repo.ticketCounts(db, eventId);
  const byUser = new Map<number, { sold: number; used: number }>();
  let sold = 0;
  let used = 0;
  for (const row of rows) {
    sold += row.sold;
    used += row.used;
    if (row.user_id !== null) byUser.set(row.user_id, { sold: row.sold, used: row.used });
  }
  return { sold, used, byUser };
}

/** How many valid tickets the person holds for each of these events (the page's "your tickets"): a statement (rows: event_id, n), for a caller reading it with others. */
export const ticketsHeldQuery = (db: Executor, userId: number, eventIds: IdSet) => repo.ticketsHeldQuery(db, userId, eventIds);

export async function lockValidTicketsOfOrder(tx: Tx, orderId: number) {
  return repo.lockValidTicketsOfOrder(tx, orderId);
}

export async function markTicketsRefunded(tx: Tx, ids: number[], now: Date): Promise<number> {
  return repo.markRefunded(tx, ids, now);
}

export async function ticketsOfOrders(db: Executor, orderIds: readonly number[]) {
  return repo.ticketsOfOrders(db, orderIds);
}

/** The seat each ticket admits to (decision 0036). */
export async function setTicketSeats(tx: Tx, seats: readonly { id: number; row: number; col: number; label: string }[]): Promise<void> {
  await repo.setSeats(tx, seats);
}


/* ------------------------------------------------------------------ the ticket report */

/**
 * A cell of the ticket report: quoted, and a text a spreadsheet would read as a formula
 * (=, +, -, @, a tab or a return first) is prefixed with an apostrophe (OWASP CSV injection).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** GET tickets/export/{event hash}: the event's tickets as CSV for its owner and moderators (accounts §2). */
export async function exportTickets(deps: AppDeps, actor: Actor, hash: string): Promise<{ filename: string; csv: string }> {
  const event = await events.loadVisible(deps, actor, hash);
  if (!(event.user_id === actor.userId || actor.isModerator)) throw forbidden('Only the owner or a moderator can download the ticket report');
  const rows = await repo.listTicketsOfEvent(deps.db, event.id, null, 100_000);
  const header = ['code', 'type', 'seat', 'holder', 'kind', 'price', 'currency', 'status', 'used_at', 'issued_at'];
  const lines = rows.map((t) =>
    [t.code, t.type_name, t.seat_label, t.holder_name, t.kind, amountText(t.price, t.currency as Currency), t.currency, t.status, t.used_at ? t.used_at.toISOString() : '', t.created_at.toISOString()].map(csvCell).join(','),
  );
  const safeName = event.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) || 'event';
  return { filename: `tickets-${safeName}-${event.hash}.csv`, csv: [header.map(csvCell).join(','), ...lines].join('\r\n') + '\r\n' };
}
