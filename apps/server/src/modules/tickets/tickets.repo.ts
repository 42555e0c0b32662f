import { sql, type Selectable } from 'kysely';
import type { Executor, IdSet, Tx } from '../../db/database.ts';
import type { TicketsTable } from '../../db/schema.ts';

/** SQL only (CONVENTIONS §3): tickets. */

export type TicketRow = Selectable<TicketsTable>;

export interface TicketDetailRow extends TicketRow {
  holder_name: string | null;
  event_hash: string;
  event_name: string;
  event_start: Date;
  event_end: Date | null;
  event_owner_id: number;
  event_image: string | null;
  event_ticket_name: string | null;
  used_by_name: string | null;
}

export interface NewTicket {
  code: string;
  event_id: number;
  order_id: number | null;
  order_position: number | null;
  ticket_type_id: number | null;
  type_name: string;
  price: number;
  currency: string | null;
  user_id: number | null;
  issued_by: number | null;
  kind: 'purchase' | 'issued' | 'gift';
  created_at: Date;
}

/**
 * Inserts tickets; those of an order position already issued are skipped (the unique key
 * (order_id, order_position) makes a fulfilment happen once). Answers the rows inserted now.
 */
export async function insertTickets(tx: Tx, tickets: NewTicket[]): Promise<TicketRow[]> {
  if (tickets.length === 0) return [];
  return tx
    .insertInto('tickets')
    .values(tickets)
    .onConflict((oc) => oc.columns(['order_id', 'order_position']).doNothing())
    .returningAll()
    .execute();
}

function details(db: Executor) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('users as ub', 'ub.id', 't.used_by')
    .leftJoin('event_ticket_types as tt', (join) => join.onRef('tt.event_id', '=', 'e.id').on('tt.position', '=', 0))
    .selectAll('t')
    .select([
      'u.name as holder_name',
      'e.hash as event_hash',
      'e.name as event_name',
      'e.start_date as event_start',
      'e.end_date as event_end',
      'e.user_id as event_owner_id',
      'e.image as event_image',
      sql<string | null>`CASE WHEN e.pricing_mode = 'single' THEN tt.name END`.as('event_ticket_name'),
      'ub.name as used_by_name',
    ]);
}

/** A person's tickets, the next events first, then the past ones. */
export async function listTicketsOfUser(db: Executor, userId: number, limit: number): Promise<TicketDetailRow[]> {
  return details(db).where('t.user_id', '=', userId).orderBy('e.start_date', 'desc').orderBy('t.id').limit(limit).execute() as Promise<TicketDetailRow[]>;
}

/** An event's tickets: all of them, or one person's. */
export async function listTicketsOfEvent(db: Executor, eventId: number, userId: number | null, limit: number): Promise<TicketDetailRow[]> {
  let query = details(db).where('t.event_id', '=', eventId);
  if (userId !== null) query = query.where('t.user_id', '=', userId);
  return query.orderBy('t.id').limit(limit).execute() as Promise<TicketDetailRow[]>;
}

export async function findTicketByCode(db: Executor, code: string): Promise<TicketDetailRow | undefined> {
  return details(db).where('t.code', '=', code).executeTakeFirst() as Promise<TicketDetailRow | undefined>;
}

export async function findTicketById(db: Executor, id: number): Promise<TicketDetailRow | undefined> {
  return details(db).where('t.id', '=', id).executeTakeFirst() as Promise<TicketDetailRow | undefined>;
}

/**
 * Marks a valid ticket used, once: a conditional update, so of two scanners at once one wins and
 * the other finds it used. Answers whether this call marked it.
 */
export async function markUsed(db: Executor, id: number, userId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('tickets')
    .set({ used_at: now, used_by: userId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('status', '=', 'valid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a used ticket not used (it admits again). Answers whether it changed. */
export async function markUnused(db: Executor, id: number): Promise<boolean> {
  const result = await db.updateTable('tickets').set({ used_at: null, used_by: null }).where('id', '=', id).where('used_at', 'is not', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The valid tickets of an order, locked (a refund's). */
export async function lockValidTicketsOfOrder(tx: Tx, orderId: number): Promise<TicketRow[]> {
  return tx.selectFrom('tickets').selectAll().where('order_id', '=', orderId).where('status', '=', 'valid').orderBy('order_position').forUpdate().execute();
}

export async function markRefunded(tx: Tx, ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await tx.updateTable('tickets').set({ status: 'refunded', refunded_at: now }).where('id', 'in', ids).where('status', '=', 'valid').executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Tickets sold (valid) and used of an event, in all and per holder (the guest list, events §2). */
export async function ticketCounts(db: Executor, eventId: number): Promise<{ user_id: number | null; sold: number; used: number }[]> {
  return db
    .selectFrom('tickets')
    .select(['user_id', sql<number>`count(*)::int`.as('sold'), sql<number>`count(used_at)::int`.as('used')])
    .where('event_id', '=', eventId)
    .where('status', '=', 'valid')
    .groupBy('user_id')
    .execute();
}

/** Of these events, how many valid tickets the person holds for each: a statement (rows: event_id, n), for a caller reading it with others in one statement. */
export function ticketsHeldQuery(db: Executor, userId: number, eventIds: IdSet) {
  return db
    .selectFrom('tickets')
    .select(['event_id', sql<number>`count(*)::int`.as('n')])
    .where('user_id', '=', userId)
    // One array parameter (not one per id): the same statement text, prepared once, whatever the count.
    .where('event_id', '=', sql<number>`ANY(${eventIds}::bigint[])`)
    .where('status', '=', 'valid')
    .groupBy('event_id');
}

/** The tickets of some orders (purchase lists). */
export async function ticketsOfOrders(db: Executor, orderIds: readonly number[]): Promise<TicketRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('tickets').selectAll().where('order_id', 'in', [...orderIds]).orderBy('order_id').orderBy('order_position').execute();
}

/** Writes the seat each ticket admits to (a seated order's fulfilment). */
export async function setSeats(tx: Tx, seats: readonly { id: number; row: number; col: number; label: string }[]): Promise<void> {
  if (seats.length === 0) return;
  await sql`
    UPDATE tickets t SET seat_row = x.row, seat_col = x.col, seat_label = x.label
    FROM jsonb_to_recordset(${JSON.stringify(seats)}::jsonb) AS x(id bigint, row smallint, col smallint, label text)
    WHERE t.id = x.id
  `.execute(tx);
}
