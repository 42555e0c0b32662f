import type { Currency } from '@planns/shared/money/money.rules';
import { formatMoney } from '@planns/shared/money/money.rules';
import { PAYMENT_MESSAGES, arePaymentsEnabled } from '@planns/shared/payments/payments.rules';
import type { EmbedQuery } from '@planns/shared/payments/payments.schemas';
import { SEAT_MESSAGES, seatSelections } from '@planns/shared/seats/seats.rules';
import { HOLD_MINUTES, SELECTION_MESSAGES, checkoutLines, checkoutTotals, refundAmount, type CheckoutLine } from '@planns/shared/tickets/tickets.rules';
import type { Purchase } from '@planns/shared/tickets/tickets.schemas';
import type { RawBuilder } from 'kysely';
import { inTransaction, underSavepoint, type Tx } from '../../db/database.ts';
import { PG_ERROR, pgErrorCode } from '../../db/pg-errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import { ProviderError, type ProviderCheckoutSession } from '../../providers/payments/payments-provider.ts';
import * as events from '../events/events.service.ts';
import * as inventory from '../inventory/inventory.service.ts';
import * as accounts from '../payments/payment-accounts.service.ts';
import * as rsvp from '../rsvp/rsvp.service.ts';
import * as seats from '../seats/seats.service.ts';
import * as tickets from '../tickets/tickets.service.ts';
import * as repo from './orders.repo.ts';

/**
 * Checkout (decision 0029): opening a checkout holds its tickets for HOLD_MINUTES as an order;
 * the provider's payment fulfils it exactly once (its tickets issued, the buyer going), from
 * whichever comes first of the webhook and the buyer's session check; a hold that ends unpaid
 * returns its places; a payment that arrives after its hold is honoured while places remain,
 * else refunded. Refunds return places.
 */

const HOLD_MS = HOLD_MINUTES * 60_000;
/** The provider's session lives a little longer than the hold (Stripe wants 30 minutes at least from its creation). */
const SESSION_EXTRA_SECONDS = 60;
export const PURCHASES_LIMIT = 100;

type Lines = CheckoutLine[];

function invalid(fields: Record<string, string>): AppError {
  return new AppError('validation_failed', 'Some fields are not valid', fields);
}

/** The lines of a request (events §5 Ticket selection; single price: the amount), checked against the event's types. */
function linesOf(pricing: events.EventPricing, query: EmbedQuery, picks: readonly seats.SeatPick[] | null): Lines {
  const types = pricing.ticket_types.map((t) => ({ id: t.id, name: t.name, price: t.price }));
  if (picks) {
    // A seated event: a ticket per seat, of its seat type's ticket type (decision 0036).
    return checkoutLines(types, seatSelections(types, picks.map((pick) => pick.ticket_type_id)));
  }
  if (query.ticket_selections && query.ticket_selections.length > 0) {
    const fields: Record<string, string> = {};
    query.ticket_selections.forEach((s, i) => {
      if (!types.some((t) => t.id === s.type)) fields[`ticket_selections.${i}.type`] = SELECTION_MESSAGES.invalidType;
    });
    if (Object.keys(fields).length > 0) throw invalid(fields);
    return checkoutLines(types, query.ticket_selections);
  }
  if (pricing.ticket_types.length !== 1 || query.quantity === undefined) {
    throw invalid(pricing.ticket_types.length === 1 ? { quantity: SELECTION_MESSAGES.quantityMin } : { ticket_selections: SELECTION_MESSAGES.typeRequired });
  }
  return checkoutLines(types, [{ type: types[0]!.id, quantity: query.quantity }]);
}

function presentAmount(lines: Lines, totals: { subtotal: number; fee: number; total: number }, currency: string) {
  return { lines, ...totals, currency: currency as Currency };
}

/* ------------------------------------------------------------------ opening a checkout */

/**
 * GET payments/embed/{eventId}: holds the selected tickets for HOLD_MINUTES and opens the
 * provider's embedded checkout for them. The server computes every amount from its own prices; a
 * price or fee the client showed that differs answers 409 price_changed with the current ones. A
 * repeated call of the same join session answers the same checkout while it is open and the
 * selection is the same; a new selection replaces it (the old hold is released).
 */
