import crypto from 'node:crypto';
import type { Currency } from '@planns/shared/money/money.rules';
import { serviceFee } from '@planns/shared/money/money.rules';
import { PAYMENT_MESSAGES as M } from '@planns/shared/payments/payments.rules';
import type { Payment } from '@planns/shared/payments/payments.schemas';
import { inTransaction, type Tx } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import { accountFromStripeObject, type ProviderEvent } from '../../providers/payments/payments-provider.ts';
import * as events from '../events/events.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as accounts from './payment-accounts.service.ts';
import { canChoosePaymentMode, canSeePayments } from './payments.policy.ts';
import { presentPayment } from './payments.presenter.ts';
import * as repo from './payments.repo.ts';

/**
 * Payments use cases that touch events (decision 0028): disconnecting an account (its events
 * become free), an event's product and prices at the provider, whose account sells an event,
 * the older screen's test payment, the payments list, and the provider's events (webhooks and
 * the test provider), applied once each.
 */

/* ------------------------------------------------------------------ disconnect */

/**
 * DELETE payments/disconnect: the account goes back to none and, in the same transaction, the
 * events it sold become free (accounts §4). The account stays at the provider (it may still hold
 * a balance to pay out); tickets already sold stay valid.
 */
export async function disconnect(deps: AppDeps, actor: Actor): Promise<{ converted: number }> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const live = await repo.findLiveAccount(tx, actor.userId, { forUpdate: true });
    if (!live) throw new AppError('not_found', M.noAccountToDisconnect);
    await repo.markDisconnected(tx, live.id, now);
    return { converted: await events.makeOwnPaidEventsFree(tx, actor.userId, now) };
  });
}

/* ------------------------------------------------------------------ products and prices */

export interface PaymentProduct {
  id: number;
  hash: string;
  stripe_product_id: string;
  prices: { ticket_type_id: number; stripe_price_id: string; unit_amount: number; currency: Currency }[];
}

/**
 * POST payments/create-product/{id}: the event's product at the provider, and a price for every
 * ticket type that has none (a changed price got a new one; provider prices are immutable).
 * Safe to repeat: the idempotency keys name the event, the type, the amount and the currency.
 */
export async function syncProduct(deps: AppDeps, actor: Actor, eventId: number): Promise<PaymentProduct> {
  const pricing = await events.loadManagedPricing(deps, actor, eventId);
  return syncPricing(deps, pricing);
}

/** The product sync for an event already authorised (the demo seed uses it too). */
export async function syncPricing(deps: AppDeps, pricing: events.EventPricing): Promise<PaymentProduct> {
  if (pricing.currency === null || pricing.ticket_types.length === 0) throw new AppError('conflict', M.notPaid);
  let productId = pricing.stripe_product_id;
  try {
    if (!productId) {
      productId = (await deps.payments.createProduct({ name: pricing.name, eventId: pricing.id, idempotencyKey: `planns-product-${pricing.id}` })).id;
      await events.recordProduct(deps.db, pricing.id, productId);
    }
    const prices: PaymentProduct['prices'] = [];
    for (const type of pricing.ticket_types) {
      let priceId = type.stripe_price_id;
      if (!priceId) {
        const price = await deps.payments.createPrice({
          product: productId,
          unitAmount: type.price,
          currency: type.currency,
          nickname: type.name,
          ticketTypeId: type.id,
          idempotencyKey: `planns-price-${productId}-${type.id}-${type.price}-${type.currency}`,
        });
        await events.recordTicketTypePrice(deps.db, type.id, price);
        priceId = price.id;
      }
      prices.push({ ticket_type_id: type.id, stripe_price_id: priceId, unit_amount: type.price, currency: type.currency as Currency });
    }
    return { id: pricing.id, hash: pricing.hash, stripe_product_id: productId, prices };
  } catch (err) {
    throw accounts.providerFailed(err);
  }
}

/* ------------------------------------------------------------------ whose account sells */

/**
 * POST payments/use-planns-stripe/{eventId} and use-own-stripe/{eventId}: whose account sells a
 * paid event's tickets. planns' own account only by planns' staff (moderators, decision 0028).
 */
export async function choosePaymentMode(deps: AppDeps, actor: Actor, eventId: number, mode: 'own' | 'planns') {
  const pricing = await events.loadManagedPricing(deps, actor, eventId);
  if (!canChoosePaymentMode(actor, mode)) throw forbidden(M.plannsAccountModerators);
  if (pricing.currency === null) throw new AppError('conflict', M.notPaid);
  await events.setPaymentMode(deps, eventId, mode);
  return { id: pricing.id, hash: pricing.hash, payment_mode: mode };
}

