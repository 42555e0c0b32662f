import { ERROR_MESSAGES } from '@planns/shared/errors/error-codes';
import { fitsQuota } from '@planns/shared/inventory/inventory.rules';
import { attendeeWeight } from '@planns/shared/rsvp/rsvp.rules';
import type { Executor, Tx } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import * as repo from './inventory.repo.ts';

/**
 * Capacity, in one place (decision 0025): each event has one quota (its `max`), which every
 * consumer of places draws on; today the going answers (the person plus their companions), next
 * holds, tickets and seats. The row lock, the counting rule and the check live here; a consumer's
 * module writes its own rows, in the transaction that claimed the places.
 */

/** Who takes places: `{ kind: 'rsvp', id: userId }` is one person's answer. */
export type Consumer = repo.ConsumerRef;

/** `seats` places of the event's quota for `consumer`, replacing whatever that consumer held. */
export interface Claim {
  eventId: number;
  consumer: Consumer;
  seats: number;
}

/** The places an RSVP answer takes: going, the person plus their companions; maybe and not going, none. */
export function answerSeats(status: 'going' | 'maybe' | 'rejected', companions: number): number {
  return status === 'going' ? attendeeWeight(companions) : 0;
}


/**
 * Claims places inside the caller's transaction: locks the event's quota (`SELECT ... FOR UPDATE`
 * on the event row), counts every consumer's places except this consumer's current ones, and
 * refuses with 409 event_full when the claim does not fit; 404 when the event is gone. The lock is
 * held until the transaction ends, so the caller writes its claim after this, in the same
 * transaction, and parallel claims can never oversell. A claim of no places (maybe, not going, a
 * release) only takes the lock, which serializes it with the others.
 */
export async function reserve(tx: Tx, claim: Claim): Promise<void> {
  const quota = await repo.lockQuota(tx, claim.eventId);
  if (!quota) throw notFound('Event not found');
  if (claim.seats <= 0 || quota.size === null) return;
  const taken = await repo.seatsTaken(tx, claim.eventId, claim.consumer);
  if (!fitsQuota(taken, claim.seats, quota.size)) throw new AppError('event_full', ERROR_MESSAGES.eventFull);
}

/**
 * Locks the event's quota and answers its size and the places taken now, every consumer counted;
 * undefined when the event is gone. For a change of the size itself (an edit of max), which its
 * caller checks against `taken` in the same transaction.
 */
export async function lockUsage(tx: Tx, eventId: number): Promise<{ size: number | null; taken: number } | undefined> {
  const quota = await repo.lockQuota(tx, eventId);
  if (!quota) return undefined;
  return { size: quota.size, taken: await repo.seatsTaken(tx, eventId, null) };
}

/** Places taken of each event's quota (0 when none), for pages and lists: their attendees_count. */
export async function seatsTaken(db: Executor, eventIds: readonly number[]): Promise<Map<number, number>> {
  const taken = await repo.seatsTakenOfEvents(db, eventIds);
  return new Map(eventIds.map((id) => [id, taken.get(id) ?? 0]));
}