export async function openCheckout(deps: AppDeps, actor: Actor, eventId: number, query: EmbedQuery) {
  const now = deps.clock.now();
  const sessionHold = { buyerId: actor.userId, clientSession: query.current_session };
  // One read: the event with its types (and whether the buyer may see it), its organiser's payout
  // account, and the quick count of what is left (the buyer's own hold of this join session, which
  // this selection would replace, left out).
  const pricing = await events.loadPricing(deps, actor, eventId, {
    payout_account: (owner) => accounts.activeAccountSql(owner),
    taken: () => inventory.ticketsTakenSql({ eventId, now, replacingSessionHold: sessionHold }),
  });
  if (pricing.currency === null || pricing.ticket_types.length === 0) throw new AppError('conflict', PAYMENT_MESSAGES.notPaid);
  const destination = pricing.payment_mode === 'own' ? accounts.activeAccountFrom(pricing.extra.payout_account) : null;
  const enabled = arePaymentsEnabled({ payment_mode: pricing.payment_mode, creator_approved: destination !== null, ticket_types: pricing.ticket_types });
  if (!enabled) throw new AppError('payment_account_required', 'Tickets for this event are not on sale yet');
  if (pricing.start_date.getTime() + 12 * 3600_000 < now.getTime()) throw new AppError('conflict', 'This event is over');

  // A seated event sells the seats picked on its map; another takes none.
  const map = await seats.eventMap(deps.db, pricing);
  if (!map && query.seats) throw invalid({ seats: SEAT_MESSAGES.noSeatMap });
  if (map && !query.seats) throw invalid({ seats: SEAT_MESSAGES.seatsRequired });
  const picks = map && query.seats ? seats.resolvePicks(map, pricing.ticket_types, query.seats) : null;
  const lines = linesOf(pricing, query, picks);
  const totals = checkoutTotals(lines, deps.config.PLATFORM_FEE_PERCENT);
  const single = lines.length === 1 && pricing.ticket_types.length === 1 ? lines[0]! : null;
  if ((query.price !== undefined && single && query.price !== single.unit_price) || (query.fee !== undefined && query.fee !== totals.fee)) {
    throw new AppError('price_changed', 'The prices changed: see the current ones before paying', {
      price: String(single?.unit_price ?? ''),
      fee: String(totals.fee),
      total: String(totals.total),
    });
  }

  const wanted = lines.map((l) => ({ ticketTypeId: l.ticket_type_id, quantity: l.quantity }));
  // Sold out already: told at once, without waiting for the event's lock.
  inventory.refuseUnlessFits(pricing.extra.taken, wanted);
  const newOrder = {
    event_id: eventId,
    event_name: pricing.name,
    event_start: pricing.start_date,
    buyer_id: actor.userId,
    client_session: query.current_session,
    provider: deps.payments.name,
    payment_mode: pricing.payment_mode ?? 'own',
    payee_account_id: destination,
    payee_user_id: pricing.user_id,
    currency: pricing.currency,
    ...totals,
    hold_expires_at: new Date(now.getTime() + HOLD_MS),
    created_at: now,
    updated_at: now,
    seats: picks ? JSON.stringify(picks) : null,
  };
  const items = lines.map((l, position) => ({ position, ticket_type_id: l.ticket_type_id, type_name: l.name, unit_price: l.unit_price, quantity: l.quantity }));
  // One statement writes the hold and claims its places (inventory.claimHoldInStatement): the
  // event's lock is taken last, inside it, to count the places (this hold left out) and is let go at
  // its commit, with no round trip while it is held. Were they not to fit, the statement fails and
  // nothing is written. Replacing the session's earlier hold, that hold is closed in the same
  // transaction. Null: this join session has an open order already (its partial unique index).
  const claim = (holdId: RawBuilder<number>) => inventory.claimHoldInStatement({ eventId, lines: wanted, now }, holdId);
  // A seated checkout holds its seats in the same transaction: a seat taken answers seat_taken
  // and nothing of the order stays (decision 0036).
  const holdSeats = async (tx: Tx, order: repo.OrderRow | undefined) => {
    if (order && picks) await seats.holdSeats(tx, { eventId, orderId: order.id, picks, until: order.hold_expires_at, now });
    return order ?? null;
  };
  const holdAnew = async (replaced: repo.OrderRow | undefined) => {
    try {
      if (!replaced && !picks) return (await repo.insertOrder(deps.db, newOrder, items, claim)) ?? null;
      return await inTransaction(deps.db, async (tx) => {
        await events.keepEventUntilCommit(tx, eventId);
        if (replaced) await closeHold(tx, replaced.id, 'expired', now);
        return holdSeats(tx, await repo.insertOrder(tx, newOrder, items, claim));
      });
    } catch (err) {
      // The event deleted meanwhile (the order's reference to it failed): it is not found.
      if (pgErrorCode(err) === PG_ERROR.foreignKeyViolation) throw events.eventNotFound();
      throw inventory.claimRefusal(err, wanted) ?? err;
    }
  };
  let order = await holdAnew(undefined);
  if (!order) {
    // The join session's checkout is open: the same selection answers it while its hold lasts; a
    // new one replaces it (its hold released, its checkout closed at the provider).
    const existing = await repo.findOpenOrderOfSession(deps.db, actor.userId, query.current_session);
    if (existing && existing.hold_expires_at > now && existing.client_secret && existing.checkout_session_id) {
      const held = await repo.itemsOf(deps.db, [existing.id]);
      const seatsKey = (list: readonly seats.SeatPick[] | null) => (list ? list.map((p) => `${p.row}:${p.col}:${p.ticket_type_id}`).join(',') : '');
      const sameSeats = seatsKey(existing.seats as seats.SeatPick[] | null) === seatsKey(picks);
      const same = sameSeats && held.length === lines.length && held.every((item, i) => item.ticket_type_id === lines[i]!.ticket_type_id && item.quantity === lines[i]!.quantity && item.unit_price === lines[i]!.unit_price);
      if (same) return embedAnswer(deps, existing, lines, totals);
    }
    order = await holdAnew(existing);
    // The replaced checkout can no longer be paid (were it paid anyway, the late payment path applies).
    if (existing?.checkout_session_id) await deps.payments.expireCheckoutSession(existing.checkout_session_id).catch(() => undefined);
    if (!order) {
      // Two calls of one session at once: the index let one in; the other answers it.
      const raced = await repo.findOpenOrderOfSession(deps.db, actor.userId, query.current_session);
      if (raced?.client_secret && raced.checkout_session_id) return embedAnswer(deps, raced, lines, totals);
      throw new AppError('conflict', 'This checkout is being opened: try again in a moment');
    }
  }

  let session: ProviderCheckoutSession;
  try {
    const priceIds = new Map(pricing.ticket_types.map((t) => [t.id, t.stripe_price_id]));
    session = await deps.payments.createCheckoutSession({
      uiMode: 'embedded',
      currency: pricing.currency,
      lineItems: [
        ...lines.map((l) => ({ price: priceIds.get(l.ticket_type_id)!, quantity: l.quantity })),
        ...(totals.fee > 0 ? [{ price_data: { currency: pricing.currency!, unit_amount: totals.fee, product_name: 'Service fee' }, quantity: 1 }] : []),
      ],
      destinationAccount: destination,
      applicationFeeAmount: destination ? totals.fee : 0,
      returnUrl: new URL(`/events/${pricing.hash}?checkout_session={CHECKOUT_SESSION_ID}`, deps.config.publicUrl).toString(),
      metadata: {
        planns_kind: 'order',
        planns_order_id: String(order.id),
        planns_event_id: String(eventId),
        planns_payer_id: String(actor.userId),
        planns_payee_user_id: String(pricing.user_id),
        planns_payee_account: destination ?? '',
        planns_fee: String(totals.fee),
      },
      expiresAt: Math.floor(now.getTime() / 1000) + HOLD_MINUTES * 60 + SESSION_EXTRA_SECONDS,
      idempotencyKey: `planns-order-${order.id}`,
    });
  } catch (err) {
    // Nothing to pay: the hold goes back at once.
    await inTransaction(deps.db, (tx) => closeHold(tx, order.id, 'failed', deps.clock.now(), 'The payment provider could not open the checkout'));
    if (picks) seats.announceSeats(deps, eventId, null);
    if (err instanceof ProviderError) throw new AppError('provider_unavailable', PAYMENT_MESSAGES.providerUnavailable, undefined, undefined, { cause: err });
    throw err;
  }
  await repo.setCheckoutSession(deps.db, order.id, { id: session.id, client_secret: session.client_secret }, deps.clock.now());
  if (picks) seats.announceSeats(deps, eventId, actor.userId);
  return embedAnswer(deps, { ...order, checkout_session_id: session.id, client_secret: session.client_secret }, lines, totals);
}

