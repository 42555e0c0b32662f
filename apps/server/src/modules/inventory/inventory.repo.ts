import { sql, type RawBuilder } from 'kysely';
import type { Executor, IdSet, Tx } from '../../db/database.ts';

/**
 * SQL only (CONVENTIONS §3). An event's capacity is one quota (pretix's Quota): a size, the
 * event's `max` (null: no limit), and the places its consumers take; each ticket type with a
 * limit is a quota of its own within it. Decisions 0025, 0029.
 *
 * Who takes places depends on whether the event is paid. A free event counts its going answers
 * (the person plus their companions). A paid event counts tickets: valid tickets and the live
 * holds of open checkouts (pending orders before their hold_expires_at); its answers take no
 * place, since on a paid event a place is what a ticket is.
 */

export interface QuotaRow {
  event_id: number;
  /** Places in all; null: no limit. */
  size: number | null;
  is_paid: boolean;
}

/** Who holds places: a going answer (free events), a ticket or an open checkout's hold (paid events). */
export type ConsumerKind = 'rsvp' | 'ticket' | 'hold';

export interface ConsumerRef {
  kind: ConsumerKind;
  /** The consumer's own id within its kind: the user for an answer, the ticket, the order for a hold. */
  id: number;
}

/** The open checkout's hold of one buyer's join session, whatever its order's id (a claim that replaces it). */
export interface SessionHoldRef {
  buyerId: number;
  clientSession: string;
}

/**
 * Locks the quota of one event for the rest of the transaction (`SELECT ... FOR NO KEY UPDATE` on
 * the event row: the lock every join, every edit of max, every hold and every ticket takes), and
 * answers its size; undefined: no such event.
 */
export async function lockQuota(tx: Tx, eventId: number): Promise<QuotaRow | undefined> {
  // FOR NO KEY UPDATE: claims exclude each other (and edits of the event, which take the same
  // lock), while rows that only reference the event (an order, its items, a ticket, an answer)
  // can still be inserted meanwhile: their foreign key check takes KEY SHARE, which this lock
  // lets through, so a claim writes its rows first and holds the lock only to count and commit.
  const row = await tx.selectFrom('events').select(['id', 'max', 'currency']).where('id', '=', eventId).forNoKeyUpdate().executeTakeFirst();
  return row ? { event_id: row.id, size: row.max, is_paid: row.currency !== null } : undefined;
}

/**
 * Every place taken of the events' quotas, one row per consumer, with the ticket type it draws
 * on (null for answers): the single statement of the counting rule. `paidOnly`: the caller's
 * `eventIds` are paid events only, read as such in the same statement (a paid event's answers
 * take no place), so the answers' branch, which would read their going answers to keep none, is
 * left out; the rule is the same.
 */
function consumers(
  eventIds: IdSet,
  now: Date,
  paidOnly = false,
): RawBuilder<{ event_id: number; kind: ConsumerKind; consumer_id: number; ticket_type_id: number | null; seats: number }> {
  const answers = paidOnly
    ? sql``
    : sql`SELECT r.event_id, 'rsvp'::text AS kind, r.user_id AS consumer_id, NULL::bigint AS ticket_type_id, 1 + r.companions_amount AS seats
    FROM event_users r JOIN events e ON e.id = r.event_id
    WHERE r.event_id = ANY(${eventIds}::bigint[]) AND r.status = 'going' AND e.currency IS NULL
    UNION ALL`;
  return sql`
    ${answers}
    SELECT t.event_id, 'ticket'::text AS kind, t.id AS consumer_id, t.ticket_type_id, 1 AS seats
    FROM tickets t JOIN events e ON e.id = t.event_id
    WHERE t.event_id = ANY(${eventIds}::bigint[]) AND t.status = 'valid' AND e.currency IS NOT NULL
    UNION ALL
    SELECT o.event_id, 'hold'::text, o.id, i.ticket_type_id, i.quantity
    FROM orders o JOIN order_items i ON i.order_id = o.id JOIN events e ON e.id = o.event_id
    WHERE o.event_id = ANY(${eventIds}::bigint[]) AND o.status = 'pending' AND o.hold_expires_at > ${now}::timestamptz AND e.currency IS NOT NULL
  `;
}

