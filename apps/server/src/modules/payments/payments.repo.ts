import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Executor, IdSet } from '../../db/database.ts';
import type { PaymentAccountsTable, PaymentsTable } from '../../db/schema.ts';
import type { ProviderAccount } from '../../providers/payments/payments-provider.ts';

/** SQL only (CONVENTIONS §3): payout accounts, the provider's events, the payments ledger. */

export type PaymentAccountRow = Selectable<PaymentAccountsTable>;
export type PaymentRow = Selectable<PaymentsTable>;

/* ------------------------------------------------------------------ payout accounts */

/** The person's live (not disconnected) account. */
export async function findLiveAccount(db: Executor, userId: number, options: { forUpdate?: boolean } = {}): Promise<PaymentAccountRow | undefined> {
  let query = db.selectFrom('payment_accounts').selectAll().where('user_id', '=', userId).where('disconnected_at', 'is', null);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The live account of a person (an expression of the enclosing statement) as JSON, for statusOf; null without one. */
export function liveAccountJsonSql(userId: RawBuilder<number>): RawBuilder<unknown> {
  return sql`
    SELECT json_build_object('account_id', a.account_id, 'tos_accepted_at', a.tos_accepted_at, 'details_submitted', a.details_submitted, 'charges_enabled', a.charges_enabled)
    FROM payment_accounts a WHERE a.user_id = ${userId} AND a.disconnected_at IS NULL
  `;
}

export async function findAccountByProviderId(db: Executor, provider: 'test' | 'stripe', accountId: string, options: { forUpdate?: boolean } = {}): Promise<PaymentAccountRow | undefined> {
  let query = db.selectFrom('payment_accounts').selectAll().where('provider', '=', provider).where('account_id', '=', accountId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** How many accounts the person has had (the generation of the next one's idempotency key). */
export async function countAccounts(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('payment_accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Records a new live account; undefined when the person already has one (the partial unique
 * index decides between two requests racing).
 */
export async function insertAccount(
  db: Executor,
  values: { user_id: number; provider: 'test' | 'stripe'; account: ProviderAccount; email: string; now: Date },
): Promise<PaymentAccountRow | undefined> {
  const a = values.account;
  return db
    .insertInto('payment_accounts')
    .values({
      user_id: values.user_id,
      provider: values.provider,
      account_id: a.id,
      email: values.email,
      country: a.country,
      default_currency: a.default_currency,
      business_type: a.business_type,
      first_name: a.first_name,
      last_name: a.last_name,
      tos_accepted_at: a.tos_accepted_at,
      details_submitted: a.details_submitted,
      charges_enabled: a.charges_enabled,
      payouts_enabled: a.payouts_enabled,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((oc) => oc.column('user_id').where('disconnected_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Applies the provider's description of an account, unless a later one was already applied
 * (`reportedAt`: the provider's time of the report; events can arrive out of order).
 */
export async function applyAccountState(db: Executor, id: number, account: ProviderAccount, reportedAt: Date, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('payment_accounts')
    .set({
      email: account.email ?? sql<string>`email`,
      country: account.country,
      default_currency: account.default_currency,
      business_type: account.business_type,
      first_name: account.first_name,
      last_name: account.last_name,
      tos_accepted_at: account.tos_accepted_at,
      details_submitted: account.details_submitted,
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
      synced_at: reportedAt,
      updated_at: now,
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('synced_at', 'is', null), eb('synced_at', '<=', reportedAt)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markDisconnected(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('payment_accounts').set({ disconnected_at: now, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Of these people, those whose live account is active (terms accepted, details submitted, charges
 * enabled): a statement (rows: user_id), for a caller reading it with others in one statement.
 */
export function approvedUserIdsQuery(db: Executor, userIds: IdSet) {
  return db
    .selectFrom('payment_accounts')
    .select('user_id')
    // One array parameter (not one per id): the same statement text, prepared once, whatever the count.
    .where('user_id', '=', sql<number>`ANY(${userIds}::bigint[])`)
    .where('disconnected_at', 'is', null)
    .where('tos_accepted_at', 'is not', null)
    .where('details_submitted', '=', true)
    .where('charges_enabled', '=', true);
}

/* ------------------------------------------------------------------ the provider's events */

/**
 * Records an event the provider reported; false when it was already recorded (a replay: the
 * event's id is the key, so it has no second effect).
 */
export async function recordEvent(
  db: Executor,
  values: { id: string; provider: 'test' | 'stripe'; type: string; account_id: string | null; created_at: Date; payload: unknown; received_at: Date; processed_at?: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({ ...values, payload: JSON.stringify(values.payload) })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The event, locked for its processing (two runs of it wait for each other). */
export async function lockEvent(db: Executor, id: string): Promise<{ id: string; provider: 'test' | 'stripe'; type: string; account_id: string | null; created_at: Date; payload: unknown; processed_at: Date | null } | undefined> {
  return db
    .selectFrom('payment_events')
    .select(['id', 'provider', 'type', 'account_id', 'created_at', 'payload', 'processed_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markEventProcessed(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('payment_events').set({ processed_at: now }).where('id', '=', id).execute();
}

/* ------------------------------------------------------------------ payments */

/** Records a paid checkout once: false when this session was already recorded (the unique key decides). */
export async function insertPayment(db: Executor, values: Omit<PaymentRow, 'id'>): Promise<boolean> {
  const row = await db
    .insertInto('payments')
    .values(values)
    .onConflict((oc) => oc.columns(['provider', 'checkout_session_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface PaymentListRow extends PaymentRow {
  event_hash: string | null;
  event_name: string | null;
  payer_name: string | null;
}

/** Payments received by the person (as payee), newest first. */
export async function listReceivedPayments(db: Executor, userId: number, limit: number): Promise<PaymentListRow[]> {
  return db
    .selectFrom('payments as p')
    .leftJoin('events as e', 'e.id', 'p.event_id')
    .leftJoin('users as u', 'u.id', 'p.payer_id')
    .selectAll('p')
    .select(['e.hash as event_hash', 'e.name as event_name', 'u.name as payer_name'])
    .where('p.payee_user_id', '=', userId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}