function embedAnswer(deps: AppDeps, order: repo.OrderRow, lines: Lines, totals: { subtotal: number; fee: number; total: number }) {
  return {
    client_secret: order.client_secret!,
    id: order.checkout_session_id!,
    order_id: order.id,
    provider: order.provider,
    publishable_key: deps.payments.publishableKey,
    amount: presentAmount(lines, totals, order.currency),
    hold_expires_at: order.hold_expires_at.toISOString(),
  };
}

/** Ends an open order (its hold released, as its places stop counting). */
async function closeHold(tx: Tx, orderId: number, to: 'expired' | 'failed', now: Date, reason: string | null = null): Promise<boolean> {
  const moved = await repo.moveOrder(tx, orderId, ['pending'], to, { closed_at: now, failure_reason: reason, updated_at: now });
  if (moved) await seats.releaseOrderSeats(tx, orderId);
  return moved;
}

/* ------------------------------------------------------------------ the session's state */

/**
 * GET payments/session/{sessionId} (the buyer's check on completion): the checkout's state; a
 * paid session not yet fulfilled is fulfilled here (the webhook may come later, or never), an
 * ended one closed. Only the buyer (or the event's owner, or a moderator) may ask.
 */
export async function checkoutStatus(deps: AppDeps, actor: Actor, sessionId: string) {
  const order = await repo.findOrderBySession(deps.db, deps.payments.name, sessionId);
  if (!order || !(order.buyer_id === actor.userId || order.payee_user_id === actor.userId || actor.isModerator)) throw notFound('No such checkout');
  let session: ProviderCheckoutSession;
  try {
    session = await deps.payments.retrieveCheckoutSession(sessionId);
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError('provider_unavailable', PAYMENT_MESSAGES.providerUnavailable, undefined, undefined, { cause: err });
    throw err;
  }
  // Whether this check changed the order (a buyer's page asks again and again once it is paid).
  let changed = false;
  if (session.status === 'complete' && session.payment_status === 'paid') {
    changed = (await inTransaction(deps.db, (tx) => fulfilPaidOrder(tx, deps, order.id, { payment_intent: session.payment_intent }, deps.clock.now()))) !== 'already';
  } else if (session.status === 'expired') {
    changed = await inTransaction(deps.db, (tx) => closeHold(tx, order.id, 'expired', deps.clock.now()));
  }
  if (changed && order.seats && order.event_id !== null) seats.announceSeats(deps, order.event_id, null);
  const now = (await repo.findOrder(deps.db, order.id))!;
  const issued = await tickets.ticketsOfOrders(deps.db, [order.id]);
  return {
    id: session.id,
    status: session.status,
    payment_status: session.payment_status,
    order: { id: now.id, status: now.status, tickets: issued.filter((t) => t.status === 'valid').length, event_id: now.event_id, failure_reason: now.failure_reason },
  };
}

