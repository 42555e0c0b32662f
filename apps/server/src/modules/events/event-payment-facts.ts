import { sql, type RawBuilder } from 'kysely';
import { paddedIds, type Executor, type IdSet } from '../../db/database.ts';
import * as inventory from '../inventory/inventory.service.ts';
import * as paymentAccounts from '../payments/payment-accounts.service.ts';
import * as tickets from '../tickets/tickets.service.ts';
import { liveFactsQuery, readLiveFacts, type LiveFactRow } from './events.repo.ts';

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

interface LiveSets {
  /** The events whose places taken are read. */
  seatsOf: IdSet;
  /** The paid events, and their organisers. */
  paidIds: IdSet;
  ownerIds: IdSet;
  /** seatsOf is paidIds: the paid events only, whose answers take no place. */
  seatsOfPaidOnly?: boolean;
}

/** The statement of the live facts: each module's own query, read together. */
function liveQuery(db: Executor, viewerId: number | null, sets: LiveSets, now: Date): RawBuilder<LiveFactRow> | null {
  const empty = (set: IdSet) => Array.isArray(set) && set.length === 0;
  // Ids given as values are padded (paddedIds): the statement keeps its generic plan.
  const pad = (set: IdSet): IdSet => (Array.isArray(set) ? paddedIds(set) : set);
  const paid = !empty(sets.paidIds);
  const paidIds = pad(sets.paidIds);
  return liveFactsQuery({
    seats: empty(sets.seatsOf) ? undefined : inventory.seatsTakenQuery(pad(sets.seatsOf), now, sets.seatsOfPaidOnly),
    types: paid ? inventory.typesRemainingQuery(paidIds, now) : undefined,
    approved: paid ? paymentAccounts.approvedUserIdsQuery(db, pad(sets.ownerIds)) : undefined,
    held: paid && viewerId !== null ? tickets.ticketsHeldQuery(db, viewerId, paidIds) : undefined,
  });
}

function collect(rows: readonly LiveFactRow[], seatsOf: readonly number[]): LiveEventFacts {
  const facts: LiveEventFacts = { seats: new Map(seatsOf.map((id) => [id, 0])), approved: new Set(), remaining: new Map(), held: new Map() };
  for (const row of rows) {
    if (row.kind === 'seats') facts.seats.set(row.id, row.taken ?? 0);
    else if (row.kind === 'types') facts.remaining.set(row.id, inventory.remainingOf({ size: row.size, taken: row.taken ?? 0 }));
    else if (row.kind === 'approved') facts.approved.add(row.id);
    else facts.held.set(row.id, row.taken ?? 0);
  }
  return facts;
}

/**
 * The places taken of the events `seatsOf`, and for the paid ones of `events` (currency set):
 * whose payout accounts are active, what remains of each type, and the viewer's tickets. One
 * statement.
 */
export async function liveEventFacts(
  db: Executor,
  viewerId: number | null,
  events: readonly { id: number; user_id: number; currency: string | null }[],
  seatsOf: readonly number[],
  now: Date,
): Promise<LiveEventFacts> {
  const paid = events.filter((e) => e.currency !== null);
  const query = liveQuery(db, viewerId, { seatsOf, paidIds: paid.map((e) => e.id), ownerIds: paid.map((e) => e.user_id) }, now);
  return collect(query ? await readLiveFacts(db, query) : [], seatsOf);
}

/**
 * The live facts of the paid ones of a page's events (`ids`), as SQL to be read with another
 * statement (the page's cards: one round trip for both), and how to read its rows: the places
 * taken of the paid events, what remains of their types, their organisers' payout accounts and
 * the viewer's tickets. A free event's places come with its card.
 */
export function paidPageFactsQuery(db: Executor, viewerId: number | null, ids: readonly number[], now: Date) {
  const pageIds = paddedIds(ids);
  const paidIds = sql<number[]>`ARRAY(SELECT e.id FROM events e WHERE e.id = ANY(${pageIds}::bigint[]) AND e.currency IS NOT NULL)`;
  const ownerIds = sql<number[]>`ARRAY(SELECT e.user_id FROM events e WHERE e.id = ANY(${pageIds}::bigint[]) AND e.currency IS NOT NULL)`;
  return {
    query: liveQuery(db, viewerId, { seatsOf: paidIds, paidIds, ownerIds, seatsOfPaidOnly: true }, now)!,
    read: (rows: readonly LiveFactRow[]) => collect(rows, []),
  };
}
