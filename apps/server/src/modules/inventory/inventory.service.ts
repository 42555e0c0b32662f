import { ERROR_MESSAGES } from '@planns/shared/errors/error-codes';
import { fitsQuota } from '@planns/shared/inventory/inventory.rules';
import { attendeeWeight } from '@planns/shared/rsvp/rsvp.rules';
import type { RawBuilder } from 'kysely';
import type { Executor, IdSet, Tx } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import * as repo from './inventory.repo.ts';

/**
 * Capacity, in one place (decisions 0025, 0029): each event has one quota (its `max`), and each
 * ticket type with a limit one more within it. A free event's places are taken by going answers
 * (the person plus their companions); a paid event's by tickets and the live holds of open
 * checkouts. The row lock, the counting rule and the checks live here; a consumer's module
 * writes its own rows, in the transaction that claimed the places.
 */

/** Who takes places: `{ kind: 'rsvp', id: userId }` an answer, `{ kind: 'hold', id: orderId }` a checkout, `{ kind: 'ticket', id }` a ticket. */
export type Consumer = repo.ConsumerRef;

/** `seats` places of the event's quota for an answer, replacing whatever that answer held. */
export interface Claim {
  eventId: number;
  consumer: Consumer;
  seats: number;
  now: Date;
}

/** The places an RSVP answer takes on a free event: going, the person plus their companions; maybe and not going, none. */
export function answerSeats(status: 'going' | 'maybe' | 'rejected', companions: number): number {
  return status === 'going' ? attendeeWeight(companions) : 0;
}

/**
 * Claims places for an answer inside the caller's transaction: locks the event's quota
 * (`SELECT ... FOR UPDATE` on the event row), counts every consumer's places except this one's,
 * and refuses with 409 event_full when the claim does not fit; 404 when the event is gone. The
 * lock is held until the transaction ends, so the caller writes its claim after this, in the same
 * transaction, and parallel claims can never oversell. On a paid event an answer takes no place
 * (tickets do): the claim only takes the lock.
 */
export async function reserve(tx: Tx, claim: Claim): Promise<void> {
  const quota = await repo.lockQuota(tx, claim.eventId);
  if (!quota) throw notFound('Event not found');
  if (claim.seats <= 0 || quota.size === null || quota.is_paid) return;
  const taken = await repo.seatsTaken(tx, claim.eventId, [claim.consumer], claim.now);
  if (!fitsQuota(taken, claim.seats, quota.size)) throw new AppError('event_full', ERROR_MESSAGES.eventFull);
}

/** Tickets wanted of each type. */
export interface TicketClaim {
  eventId: number;
  lines: readonly { ticketTypeId: number; quantity: number }[];
  /** Consumers these tickets replace (a hold becoming tickets): their places are not counted. */
  replacing: readonly Consumer[];
  now: Date;
}

/** The spec's 'Sold out' (events §4): the event's max, or a type's limit, reached by tickets and holds. */
export const soldOut = (message = 'Sold out', fields?: Record<string, string>) => new AppError('sold_out', message, fields);

/** 409 sold_out when the tickets wanted do not fit the usage (the event's max, or a type's limit). */
function checkFits(usage: repo.TicketUsage, lines: TicketClaim['lines']): void {
  const wanted = lines.reduce((sum, l) => sum + l.quantity, 0);
  if (usage.size === undefined) throw notFound('Event not found');
  if (wanted <= 0) return;
  if (usage.size !== null && !fitsQuota(usage.taken, wanted, usage.size)) {
    const left = Math.max(0, usage.size - usage.taken);
    throw soldOut(left > 0 ? `Only ${left} ticket(s) left` : 'Sold out', { quantity: String(left) });
  }
  const fields: Record<string, string> = {};
  for (const line of lines) {
    const type = usage.types.get(line.ticketTypeId);
    if (type && !fitsQuota(type.taken, line.quantity, type.size)) fields[`type_${line.ticketTypeId}`] = String(Math.max(0, (type.size ?? 0) - type.taken));
  }
  if (Object.keys(fields).length > 0) throw soldOut('Sold out', fields);
}

/**
 * Whether tickets would fit now, without any lock (a claim's quick refusal), read inside another
 * module's statement (the checkout's first read): `ticketsTakenSql` counts there, and
 * `refuseUnlessFits(value, lines)` answers 409 sold_out when they would not fit. An answer that
 * they fit promises nothing; the claim decides under the lock. In a flash sale the many who come
 * after the last ticket are told at once, without queueing for the event's lock behind the buyers
 * still being served. `replacingSessionHold`: the open hold of a buyer's join session (which a new
 * selection replaces) is left out, whatever its order.
 */