/* ------------------------------------------------------------------ fulfilment, exactly once */

/**
 * Fulfils a paid order inside the caller's transaction (the webhook's job, or the session
 * check): the order row is locked; a paid or refunded order is left alone (the second of two
 * arrivals does nothing), and its tickets' positions are unique besides. While its hold is live
 * the tickets replace it; after the hold (or when the event was made free or removed) they are
 * issued only if places remain, else the payment is refunded (an outbox job) and the buyer told.
 * The places are counted last, under the event's lock, so that the lock is held only briefly.
 */
export async function fulfilPaidOrder(tx: Tx, deps: AppDeps, orderId: number, payment: { payment_intent: string | null }, now: Date): Promise<'fulfilled' | 'already' | 'refunding'> {
  const order = await repo.lockOrderWithItems(tx, { id: orderId });
  return order ? fulfilLocked(tx, order, payment, now) : 'already';
}

/** fulfilPaidOrder for an order whose row the caller locked (read with its items). */
async function fulfilLocked(tx: Tx, order: repo.OrderRow & { items: repo.OrderItemRow[] }, payment: { payment_intent: string | null }, now: Date): Promise<'fulfilled' | 'already' | 'refunding'> {
  if (order.status === 'paid' || order.status === 'refunded') return 'already';
  const { items } = order;
  const stillSold = order.event_id !== null && items.every((i) => i.ticket_type_id !== null);
  if (stillSold) {
    // The tickets are written first and claimed last, as a hold is: the event's lock is held only
    // to count the places (this order's hold and its new tickets left out) and commit. While the
    // hold is live its places are the ones counted; after it, they are claimed anew. Were they not
    // to fit, the writes go back to the savepoint and the payment is refunded.
    const done = await underSavepoint(
      tx,
      async () => {
        await repo.moveOrder(tx, order.id, ['pending', 'expired', 'failed'], 'paid', { paid_at: now, payment_intent_id: payment.payment_intent, failure_reason: null, updated_at: now });
        const issued = await tickets.issueOrderTickets(tx, { id: order.id, event_id: order.event_id!, buyer_id: order.buyer_id, currency: order.currency, items }, now);
        // A seated order's seats become its tickets' (held still, or claimed anew after its hold).
        const picks = order.seats as seats.SeatPick[] | null;
        if (picks) await seats.sellOrderSeats(tx, { eventId: order.event_id!, orderId: order.id, picks, tickets: await tickets.ticketsOfOrders(tx, [order.id]), now });
        if (order.buyer_id !== null) await rsvp.setGoingWithTickets(tx, order.event_id!, order.buyer_id, now);
        await enqueue(tx, 'orders.after_payment', { order_id: order.id }, { key: `order-paid:${order.id}` });
        await inventory.claimTickets(tx, {
          eventId: order.event_id!,
          lines: items.map((i) => ({ ticketTypeId: i.ticket_type_id!, quantity: i.quantity })),
          replacing: [{ kind: 'hold', id: order.id }, ...issued.map((id) => ({ kind: 'ticket' as const, id }))],
          now,
        });
      },
      (err) => err instanceof AppError && (err.code === 'sold_out' || err.code === 'not_found'),
    );
    if ('value' in done) return 'fulfilled';
  }
  await repo.moveOrder(tx, order.id, ['pending', 'expired', 'failed'], 'refunded', {
    paid_at: now,
    closed_at: now,
    payment_intent_id: payment.payment_intent,
    failure_reason: 'No place was left when the payment arrived: it is refunded',
    updated_at: now,
  });
  await seats.releaseOrderSeats(tx, order.id);
  await enqueue(tx, 'orders.refund_unfulfilled', { order_id: order.id }, { key: `order-refund-unfulfilled:${order.id}` });
  return 'refunding';
}