/* ------------------------------------------------------------------ the payments list and the test payment */

export const PAYMENTS_LIST_LIMIT = 100;

/** GET payments/{userId}/payments: the payments the person received; their own only. */
export async function listPayments(deps: AppDeps, actor: Actor, userId: number): Promise<Payment[]> {
  if (!canSeePayments(actor, userId)) throw forbidden('You can see only your own payments');
  const rows = await repo.listReceivedPayments(deps.db, userId, PAYMENTS_LIST_LIMIT);
  return rows.map(presentPayment);
}

export interface TestPaymentAmount {
  unit_amount: number;
  quantity: number;
  subtotal: number;
  fee: number;
  total: number;
  currency: Currency;
}

/**
 * GET payments/make-payment/{eventId} (the older screen's test payment): a hosted checkout of the
 * event's ticket for its owner, through the account that sells it. The server computes every
 * amount; a price or fee the screen showed that differs answers 409 price_changed with the
 * current figures.
 */
export async function makeTestPayment(
  deps: AppDeps,
  actor: Actor,
  eventId: number,
  query: { quantity: number; ticket_type_id?: number | undefined; price?: number | undefined; fee?: number | undefined },
): Promise<{ url: string; amount: TestPaymentAmount }> {
  const pricing = await events.loadManagedPricing(deps, actor, eventId);
  if (pricing.currency === null || pricing.ticket_types.length === 0) throw new AppError('conflict', M.notPaid);
  const type = query.ticket_type_id === undefined ? pricing.ticket_types[0]! : pricing.ticket_types.find((t) => t.id === query.ticket_type_id);
  if (!type) throw new AppError('validation_failed', 'Some fields are not valid', { ticket_type_id: 'Invalid ticket type' });
  const subtotal = type.price * query.quantity;
  const fee = serviceFee(subtotal, deps.config.PLATFORM_FEE_PERCENT);
  const amount: TestPaymentAmount = { unit_amount: type.price, quantity: query.quantity, subtotal, fee, total: subtotal + fee, currency: type.currency as Currency };
  if ((query.price !== undefined && query.price !== type.price) || (query.fee !== undefined && query.fee !== fee)) {
    throw new AppError('price_changed', `The price is now ${type.price} and the fee ${fee} (minor units of ${type.currency})`, { price: String(type.price), fee: String(fee) });
  }
  let destination: string | null = null;
  if (pricing.payment_mode === 'own') {
    destination = await accounts.activeAccountId(deps.db, pricing.user_id);
    if (!destination) throw new AppError('payment_account_required', M.accountNotActive);
  }
  if (!type.stripe_price_id) throw new AppError('conflict', 'The ticket has no price at the payment provider yet: set up payments first');
  const base = deps.config.publicUrl;
  try {
    const session = await deps.payments.createCheckoutSession({
      currency: type.currency,
      lineItems: [
        { price: type.stripe_price_id, quantity: query.quantity },
        ...(fee > 0 ? [{ price_data: { currency: type.currency, unit_amount: fee, product_name: 'Service fee' }, quantity: 1 }] : []),
      ],
      destinationAccount: destination,
      // planns keeps the fee of a destination charge; with planns' own account it keeps everything.
      applicationFeeAmount: destination ? fee : 0,
      successUrl: new URL('/payment-settings?payment=success', base).toString(),
      cancelUrl: new URL('/payment-settings?payment=cancelled', base).toString(),
      metadata: {
        planns_kind: 'test',
        planns_event_id: String(pricing.id),
        planns_payer_id: String(actor.userId),
        planns_payee_user_id: String(pricing.user_id),
        planns_payee_account: destination ?? '',
        planns_fee: String(fee),
      },
      idempotencyKey: `planns-test-payment-${crypto.randomUUID()}`,
    });
    if (!session.url) throw new AppError('provider_unavailable', M.providerUnavailable);
    return { url: session.url, amount };
  } catch (err) {
    throw accounts.providerFailed(err);
  }
}

/* ------------------------------------------------------------------ the provider's events */

/** The inbox's row of an event the provider reported, received now. */
function eventRecord(event: ProviderEvent, provider: 'test' | 'stripe', now: Date) {
  return { id: event.id, provider, type: event.type, account_id: event.account, created_at: new Date(event.created * 1000), payload: event, received_at: now };
}

/**
 * Records events the provider reported and queues their processing, in one transaction: a
 * replayed event (its id seen before) is recorded and queued no second time. Stripe's webhook
 * route calls this and answers at once; the job applies the event (at least once, idempotently).
 * Answers the ids recorded now.
 */
