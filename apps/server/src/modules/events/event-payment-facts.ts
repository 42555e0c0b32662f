import type { Executor } from '../../db/database.ts';
import * as inventory from '../inventory/inventory.service.ts';
import * as paymentAccounts from '../payments/payment-accounts.service.ts';
import * as tickets from '../tickets/tickets.service.ts';

/** What the presenter needs of the paid events of a page, read live: none of it can be stored with the event. */
export interface PaidEventFacts {
  /** Organisers whose payout account is active (creator.stripe_approved). */
  approved: Set<number>;
  /** Each ticket type's tickets still on sale (null: no limit of its own). */
  remaining: Map<number, number | null>;
  /** Valid tickets the viewer holds, by event. */
  held: Map<number, number>;
}

/** For the paid ones of these events (currency set): whose payout accounts are active, what remains of each type, and the viewer's tickets. */
export async function paidEventFacts(db: Executor, viewerId: number | null, events: readonly { id: number; user_id: number; currency: string | null }[], now: Date): Promise<PaidEventFacts> {
  const paid = events.filter((e) => e.currency !== null);
  if (paid.length === 0) return { approved: new Set(), remaining: new Map(), held: new Map() };
  const paidIds = paid.map((e) => e.id);
  const [approved, remaining, held] = await Promise.all([
    paymentAccounts.approvedUserIds(db, paid.map((e) => e.user_id)),
    inventory.typesRemaining(db, paidIds, now),
    viewerId !== null ? tickets.ticketsHeld(db, viewerId, paidIds) : Promise.resolve(new Map<number, number>()),
  ]);
  return { approved, remaining, held };
}
