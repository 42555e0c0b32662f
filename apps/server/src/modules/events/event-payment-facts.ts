import type { Executor } from '../../db/database.ts';
import * as inventory from '../inventory/inventory.service.ts';
import * as paymentAccounts from '../payments/payment-accounts.service.ts';
import * as tickets from '../tickets/tickets.service.ts';
import { readLiveFacts } from './events.repo.ts';

/** What the presenter needs of a page's events read live, since none of it can be stored with the event. */
export interface LiveEventFacts {
  /** Places taken, by event (of `seatsOf`; 0 when none). */
  seats: Map<number, number>;
  /** Organisers of the paid events whose payout account is active (creator.stripe_approved). */
  approved: Set<number>;
  /** Each ticket type of the paid events: its tickets still on sale (null: no limit of its own). */
  remaining: Map<number, number | null>;
  /** Valid tickets the viewer holds, by paid event. */
  held: Map<number, number>;
}

/**
 * The places taken of the events `seatsOf`, and for the paid ones of `events` (currency set):
 * whose payout accounts are active, what remains of each type, and the viewer's tickets. One
 * statement: each module's own query, read together.
 */
export async function liveEventFacts(
  db: Executor,
  viewerId: number | null,
  events: readonly { id: number; user_id: number; currency: string | null }[],
  seatsOf: readonly number[],
  now: Date,
): Promise<LiveEventFacts> {
  const paid = events.filter((e) => e.currency !== null);
  const paidIds = paid.map((e) => e.id);
  const rows = await readLiveFacts(db, {
    seats: seatsOf.length > 0 ? inventory.seatsTakenQuery(seatsOf, now) : undefined,
    types: paid.length > 0 ? inventory.typesRemainingQuery(paidIds, now) : undefined,
    approved: paid.length > 0 ? paymentAccounts.approvedUserIdsQuery(db, paid.map((e) => e.user_id)) : undefined,
    held: paid.length > 0 && viewerId !== null ? tickets.ticketsHeldQuery(db, viewerId, paidIds) : undefined,
  });
  const facts: LiveEventFacts = { seats: new Map(seatsOf.map((id) => [id, 0])), approved: new Set(), remaining: new Map(), held: new Map() };
  for (const row of rows) {
    if (row.kind === 'seats') facts.seats.set(row.id, row.taken ?? 0);
    else if (row.kind === 'types') facts.remaining.set(row.id, inventory.remainingOf({ size: row.size, taken: row.taken ?? 0 }));
    else if (row.kind === 'approved') facts.approved.add(row.id);
    else facts.held.set(row.id, row.taken ?? 0);
  }
  return facts;
}