export async function receiveProviderEvents(deps: AppDeps, provider: 'test' | 'stripe', reported: ProviderEvent[]): Promise<string[]> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const fresh: string[] = [];
    for (const event of reported) {
      const isNew = await repo.recordEvent(tx, eventRecord(event, provider, now));
      if (!isNew) continue;
      await enqueue(tx, 'payments.process_event', { id: event.id }, { key: `payment-event:${event.id}` });
      fresh.push(event.id);
    }
    return fresh;
  });
}

/**
 * The test provider's events, applied where they happen (its hosted page waits for the result):
 * each is recorded as processed and applied in one transaction, the same code as a webhook's job
 * (applyEvent), with no job to queue. Should applying fail, the event is recorded unprocessed with
 * its job queued (the webhook's path: retried until it applies) and the error goes on.
 */
export async function applyTestProviderEvents(deps: AppDeps, reported: ProviderEvent[]): Promise<void> {
  for (const event of reported) {
    const now = deps.clock.now();
    const row = eventRecord(event, 'test', now);
    try {
      await inTransaction(deps.db, async (tx) => {
        if (await repo.recordEvent(tx, { ...row, processed_at: now })) await applyEvent(tx, deps, row, now);
      });
    } catch (err) {
      await receiveProviderEvents(deps, 'test', [event]);
      throw err;
    }
  }
}

/**
 * Applies one recorded event, once: the row is locked and marked processed in the same
 * transaction as its effect, so concurrent or repeated runs do it once.
 */
export async function processProviderEvent(deps: AppDeps, id: string): Promise<'applied' | 'already' | 'missing'> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const row = await repo.lockEvent(tx, id);
    if (!row) return 'missing';
    if (row.processed_at) return 'already';
    await applyEvent(tx, deps, row, now);
    await repo.markEventProcessed(tx, id, now);
    return 'applied';
  });
}

/**
 * What an event of the provider changes, inside the caller's transaction:
 * - account.updated: the account's state (accounts §4), unless a later report was applied.
 * - checkout.session.completed (paid): an order is fulfilled (decision 0029), a test payment enters the ledger once.
 * - checkout.session.expired / async_payment_failed: the order's hold ends.
 * - charge.refunded: the order's refund.
 * Other types are recorded and left.
 */
async function applyEvent(tx: Tx, deps: AppDeps, row: { provider: 'test' | 'stripe'; type: string; created_at: Date; payload: unknown }, now: Date): Promise<void> {
  const event = row.payload as ProviderEvent;
  const object = event.data.object;
  const kind = ((object.metadata ?? {}) as Record<string, string>).planns_kind;
  switch (row.type) {
    case 'account.updated':
      await accounts.applyProviderAccount(tx, row.provider, accountFromStripeObject(object), row.created_at, now);
      break;
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      if (kind === 'order') await orders.applyPaidSession(tx, deps, row.provider, object, now);
      else await recordPaidSession(tx, row.provider, object, now);
      break;
    case 'checkout.session.expired':
      if (kind === 'order') await orders.applyEndedSession(tx, row.provider, object, 'expired', now);
      break;
    case 'checkout.session.async_payment_failed':
      if (kind === 'order') await orders.applyEndedSession(tx, row.provider, object, 'failed', now);
      break;
    case 'charge.refunded':
      await orders.applyChargeRefunded(tx, row.provider, object, now);
      break;
    default:
      break; // recorded, nothing to apply
  }
}

/** A paid checkout session of planns' enters the ledger (once: the session id is unique there). */
async function recordPaidSession(tx: Parameters<typeof repo.insertPayment>[0], provider: 'test' | 'stripe', session: Record<string, unknown>, now: Date): Promise<void> {
  const metadata = (session.metadata ?? {}) as Record<string, string>;
  if (session.payment_status !== 'paid' || metadata.planns_kind !== 'test') return;
  const number = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);
  const intent = session.payment_intent;
  await repo.insertPayment(tx, {
    provider,
    checkout_session_id: String(session.id),
    payment_intent_id: typeof intent === 'string' ? intent : typeof intent === 'object' && intent !== null ? String((intent as { id: unknown }).id) : null,
    kind: 'test',
    event_id: number(metadata.planns_event_id),
    payer_id: number(metadata.planns_payer_id),
    payee_account_id: metadata.planns_payee_account || null,
    payee_user_id: number(metadata.planns_payee_user_id),
    amount: Number(session.amount_total),
    application_fee_amount: number(metadata.planns_fee) ?? 0,
    currency: String(session.currency).toUpperCase(),
    status: 'succeeded',
    receipt_url: null,
    created_at: now,
  });
}