export function ticketsTakenSql(claim: { eventId: number; now: Date; replacingSessionHold?: repo.SessionHoldRef }): RawBuilder<unknown> {
  return repo.ticketUsageJsonSql(claim.eventId, claim.now, claim.replacingSessionHold);
}

export function refuseUnlessFits(value: unknown, lines: TicketClaim['lines']): void {
  checkFits(repo.usageFromJson(value), lines);
}

/**
 * Claims tickets of a paid event inside the caller's transaction: locks the event's quota, then
 * checks the event's max and each type's limit against valid tickets and live holds (those of
 * `replacing` left out, so a caller may write its hold first and claim it after); 409 sold_out
 * when any does not fit (fields name the types), 404 when the event is gone or no longer paid.
 * The lock and the count are one round trip (repo.lockTicketUsage); the count is a statement of its
 * own after the lock, so it reads what every claim before this one committed.
 */
export async function claimTickets(tx: Tx, claim: TicketClaim): Promise<void> {
  checkFits(await repo.lockTicketUsage(tx, claim.eventId, claim.replacing, claim.now), claim.lines);
}

/**
 * The claim of a hold written in the same statement (the hold path's one statement: the order, its
 * items and this claim; orders.repo insertOrder): locks the event's quota, counts, and fails the
 * statement when the tickets wanted do not fit, so the hold is never written. `holdId` is the
 * statement's expression for the new hold's id (left out of the count). Decision 0029.
 */
export function claimHoldInStatement(claim: Omit<TicketClaim, 'replacing'>, holdId: RawBuilder<number>): RawBuilder<unknown> {
  return repo.claimHoldSql(claim.eventId, holdId, claim.lines, claim.now);
}

/**
 * The answer to a statement that failed in claimHoldInStatement: 409 sold_out worded from the usage
 * the database reported (as claimTickets words it), 404 when the event is gone or no longer paid;
 * null when the error is another.
 */
export function claimRefusal(err: unknown, lines: TicketClaim['lines']): AppError | null {
  const usage = repo.refusedUsage(err);
  if (!usage) return null;
  try {
    checkFits(usage, lines);
  } catch (refusal) {
    if (refusal instanceof AppError) return refusal;
    throw refusal;
  }
  return soldOut();
}

/**
 * Locks the event's quota and answers its size and the places taken now, every consumer counted;
 * undefined when the event is gone. For a change of the size itself (an edit of max), which its
 * caller checks against `taken` in the same transaction.
 */
export async function lockUsage(tx: Tx, eventId: number, now: Date): Promise<{ size: number | null; taken: number } | undefined> {
  const quota = await repo.lockQuota(tx, eventId);
  if (!quota) return undefined;
  return { size: quota.size, taken: await repo.seatsTaken(tx, eventId, [], now) };
}

/** Places taken of each event's quota (0 when none), for pages and lists: their attendees_count. */
export async function seatsTaken(db: Executor, eventIds: readonly number[], now: Date): Promise<Map<number, number>> {
  const taken = await repo.seatsTakenOfEvents(db, eventIds, now);
  return new Map(eventIds.map((id) => [id, taken.get(id) ?? 0]));
}

/** Each ticket type's tickets still on sale (null: no limit of its own), for the event page and the checkout. */
export async function typesRemaining(db: Executor, eventIds: readonly number[], now: Date): Promise<Map<number, number | null>> {
  const rows = await repo.typeQuotas(db, eventIds, [], now);
  return new Map(rows.map((r) => [r.ticket_type_id, remainingOf(r)]));
}

/** A ticket type's tickets still on sale, of its row of typesRemainingQuery (null: no limit of its own). */
export function remainingOf(row: Pick<repo.TypeQuotaRow, 'size' | 'taken'>): number | null {
  return row.size === null ? null : Math.max(0, row.size - row.taken);
}

/**
 * seatsTaken's statement (rows for the events with places taken only), for a caller reading it
 * with others in one statement. `paidOnly`: `eventIds` are read as paid in the same statement (a
 * paid event's answers take no place, so they are not read).
 */
export const seatsTakenQuery = (eventIds: IdSet, now: Date, paidOnly = false) => repo.seatsTakenQuery(eventIds, now, paidOnly);

/** typesRemaining's statement (each type's size and places taken: remainingOf), for a caller reading it with others in one statement. */
export const typesRemainingQuery = (eventIds: IdSet, now: Date) => repo.typeQuotasQuery(eventIds, [], now);