/** The provider's checkout.session.completed / async_payment_succeeded for an order (payments.processProviderEvent). */
export async function applyPaidSession(tx: Tx, deps: AppDeps, provider: 'test' | 'stripe', session: Record<string, unknown>, now: Date): Promise<void> {
  if (session.payment_status !== 'paid') return; // an async payment still on its way: its own event follows
  const order = await repo.lockOrderWithItems(tx, { provider, sessionId: String(session.id) });
  if (!order) return;
  const intent = session.payment_intent;
  const paymentIntent = typeof intent === 'string' ? intent : typeof intent === 'object' && intent !== null ? String((intent as { id: unknown }).id) : null;
  await fulfilLocked(tx, order, { payment_intent: paymentIntent }, now);
}

/** checkout.session.expired / async_payment_failed: the order ends and its hold goes back. */
export async function applyEndedSession(tx: Tx, provider: 'test' | 'stripe', session: Record<string, unknown>, to: 'expired' | 'failed', now: Date): Promise<void> {
  const order = await repo.findOrderBySession(tx, provider, String(session.id), { forUpdate: true });
  if (!order) return;
  await closeHold(tx, order.id, to, now, to === 'failed' ? 'The payment failed' : null);
}

/**
 * charge.refunded (a refund made at the provider, e.g. in Stripe's dashboard): a charge refunded
 * in full refunds the order and its tickets; a partial one is recorded as an amount.
 */