const excluding = (except: readonly ConsumerRef[]) =>
  except.length === 0 ? sql`true` : sql.join(except.map((c) => sql`NOT (c.kind = ${c.kind} AND c.consumer_id = ${c.id})`), sql` AND `);

/** Places taken of one event's quota, leaving out some consumers' own (the claims being replaced). */
export async function seatsTaken(db: Executor, eventId: number, except: readonly ConsumerRef[], now: Date): Promise<number> {
  const result = await sql<{ taken: number }>`
    SELECT coalesce(sum(c.seats), 0)::int AS taken FROM (${consumers([eventId], now)}) c WHERE ${excluding(except)}
  `.execute(db);
  return result.rows[0]?.taken ?? 0;
}

/** Places taken of each event's quota, for many events at once (lists and pages); an event with none is left out. */
export async function seatsTakenOfEvents(db: Executor, eventIds: readonly number[], now: Date): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const result = await seatsTakenQuery(eventIds, now).execute(db);
  return new Map(result.rows.map((row) => [row.event_id, row.taken]));
}

/**
 * seatsTakenOfEvents's statement, for a caller reading it with others in one statement: rows
 * (event_id, taken). `paidOnly`: the events are paid ones only, as the same statement reads them
 * (consumers).
 */
export function seatsTakenQuery(eventIds: IdSet, now: Date, paidOnly = false): RawBuilder<{ event_id: number; taken: number }> {
  return sql`SELECT c.event_id, sum(c.seats)::int AS taken FROM (${consumers(eventIds, now, paidOnly)}) c GROUP BY c.event_id`;
}

export interface TypeQuotaRow {
  ticket_type_id: number;
  /** The type's own limit (null: only the event's max). */
  size: number | null;
  taken: number;
}

/** Each ticket type of the events with its limit and the places taken of it (valid tickets and live holds), leaving out some consumers. */
export async function typeQuotas(db: Executor, eventIds: readonly number[], except: readonly ConsumerRef[], now: Date): Promise<(TypeQuotaRow & { event_id: number })[]> {
  if (eventIds.length === 0) return [];
  return (await typeQuotasQuery(eventIds, except, now).execute(db)).rows;
}

/** typeQuotas's statement, for a caller reading it with others in one statement. */
export function typeQuotasQuery(eventIds: IdSet, except: readonly ConsumerRef[], now: Date): RawBuilder<TypeQuotaRow & { event_id: number }> {
  return sql<TypeQuotaRow & { event_id: number }>`
    SELECT tt.event_id, tt.id AS ticket_type_id, tt.quantity AS size, coalesce(used.taken, 0)::int AS taken
    FROM event_ticket_types tt
    LEFT JOIN (
      SELECT c.ticket_type_id, sum(c.seats) AS taken FROM (${consumers(eventIds, now)}) c
      WHERE c.ticket_type_id IS NOT NULL AND ${excluding(except)} GROUP BY c.ticket_type_id
    ) used ON used.ticket_type_id = tt.id
    WHERE tt.event_id = ANY(${eventIds}::bigint[])
    ORDER BY tt.event_id, tt.position
  `;
}

/** A paid event's quota as one claim reads it: its size, and the places taken in all and of each type. */
export interface TicketUsage {
  /** The event's max (null: no limit); undefined when the event is gone or no longer paid. */
  size: number | null | undefined;
  /** Valid tickets and live holds, in all. */
  taken: number;
  /** Each ticket type: its own limit and the places taken of it. */
  types: Map<number, { size: number | null; taken: number }>;
}

/**
 * The places taken of one paid event, in all and per ticket type, in one statement (a claim's
 * count before the lock): valid tickets and live holds, leaving out the holds and tickets being
 * replaced. Counting only this event's tickets and pending orders by their indexes, it stays cheap
 * for an event with thousands of tickets sold. The rule is the database's function
 * planns_ticket_usage (migration 0013), whose plan each connection keeps.
 */
