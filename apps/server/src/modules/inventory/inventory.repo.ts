import { sql, type RawBuilder } from 'kysely';
import type { Executor, Tx } from '../../db/database.ts';

/**
 * SQL only (CONVENTIONS §3). An event's capacity is one quota (pretix's Quota): a size, today the
 * event's `max` (null: no limit), and the places its consumers take. Decision 0025.
 */

export interface QuotaRow {
  event_id: number;
  /** Places in all; null: no limit. */
  size: number | null;
}

/** Who holds places: today a going answer of one user; holds and tickets will be more kinds. */
export type ConsumerKind = 'rsvp';

export interface ConsumerRef {
  kind: ConsumerKind;
  /** The consumer's own id within its kind: the user for an answer. */
  id: number;
}

/**
 * Locks the quota of one event for the rest of the transaction (`SELECT ... FOR UPDATE` on the
 * event row: the lock every join, every edit of max and later every hold and ticket sale takes),
 * and answers its size; undefined: no such event.
 */
export async function lockQuota(tx: Tx, eventId: number): Promise<QuotaRow | undefined> {
  const row = await tx.selectFrom('events').select(['id', 'max']).where('id', '=', eventId).forUpdate().executeTakeFirst();
  return row ? { event_id: row.id, size: row.max } : undefined;
}

/**
 * Every place taken of the events' quotas, one row per consumer: the single statement of the
 * counting rule. A going answer takes the person plus their companions; maybe and not going take
 * nothing. A hold or a ticket will be one more `UNION ALL` branch with its own kind.
 */
function consumers(eventIds: readonly number[]): RawBuilder<{ event_id: number; kind: ConsumerKind; consumer_id: number; seats: number }> {
  return sql`
    SELECT r.event_id, 'rsvp'::text AS kind, r.user_id AS consumer_id, 1 + r.companions_amount AS seats
    FROM event_users r WHERE r.event_id = ANY(${eventIds}::bigint[]) AND r.status = 'going'
  `;
}

/** Places taken of one event's quota, leaving out one consumer's own (the claim being replaced). */
export async function seatsTaken(db: Executor, eventId: number, except: ConsumerRef | null): Promise<number> {
  const exclude = except ? sql`NOT (c.kind = ${except.kind} AND c.consumer_id = ${except.id})` : sql`true`;
  const result = await sql<{ taken: number }>`
    SELECT coalesce(sum(c.seats), 0)::int AS taken FROM (${consumers([eventId])}) c WHERE ${exclude}
  `.execute(db);
  return result.rows[0]?.taken ?? 0;
}

/** Places taken of each event's quota, for many events at once (lists and pages); an event with none is left out. */
export async function seatsTakenOfEvents(db: Executor, eventIds: readonly number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const result = await sql<{ event_id: number; taken: number }>`
    SELECT c.event_id, sum(c.seats)::int AS taken FROM (${consumers(eventIds)}) c GROUP BY c.event_id
  `.execute(db);
  return new Map(result.rows.map((row) => [row.event_id, row.taken]));
}