export async function applyChargeRefunded(tx: Tx, provider: 'test' | 'stripe', charge: Record<string, unknown>, now: Date): Promise<void> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : null;
  if (!intent) return;
  const order = await repo.findOrderByPaymentIntent(tx, provider, intent, { forUpdate: true });
  if (!order || order.status !== 'paid') return;
  const refunded = Number(charge.amount_refunded ?? 0);
  if (!(refunded > order.refunded_amount)) return;
  const full = refunded >= order.total;
  if (full) {
    const valid = await tickets.lockValidTicketsOfOrder(tx, order.id);
    await tickets.markTicketsRefunded(tx, valid.map((t) => t.id), now);
    await seats.releaseTicketSeats(tx, valid.map((t) => t.id));
  }
  await repo.addRefunded(tx, order.id, Math.min(refunded, order.total) - order.refunded_amount, full, now);
}

/* ------------------------------------------------------------------ jobs */

/** Holds a run of orders.expire_holds ends at most (the next minute's run goes on). */
const HOLDS_PER_SWEEP = 1000;

/**
 * orders.expire_holds (every minute, on one instance): ends the holds whose time is up (as
 * expireHold), oldest first. Their places stopped counting at hold_expires_at already (the
 * counting rule); this closes each order and its checkout at the provider. An order that fails is
 * logged and left for the next run; the others go on.
 */