export async function ticketUsage(db: Executor, eventId: number, except: readonly ConsumerRef[], now: Date): Promise<TicketUsage> {
  return usageOf(db, eventId, except, now, false);
}

/**
 * Locks the event's quota (as lockQuota) and counts its tickets (as ticketUsage) in one round
 * trip: the count reads every claim committed before the lock was granted. A size of undefined:
 * the event is gone or no longer paid.
 */
export async function lockTicketUsage(tx: Tx, eventId: number, except: readonly ConsumerRef[], now: Date): Promise<TicketUsage> {
  return usageOf(tx, eventId, except, now, true);
}

/** A row of planns_ticket_usage: the event's (is_event) or one ticket type's. */
interface UsageRow {
  ticket_type_id: number | null;
  size: number | null;
  taken: number;
  is_event: boolean;
}

/** planns_ticket_usage's rows, however they came (a result, JSON in a column, a refusal's detail), as a TicketUsage. */
function usageFromRows(rows: readonly UsageRow[]): TicketUsage {
  const event = rows.find((r) => r.is_event);
  return {
    size: event ? event.size : undefined,
    taken: event?.taken ?? 0,
    types: new Map(rows.filter((r) => !r.is_event).map((r) => [Number(r.ticket_type_id), { size: r.size, taken: r.taken }])),
  };
}

async function usageOf(db: Executor, eventId: number, except: readonly ConsumerRef[], now: Date, lock: boolean): Promise<TicketUsage> {
  const holds = except.filter((c) => c.kind === 'hold').map((c) => c.id);
  const tickets = except.filter((c) => c.kind === 'ticket').map((c) => c.id);
  const result = await sql<UsageRow>`
    SELECT * FROM planns_ticket_usage(${eventId}::bigint, ${holds}::bigint[], ${tickets}::bigint[], ${now}::timestamptz, ${lock})
  `.execute(db);
  return usageFromRows(result.rows);
}

/** SQLSTATE of planns_claim_tickets' refusal (migration 0014). */
const CLAIM_REFUSED = 'PN409';

/**
 * The call of planns_claim_tickets for a hold that the enclosing statement writes (its id an
 * expression of that statement): the claim that locks, counts and refuses inside the statement
 * that writes the hold (orders.repo insertOrder). A refusal fails the statement (see refusedUsage).
 */
export function claimHoldSql(eventId: number, holdId: RawBuilder<number>, lines: readonly { ticketTypeId: number; quantity: number }[], now: Date): RawBuilder<unknown> {
  return sql`planns_claim_tickets(${eventId}::bigint, ARRAY[${holdId}]::bigint[], ${now}::timestamptz, ${lines.map((l) => l.ticketTypeId)}::bigint[], ${lines.map((l) => l.quantity)}::integer[])`;
}

/** The usage a refused claim reported (claimHoldSql's statement failed with it); null for any other error. */
export function refusedUsage(err: unknown): TicketUsage | null {
  const e = err as { code?: unknown; detail?: unknown };
  if (e?.code !== CLAIM_REFUSED || typeof e.detail !== 'string') return null;
  return usageFromRows(JSON.parse(e.detail) as UsageRow[]);
}

/** ticketUsage inside another statement: its rows as JSON (usageFromJson reads them back). */
export function ticketUsageJsonSql(eventId: number, now: Date, exceptSession?: SessionHoldRef): RawBuilder<unknown> {
  const exceptHolds = exceptSession
    ? sql`ARRAY(SELECT o.id FROM orders o WHERE o.buyer_id = ${exceptSession.buyerId} AND o.client_session = ${exceptSession.clientSession} AND o.status = 'pending')`
    : sql`'{}'::bigint[]`;
  return sql`SELECT coalesce(json_agg(u), '[]'::json) FROM planns_ticket_usage(${eventId}::bigint, ${exceptHolds}, '{}'::bigint[], ${now}::timestamptz, false) u`;
}

export function usageFromJson(value: unknown): TicketUsage {
  return usageFromRows((Array.isArray(value) ? value : []) as UsageRow[]);
}
