import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Executor, Tx } from '../../db/database.ts';
import type { OrderItemsTable, OrdersTable } from '../../db/schema.ts';

/** SQL only (CONVENTIONS §3): orders (checkouts that hold tickets), their items and refunds. */

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;

export interface NewOrder {
  event_id: number;
  event_name: string;
  event_start: Date;
  buyer_id: number;
  client_session: string;
  provider: 'test' | 'stripe';
  payment_mode: 'own' | 'planns';
  payee_account_id: string | null;
  payee_user_id: number;
  currency: string;
  subtotal: number;
  fee: number;
  total: number;
  hold_expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

/**
 * A new open order with its items, in one statement; undefined when the buyer already has an open
 * one for this join session (the partial unique index decides between two calls racing: no items
 * are written then). `claim`: an expression evaluated for the new order in the same statement (the
 * inventory's claim of its places, which fails the whole statement when they do not fit).
 */
export async function insertOrder(
  db: Executor,
  order: NewOrder,
  items: Omit<OrderItemRow, 'order_id'>[],
  claim: (orderId: RawBuilder<number>) => RawBuilder<unknown> = () => sql`NULL`,
): Promise<OrderRow | undefined> {
  const columns = Object.keys(order) as (keyof NewOrder)[];
  const result = await sql<OrderRow>`
    WITH o AS (
      INSERT INTO orders (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES (${sql.join(columns.map((c) => sql`${order[c]}`))})
      ON CONFLICT (buyer_id, client_session) WHERE status = 'pending' DO NOTHING
      RETURNING *
    ), i AS (
      INSERT INTO order_items (order_id, position, ticket_type_id, type_name, unit_price, quantity)
      SELECT o.id, x.position, x.ticket_type_id, x.type_name, x.unit_price, x.quantity
      FROM o CROSS JOIN jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS x(position smallint, ticket_type_id bigint, type_name text, unit_price bigint, quantity integer)
    )
    SELECT o.*, ${claim(sql<number>`o.id`)} AS claimed FROM o
  `.execute(db);
  if (!result.rows[0]) return undefined;
  const { claimed: _claimed, ...row } = result.rows[0] as OrderRow & { claimed: unknown };
  return row;
}

export async function findOpenOrderOfSession(db: Executor, buyerId: number, clientSession: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('buyer_id', '=', buyerId).where('client_session', '=', clientSession).where('status', '=', 'pending').executeTakeFirst();
}

export async function findOrder(db: Executor, id: number, options: { forUpdate?: boolean } = {}): Promise<OrderRow | undefined> {
  let query = db.selectFrom('orders').selectAll().where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findOrderBySession(db: Executor, provider: 'test' | 'stripe', sessionId: string, options: { forUpdate?: boolean } = {}): Promise<OrderRow | undefined> {
  let query = db.selectFrom('orders').selectAll().where('provider', '=', provider).where('checkout_session_id', '=', sessionId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * An order with its items, its row locked for the rest of the transaction (`FOR UPDATE`), found by
 * id or by the provider's checkout session: one statement for fulfilment's start.
 */
export async function lockOrderWithItems(
  tx: Tx,
  by: { id: number } | { provider: 'test' | 'stripe'; sessionId: string },
): Promise<(OrderRow & { items: OrderItemRow[] }) | undefined> {
  const where = 'id' in by ? sql`o.id = ${by.id}` : sql`o.provider = ${by.provider} AND o.checkout_session_id = ${by.sessionId}`;
  const result = await sql<OrderRow & { items: OrderItemRow[] }>`
    SELECT o.*, (SELECT coalesce(json_agg(i ORDER BY i.position), '[]'::json) FROM order_items i WHERE i.order_id = o.id) AS items
    FROM orders o WHERE ${where} FOR UPDATE OF o
  `.execute(tx);
  return result.rows[0];
}

export async function findOrderByPaymentIntent(db: Executor, provider: 'test' | 'stripe', paymentIntent: string, options: { forUpdate?: boolean } = {}): Promise<OrderRow | undefined> {
  let query = db.selectFrom('orders').selectAll().where('provider', '=', provider).where('payment_intent_id', '=', paymentIntent);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function itemsOf(db: Executor, orderIds: readonly number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('order_items').selectAll().where('order_id', 'in', [...orderIds]).orderBy('order_id').orderBy('position').execute();
}

export async function setCheckoutSession(db: Executor, id: number, session: { id: string; client_secret: string | null }, now: Date): Promise<void> {
  await db.updateTable('orders').set({ checkout_session_id: session.id, client_secret: session.client_secret, updated_at: now }).where('id', '=', id).execute();
}

/** Moves an order from one of `from` to `to` (with the given fields); answers whether it moved. */
export async function moveOrder(
  db: Executor,
  id: number,
  from: readonly OrderRow['status'][],
  to: OrderRow['status'],
  fields: Partial<Pick<OrderRow, 'paid_at' | 'closed_at' | 'payment_intent_id' | 'receipt_url' | 'failure_reason' | 'hold_expires_at'>> & { updated_at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, ...fields })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function addRefunded(tx: Tx, id: number, amount: number, fullyRefunded: boolean, now: Date): Promise<void> {
  await tx
    .updateTable('orders')
    .set((eb) => ({
      refunded_amount: eb('refunded_amount', '+', amount),
      updated_at: now,
      ...(fullyRefunded ? { status: 'refunded' as const, closed_at: now } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

/** An order with what a text to its buyer needs (the tickets bought, the buyer's phone), in one statement. */
export async function orderToTell(db: Executor, id: number): Promise<(OrderRow & { quantity: number; buyer_phone: string | null }) | undefined> {
  const result = await sql<OrderRow & { quantity: number; buyer_phone: string | null }>`
    SELECT o.*, (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS quantity, u.phone AS buyer_phone
    FROM orders o LEFT JOIN users u ON u.id = o.buyer_id
    WHERE o.id = ${id}
  `.execute(db);
  return result.rows[0];
}

export async function setReceipt(db: Executor, id: number, receiptUrl: string): Promise<void> {
  await db.updateTable('orders').set({ receipt_url: receiptUrl }).where('id', '=', id).execute();
}

/** Records a refund once per provider refund; false when it was already recorded. */
export async function insertRefund(
  tx: Tx,
  refund: { order_id: number; provider_refund_id: string; amount: number; reason: 'organiser' | 'no_capacity'; ticket_ids: number[]; created_by: number | null; created_at: Date },
): Promise<boolean> {
  const row = await tx.insertInto('refunds').values(refund).onConflict((oc) => oc.column('provider_refund_id').doNothing()).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Open orders whose hold ended before `now` (the expiry job's catch-up). */
export async function lapsedHolds(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('orders').select('id').where('status', '=', 'pending').where('hold_expires_at', '<=', now).orderBy('hold_expires_at').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** A buyer's orders (Purchase History), newest first, without the open ones still being paid. */
export async function purchasesOf(db: Executor, buyerId: number, limit: number): Promise<(OrderRow & { event_hash: string | null; buyer_name: string | null; single_ticket_name: string | null })[]> {
  return listOrders(db, sql`o.buyer_id = ${buyerId} AND o.status <> 'pending'`, limit);
}

/** What the person was paid (Payments Received): the orders of their events, paid or refunded. */
export async function receivedBy(db: Executor, payeeId: number, limit: number): Promise<(OrderRow & { event_hash: string | null; buyer_name: string | null; single_ticket_name: string | null })[]> {
  return listOrders(db, sql`o.payee_user_id = ${payeeId} AND o.status IN ('paid', 'refunded') AND o.paid_at IS NOT NULL`, limit);
}

/** One order as the lists show it (with its event's hash and its buyer's name). */
export async function listedOrder(db: Executor, orderId: number): Promise<(OrderRow & { event_hash: string | null; buyer_name: string | null; single_ticket_name: string | null }) | undefined> {
  return (await listOrders(db, sql`o.id = ${orderId}`, 1))[0];
}

async function listOrders(db: Executor, where: ReturnType<typeof sql>, limit: number) {
  const result = await sql<OrderRow & { event_hash: string | null; buyer_name: string | null; single_ticket_name: string | null }>`
    SELECT o.*, e.hash AS event_hash, u.name AS buyer_name,
      (SELECT tt.name FROM event_ticket_types tt WHERE tt.event_id = e.id AND e.pricing_mode = 'single' AND tt.position = 0) AS single_ticket_name
    FROM orders o LEFT JOIN events e ON e.id = o.event_id LEFT JOIN users u ON u.id = o.buyer_id
    WHERE ${where}
    ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}
  `.execute(db);
  return result.rows;
}

/** Open orders of an event (made free, or deleted: their holds are released). */
export async function openOrdersOfEvent(db: Executor, eventId: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('event_id', '=', eventId).where('status', '=', 'pending').execute();
}