export async function expireLapsedHolds(deps: AppDeps): Promise<string | undefined> {
  const tried = new Set<number>();
  let ended = 0;
  const failures: string[] = [];
  while (tried.size < HOLDS_PER_SWEEP) {
    const ids = (await repo.lapsedHolds(deps.db, deps.clock.now(), 100 + tried.size)).filter((id) => !tried.has(id));
    if (ids.length === 0) break;
    for (const id of ids) {
      tried.add(id);
      try {
        if (await expireHold(deps, id)) ended += 1;
      } catch (err) {
        failures.push(`order ${id}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  const failed = failures.length > 0 ? `; ${failures.length} left for the next run (${failures.slice(0, 3).join('; ')})` : '';
  if (failures.length > 0 && ended === 0) throw new Error(`no hold could be ended${failed}`);
  return ended > 0 || failed ? `ended ${ended} hold(s) whose time was up${failed}` : undefined;
}

/**
 * orders.expire_hold (one order; queued for the hold's end by earlier versions, and run for each
 * lapsed hold by orders.expire_holds): an order still open then is closed at the
 * provider (so it can no longer be paid) and here. If the provider says it was paid meanwhile,
 * that payment is fulfilled, or refunded when no place remains.
 */
export async function expireHold(deps: AppDeps, orderId: number): Promise<string | undefined> {
  const order = await repo.findOrder(deps.db, orderId);
  if (!order || order.status !== 'pending') return undefined;
  const now = deps.clock.now();
  if (order.hold_expires_at > now) return undefined; // a retry came early; the queued job at the end does it
  let session: ProviderCheckoutSession | null = null;
  if (order.checkout_session_id) session = await deps.payments.expireCheckoutSession(order.checkout_session_id);
  const changed = await inTransaction(deps.db, async (tx) => {
    if (session?.status === 'complete' && session.payment_status === 'paid') return (await fulfilPaidOrder(tx, deps, order.id, { payment_intent: session.payment_intent }, now)) !== 'already';
    return closeHold(tx, order.id, 'expired', now);
  });
  if (changed && order.seats && order.event_id !== null) seats.announceSeats(deps, order.event_id, null);
  return `order ${orderId}: hold ended`;
}

/** orders.refund_unfulfilled: gives back a payment that found no place (once: the provider's idempotency key and the refunds' unique id). */
export async function refundUnfulfilled(deps: AppDeps, orderId: number): Promise<string | undefined> {
  const order = await repo.findOrder(deps.db, orderId);
  if (!order || order.status !== 'refunded' || !order.payment_intent_id) return undefined;
  const amount = order.total - order.refunded_amount;
  if (amount <= 0) return undefined;
  const refund = await deps.payments.refund({
    paymentIntent: order.payment_intent_id,
    amount,
    idempotencyKey: `planns-refund-unfulfilled-${order.id}`,
    metadata: { planns_order_id: String(order.id), planns_payee_account: order.payee_account_id ?? '', planns_reason: 'no_capacity' },
  });
  await inTransaction(deps.db, async (tx) => {
    const locked = await repo.findOrder(tx, order.id, { forUpdate: true });
    if (!locked) return;
    if (await repo.insertRefund(tx, { order_id: order.id, provider_refund_id: refund.id, amount: refund.amount, reason: 'no_capacity', ticket_ids: [], created_by: null, created_at: deps.clock.now() })) {
      await repo.addRefunded(tx, order.id, Math.min(refund.amount, locked.total - locked.refunded_amount), false, deps.clock.now());
    }
    await enqueue(tx, 'orders.tell_buyer', { order_id: order.id, what: 'refunded_no_place' }, { key: `order-told-no-place:${order.id}` });
  });
  return `order ${orderId}: ${amount} refunded (no place left)`;
}

/** orders.after_payment: the receipt's address, and a text to the buyer with their tickets (the outbox). */
export async function afterPayment(deps: AppDeps, orderId: number): Promise<void> {
  const order = await repo.orderToTell(deps.db, orderId);
  if (!order || order.status !== 'paid') return;
  if (!order.receipt_url && order.payment_intent_id) {
    const url = await deps.payments.receiptUrl(order.payment_intent_id).catch(() => null);
    if (url) await repo.setReceipt(deps.db, order.id, url);
  }
  await textBuyer(deps, order, 'paid');
}

/** A text to the buyer about their order (paid, refunded, or refunded because no place was left). */
export async function tellBuyer(deps: AppDeps, orderId: number, what: 'paid' | 'refunded' | 'refunded_no_place'): Promise<void> {
  const order = await repo.orderToTell(deps.db, orderId);
  if (order) await textBuyer(deps, order, what);
}

async function textBuyer(deps: AppDeps, order: NonNullable<Awaited<ReturnType<typeof repo.orderToTell>>>, what: 'paid' | 'refunded' | 'refunded_no_place'): Promise<void> {
  if (!order.buyer_phone) return;
  const count = order.quantity;
  const money = (minor: number) => formatMoney(minor, order.currency as Currency, 'en');
  const link = new URL('/tickets', deps.config.publicUrl).toString();
  const text =
    what === 'paid'
      ? `planns: your ${count === 1 ? 'ticket' : `${count} tickets`} for ${order.event_name} ${count === 1 ? 'is' : 'are'} confirmed (${money(order.total)}). See ${count === 1 ? 'it' : 'them'} at ${link}`
      : what === 'refunded'
        ? `planns: ${money(order.refunded_amount)} of your payment for ${order.event_name} was refunded.`
        : `planns: sorry, the last tickets for ${order.event_name} went while you were paying. Your payment of ${money(order.total)} is refunded.`;
  await deps.sms.sendMessage(order.buyer_phone, text);
}

/* ------------------------------------------------------------------ refunds by the organiser */

/**
 * POST orders/{id}/refund {ticket_ids?}: the event's owner (or a moderator) gives back a whole
 * order or some of its tickets. Under the order's lock: the provider's refund (idempotent: its
 * key names the order and the tickets), the refund recorded once, the tickets refunded (their
 * places return), and the buyer told (an outbox job).
 */
export async function refundOrder(deps: AppDeps, actor: Actor, orderId: number, ticketIds: number[] | undefined): Promise<Purchase> {
  const order = await repo.findOrder(deps.db, orderId);
  if (!order || !(order.payee_user_id === actor.userId || actor.isModerator)) throw notFound('No such order');
  await inTransaction(deps.db, async (tx) => {
    const locked = (await repo.findOrder(tx, orderId, { forUpdate: true }))!;
    if (locked.status !== 'paid' || !locked.payment_intent_id) throw new AppError('conflict', 'Only a paid order can be refunded');
    const valid = await tickets.lockValidTicketsOfOrder(tx, orderId);
    const chosen = ticketIds === undefined ? valid : valid.filter((t) => ticketIds.includes(t.id));
    if (chosen.length === 0 || (ticketIds !== undefined && chosen.length !== new Set(ticketIds).size)) {
      throw invalid({ ticket_ids: 'Choose valid tickets of this order' });
    }
    const isRest = chosen.length === valid.length;
    const amount = refundAmount(locked, chosen.map((t) => t.price), isRest);
    const ids = chosen.map((t) => t.id).sort((a, b) => a - b);
    let refund;
    try {
      refund = await deps.payments.refund({
        paymentIntent: locked.payment_intent_id,
        amount,
        idempotencyKey: `planns-refund-${orderId}-${ids.join('-')}`,
        metadata: { planns_order_id: String(orderId), planns_payee_account: locked.payee_account_id ?? '', planns_ticket_ids: ids.join(',') },
      });
    } catch (err) {
      if (err instanceof ProviderError) throw new AppError('provider_unavailable', PAYMENT_MESSAGES.providerUnavailable, undefined, undefined, { cause: err });
      throw err;
    }
    const now = deps.clock.now();
    if (!(await repo.insertRefund(tx, { order_id: orderId, provider_refund_id: refund.id, amount: refund.amount, reason: 'organiser', ticket_ids: ids, created_by: actor.userId, created_at: now }))) return;
    await tickets.markTicketsRefunded(tx, ids, now);
    await seats.releaseTicketSeats(tx, ids);
    await repo.addRefunded(tx, orderId, amount, isRest, now);
    await enqueue(tx, 'orders.tell_buyer', { order_id: orderId, what: 'refunded' }, { key: `order-told-refund:${refund.id}` });
  });
  const [purchase] = await presentOrders(deps, [(await repo.listedOrder(deps.db, orderId))!], 'payee');
  return purchase!;
}

/* ------------------------------------------------------------------ lists */

type ListedOrder = repo.OrderRow & { event_hash?: string | null; buyer_name?: string | null; single_ticket_name?: string | null };

async function presentOrders(deps: AppDeps, orders: ListedOrder[], as: 'buyer' | 'payee'): Promise<Purchase[]> {
  const ids = orders.map((o) => o.id);
  const [items, issued] = await Promise.all([repo.itemsOf(deps.db, ids), tickets.ticketsOfOrders(deps.db, ids)]);
  return orders.map((o) => ({
    id: o.id,
    status: o.status,
    event: { id: o.event_id, hash: o.event_hash ?? null, name: o.event_name, start_date: o.event_start.toISOString(), ticket_name: o.single_ticket_name ?? null },
    user: o.buyer_id !== null ? { id: o.buyer_id, name: o.buyer_name ?? null } : null,
    lines: items.filter((i) => i.order_id === o.id).map((i) => ({ type_name: i.type_name, unit_price: i.unit_price, quantity: i.quantity })),
    tickets: issued
      .filter((t) => t.order_id === o.id)
      .map((t) => ({ id: t.id, code: as === 'buyer' ? t.code : null, type_name: t.type_name, status: t.status, is_used: t.used_at !== null })),
    currency: o.currency as Currency,
    subtotal: o.subtotal,
    fee: o.fee,
    total: o.total,
    refunded_amount: o.refunded_amount,
    created_at: o.created_at.toISOString(),
    paid_at: o.paid_at ? o.paid_at.toISOString() : null,
    receipt_url: o.receipt_url,
    failure_reason: o.failure_reason,
  }));
}

/** GET purchases/history: what the person bought (accounts §3 Purchase), newest first. */
export async function purchaseHistory(deps: AppDeps, actor: Actor): Promise<Purchase[]> {
  return presentOrders(deps, await repo.purchasesOf(deps.db, actor.userId, PURCHASES_LIMIT), 'buyer');
}

/** GET purchases/recieved: what the person was paid for their events (accounts §3 Received payment). */
export async function paymentsReceived(deps: AppDeps, actor: Actor): Promise<Purchase[]> {
  return presentOrders(deps, await repo.receivedBy(deps.db, actor.userId, PURCHASES_LIMIT), 'payee');
}

