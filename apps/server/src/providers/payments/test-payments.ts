import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { BusinessType } from '@planns/shared/payments/payments.rules';
import { testCardOutcome, type CardOutcome } from '@planns/shared/payments/payments.rules';
import type { OnboardBody } from '@planns/shared/payments/payments.schemas';
import { inTransaction, lockKey, type Db, type Executor } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import {
  accountFromStripeObject,
  ProviderError,
  WebhookSignatureError,
  type CreateCheckoutInput,
  type PaymentsProvider,
  type ProviderAccount,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderPrice,
  type ProviderRefund,
} from './payments-provider.ts';

/**
 * PAYMENTS_PROVIDER=test (the default; decision 0028): planns plays the payment provider end to
 * end, with no network and no account anywhere. Its objects are kept in planns' database
 * (test_provider_objects) shaped as Stripe returns them, and its state changes (onboarding, a
 * paid checkout) come out as Stripe-shaped events that the caller hands to the same code that
 * applies Stripe's webhooks. Hosted pages (onboarding, dashboard, checkout) are planns' own
 * /test-provider/... screens.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomId(prefix: string, length = 24): string {
  const bytes = crypto.randomBytes(length);
  let out = prefix;
  for (const byte of bytes) out += ALPHABET[byte % 62];
  return out;
}

/** How long a hosted onboarding link works (Stripe's Account Links last a few minutes). */
export const ONBOARDING_LINK_SECONDS = 10 * 60;
/** How long a dashboard link works once made. */
export const DASHBOARD_LINK_SECONDS = 60 * 60;
/** A checkout session's life when none is asked for (Stripe's default is 24 hours). */
export const CHECKOUT_DEFAULT_SECONDS = 24 * 60 * 60;

interface AccountData {
  id: string;
  object: 'account';
  email: string | null;
  country: string | null;
  default_currency: string | null;
  business_type: BusinessType | null;
  individual: { first_name: string | null; last_name: string | null };
  tos_acceptance: { date: number | null };
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  metadata: Record<string, string>;
  created: number;
}

interface LinkData {
  id: string;
  object: 'account_link' | 'login_link';
  account: string;
  refresh_url?: string;
  return_url?: string;
  redirect_url?: string | null;
  expires_at: number;
  created: number;
}

interface SessionLineItem {
  description: string;
  price: string | null;
  quantity: number;
  unit_amount: number;
  amount_total: number;
}

interface SessionData {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  line_items: SessionLineItem[];
  payment_intent: string | null;
  metadata: Record<string, string>;
  ui_mode: 'hosted' | 'embedded';
  /** hosted mode. */
  success_url: string | null;
  cancel_url: string | null;
  /** embedded mode: where the card form returns ({CHECKOUT_SESSION_ID} replaced). */
  return_url: string | null;
  expires_at: number;
  customer_email: string | null;
  payment_intent_data: { application_fee_amount: number; transfer_data: { destination: string } | null };
  url: string;
  created: number;
}

interface RefundData {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

interface PaymentIntentData {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_refunded?: number;
  application_fee_amount: number;
  currency: string;
  status: 'succeeded';
  created: number;
  description: string | null;
  transfer_data: { destination: string } | null;
  metadata: Record<string, string>;
  latest_charge: { id: string; receipt_url: string };
}

export type PayResult =
  | { ok: true; session: SessionData; paymentIntent: PaymentIntentData; events: ProviderEvent[] }
  | { ok: false; outcome: Exclude<CardOutcome, 'succeeded'> }
  | { ok: false; outcome: 'closed'; session: SessionData }
  | { ok: false; outcome: 'missing' };

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export class TestPaymentsProvider implements PaymentsProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly publicUrl: URL;

  constructor(options: { db: Db; clock: Clock; publicUrl: URL }) {
    this.db = options.db;
    this.clock = options.clock;
    this.publicUrl = options.publicUrl;
  }

  private now(): number {
    return seconds(this.clock.now());
  }

  private pageUrl(path: string): string {
    return new URL(path, this.publicUrl).toString();
  }

  /* ------------------------------------------------------------------ store */

  private async insert<T extends { id: string }>(db: Executor, object: string, accountId: string | null, data: T): Promise<T> {
    await db
      .insertInto('test_provider_objects')
      .values({ id: data.id, object, account_id: accountId, data: JSON.stringify(data), created_at: this.clock.now() })
      .execute();
    return data;
  }

  private async find<T>(db: Executor, id: string, object: string, options: { forUpdate?: boolean } = {}): Promise<T | null> {
    let query = db.selectFrom('test_provider_objects').select('data').where('id', '=', id).where('object', '=', object);
    if (options.forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? (row.data as T) : null;
  }

  private async save<T extends { id: string }>(db: Executor, data: T): Promise<T> {
    await db.updateTable('test_provider_objects').set({ data: JSON.stringify(data) }).where('id', '=', data.id).execute();
    return data;
  }

  private async require<T>(db: Executor, id: string, object: string, options: { forUpdate?: boolean } = {}): Promise<T> {
    const found = await this.find<T>(db, id, object, options);
    if (!found) throw new ProviderError(`No such ${object}: '${id}'`, { code: 'resource_missing', statusCode: 404 });
    return found;
  }

  /**
   * A create call under an idempotency key: the same key answers the object it made the first
   * time, as Stripe does, even when two calls race.
   */
  private async idempotent<T extends { id: string }>(key: string, object: string, create: (tx: Executor) => Promise<T>): Promise<T> {
    return inTransaction(this.db, async (tx) => {
      await lockKey(tx, `test-provider-idempotency:${key}`);
      const seen = await tx.selectFrom('test_provider_idempotency').select('object_id').where('key', '=', key).executeTakeFirst();
      if (seen) return this.require<T>(tx, seen.object_id, object);
      const made = await create(tx);
      await tx.insertInto('test_provider_idempotency').values({ key, object_id: made.id, created_at: this.clock.now() }).execute();
      return made;
    });
  }

  private event(type: string, account: string | null, object: Record<string, unknown>): ProviderEvent {
    return { id: randomId('evt_test_'), type, created: this.now(), account, data: { object: structuredClone(object) } };
  }

  /* ------------------------------------------------------------------ accounts */

  async createAccount(input: { email: string; userId: number; idempotencyKey: string }): Promise<ProviderAccount> {
    const data = await this.idempotent<AccountData>(input.idempotencyKey, 'account', (tx) =>
      this.insert<AccountData>(tx, 'account', null, {
        id: randomId('acct_test'),
        object: 'account',
        email: input.email,
        country: null,
        default_currency: null,
        business_type: null,
        individual: { first_name: null, last_name: null },
        tos_acceptance: { date: null },
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        metadata: { planns_user_id: String(input.userId) },
        created: this.now(),
      }),
    );
    return toProviderAccount(data);
  }

  async retrieveAccount(accountId: string): Promise<ProviderAccount> {
    return toProviderAccount(await this.require<AccountData>(this.db, accountId, 'account'));
  }

  async createOnboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string> {
    await this.require<AccountData>(this.db, accountId, 'account');
    const link = await this.insert<LinkData>(this.db, 'account_link', accountId, {
      id: randomId('al_test_'),
      object: 'account_link',
      account: accountId,
      refresh_url: urls.refreshUrl,
      return_url: urls.returnUrl,
      expires_at: this.now() + ONBOARDING_LINK_SECONDS,
      created: this.now(),
    });
    return this.pageUrl(`/test-provider/onboarding/${link.id}`);
  }

  async createDashboardLink(accountId: string, redirectUrl: string | null): Promise<string> {
    await this.require<AccountData>(this.db, accountId, 'account');
    const link = await this.insert<LinkData>(this.db, 'login_link', accountId, {
      id: randomId('ll_test_'),
      object: 'login_link',
      account: accountId,
      redirect_url: redirectUrl,
      expires_at: this.now() + DASHBOARD_LINK_SECONDS,
      created: this.now(),
    });
    return this.pageUrl(`/test-provider/dashboard/${link.id}`);
  }

  /* ------------------------------------------------------------------ products and prices */

  async createProduct(input: { name: string; eventId: number; idempotencyKey: string }): Promise<{ id: string }> {
    return this.idempotent(input.idempotencyKey, 'product', (tx) =>
      this.insert(tx, 'product', null, {
        id: randomId('prod_test_', 14),
        object: 'product',
        name: input.name,
        metadata: { planns_event_id: String(input.eventId) },
        created: this.now(),
      }),
    );
  }

  async createPrice(input: { product: string; unitAmount: number; currency: string; nickname: string; ticketTypeId: number; idempotencyKey: string }): Promise<ProviderPrice> {
    const price = await this.idempotent(input.idempotencyKey, 'price', async (tx) => {
      await this.require(tx, input.product, 'product');
      return this.insert(tx, 'price', null, {
        id: randomId('price_test_'),
        object: 'price',
        product: input.product,
        unit_amount: input.unitAmount,
        currency: input.currency.toLowerCase(),
        nickname: input.nickname,
        metadata: { planns_ticket_type_id: String(input.ticketTypeId) },
        created: this.now(),
      });
    });
    return { id: price.id, product: price.product, unit_amount: price.unit_amount, currency: price.currency.toUpperCase() };
  }

  /* ------------------------------------------------------------------ checkout */

  /**
   * A checkout session, made once per idempotency key in one statement: what it refers to (its
   * prices with their products, the destination account) read in one, then the session and its
   * key written together. A second call with the same key answers the first session, as Stripe
   * does, even when the two race (the key's unique index decides) or when the first was made
   * with what would now be refused.
   */
  async createCheckoutSession(input: CreateCheckoutInput): Promise<ProviderCheckoutSession> {
    let made: SessionData;
    try {
      made = await this.newCheckoutSession(input);
    } catch (err) {
      const earlier = await this.byIdempotencyKey<SessionData>(input.idempotencyKey, 'checkout.session');
      if (earlier) return toProviderSession(this.expired(earlier));
      throw err;
    }
    const result = await sql<{ made: string | null }>`
      WITH k AS (
        INSERT INTO test_provider_idempotency (key, object_id, created_at) VALUES (${input.idempotencyKey}, ${made.id}, ${this.clock.now()})
        ON CONFLICT (key) DO NOTHING
        RETURNING object_id
      ), o AS (
        INSERT INTO test_provider_objects (id, object, account_id, data, created_at)
        SELECT ${made.id}, 'checkout.session', ${input.destinationAccount}::text, ${JSON.stringify(made)}::jsonb, ${this.clock.now()} WHERE EXISTS (SELECT 1 FROM k)
      )
      SELECT (SELECT object_id FROM k) AS made
    `.execute(this.db);
    if (result.rows[0]?.made) return toProviderSession(this.expired(made));
    const earlier = await this.byIdempotencyKey<SessionData>(input.idempotencyKey, 'checkout.session');
    if (!earlier) throw new ProviderError('Keys for idempotent requests can only be used with the same parameters they were first used with', { code: 'idempotency_error', statusCode: 400 });
    return toProviderSession(this.expired(earlier));
  }

  /** The object an idempotency key made; null when the key is unused. */
  private async byIdempotencyKey<T>(key: string, object: string): Promise<T | null> {
    const row = await this.db
      .selectFrom('test_provider_idempotency as k')
      .innerJoin('test_provider_objects as o', 'o.id', 'k.object_id')
      .select('o.data')
      .where('k.key', '=', key)
      .where('o.object', '=', object)
      .executeTakeFirst();
    return row ? (row.data as T) : null;
  }

  /** A new session's data, checked against its prices, their products and the destination account (one read); nothing written. */
  private async newCheckoutSession(input: CreateCheckoutInput): Promise<SessionData> {
    const ids = [...new Set(input.lineItems.flatMap((item) => (item.price ? [item.price] : [])))];
    if (input.destinationAccount) ids.push(input.destinationAccount);
    const rows = ids.length === 0 ? [] : (
      await sql<{ id: string; object: string; data: Record<string, unknown>; product: { name: string } | null }>`
        SELECT o.id, o.object, o.data, pr.data AS product
        FROM test_provider_objects o
        LEFT JOIN test_provider_objects pr ON o.object = 'price' AND pr.object = 'product' AND pr.id = o.data->>'product'
        WHERE o.id = ANY(${ids}::text[])
      `.execute(this.db)
    ).rows;
    const found = (id: string, object: string) => {
      const row = rows.find((r) => r.id === id && r.object === object);
      if (!row) throw new ProviderError(`No such ${object}: '${id}'`, { code: 'resource_missing', statusCode: 404 });
      return row;
    };
    const lines: SessionLineItem[] = [];
    for (const item of input.lineItems) {
      if (!Number.isInteger(item.quantity) || item.quantity < 1) throw new ProviderError('Invalid quantity', { code: 'parameter_invalid_integer', statusCode: 400 });
      let unitAmount: number;
      let description: string;
      if (item.price) {
        const row = found(item.price, 'price');
        const price = row.data as { unit_amount: number; currency: string; nickname: string; product: string };
        if (price.currency.toUpperCase() !== input.currency.toUpperCase()) throw new ProviderError('All prices must be in one currency', { code: 'parameter_invalid', statusCode: 400 });
        if (!row.product) throw new ProviderError(`No such product: '${price.product}'`, { code: 'resource_missing', statusCode: 404 });
        unitAmount = price.unit_amount;
        description = `${row.product.name} · ${price.nickname}`;
      } else if (item.price_data) {
        unitAmount = item.price_data.unit_amount;
        description = item.price_data.product_name;
      } else {
        throw new ProviderError('A line item needs a price', { code: 'parameter_missing', statusCode: 400 });
      }
      lines.push({ description, price: item.price ?? null, quantity: item.quantity, unit_amount: unitAmount, amount_total: unitAmount * item.quantity });
    }
    const amountTotal = lines.reduce((sum, line) => sum + line.amount_total, 0);
    if (input.applicationFeeAmount > amountTotal) throw new ProviderError('The application fee exceeds the amount', { code: 'parameter_invalid', statusCode: 400 });
    if (input.destinationAccount) {
      const account = found(input.destinationAccount, 'account').data as unknown as AccountData;
      if (!account.charges_enabled) throw new ProviderError('The destination account cannot take charges yet', { code: 'account_invalid', statusCode: 400 });
    }
    const id = randomId('cs_test_', 32);
    return {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amountTotal,
      currency: input.currency.toLowerCase(),
      line_items: lines,
      payment_intent: null,
      metadata: { ...input.metadata },
      ui_mode: input.uiMode ?? 'hosted',
      success_url: input.successUrl ?? null,
      cancel_url: input.cancelUrl ?? null,
      return_url: input.returnUrl ? input.returnUrl.replace('{CHECKOUT_SESSION_ID}', id) : null,
      expires_at: input.expiresAt ?? this.now() + CHECKOUT_DEFAULT_SECONDS,
      customer_email: input.customerEmail ?? null,
      payment_intent_data: {
        application_fee_amount: input.applicationFeeAmount,
        transfer_data: input.destinationAccount ? { destination: input.destinationAccount } : null,
      },
      url: this.pageUrl(`/test-provider/checkout/${id}`),
      created: this.now(),
    };
  }

  async retrieveCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession> {
    return toProviderSession(this.expired(await this.require<SessionData>(this.db, sessionId, 'checkout.session')));
  }

  async expireCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession> {
    return inTransaction(this.db, async (tx) => {
      const session = this.expired(await this.require<SessionData>(tx, sessionId, 'checkout.session', { forUpdate: true }));
      if (session.status !== 'open') return toProviderSession(session);
      return toProviderSession(await this.save<SessionData>(tx, { ...session, status: 'expired', expires_at: Math.min(session.expires_at, this.now()) }));
    });
  }

  async refund(input: { paymentIntent: string; amount: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<ProviderRefund> {
    const refund = await this.idempotent<RefundData>(input.idempotencyKey, 'refund', async (tx) => {
      const intent = await this.require<PaymentIntentData>(tx, input.paymentIntent, 'payment_intent', { forUpdate: true });
      const refunded = intent.amount_refunded ?? 0;
      if (!Number.isInteger(input.amount) || input.amount <= 0) throw new ProviderError('Invalid amount', { code: 'parameter_invalid_integer', statusCode: 400 });
      if (refunded + input.amount > intent.amount) {
        throw new ProviderError(refunded >= intent.amount ? 'Charge has already been refunded.' : 'Refund amount is greater than what remains', {
          code: refunded >= intent.amount ? 'charge_already_refunded' : 'amount_too_large',
          statusCode: 400,
        });
      }
      await this.save(tx, { ...intent, amount_refunded: refunded + input.amount });
      return this.insert<RefundData>(tx, 'refund', null, {
        id: randomId('re_test_'),
        object: 'refund',
        payment_intent: intent.id,
        amount: input.amount,
        currency: intent.currency,
        status: 'succeeded',
        metadata: { ...input.metadata },
        created: this.now(),
      });
    });
    return { id: refund.id, amount: refund.amount, status: refund.status };
  }

  async receiptUrl(paymentIntent: string): Promise<string | null> {
    const intent = await this.find<PaymentIntentData>(this.db, paymentIntent, 'payment_intent');
    return intent?.latest_charge.receipt_url ?? null;
  }

  /** A payment and its refunds, for its receipt page; null when unknown. */
  async receipt(paymentIntent: string): Promise<{ intent: PaymentIntentData; refunds: RefundData[] } | null> {
    const intent = await this.find<PaymentIntentData>(this.db, paymentIntent, 'payment_intent');
    if (!intent) return null;
    const rows = await this.db.selectFrom('test_provider_objects').select('data').where('object', '=', 'refund').where(sql<boolean>`data->>'payment_intent' = ${paymentIntent}`).orderBy('created_at').execute();
    return { intent, refunds: rows.map((r) => r.data as unknown as RefundData) };
  }

  /** An open session past its expiry reads as expired, as Stripe's does. */
  private expired(session: SessionData): SessionData {
    return session.status === 'open' && session.expires_at <= this.now() ? { ...session, status: 'expired' } : session;
  }

  parseWebhook(): ProviderEvent {
    throw new WebhookSignatureError('The test provider sends no webhooks: its events are applied where they happen');
  }

  /* ------------------------------------------------------------------ the provider's own pages and test calls */

  /** An onboarding link that still works, with its account; null when unknown or expired. */
  async onboardingLink(linkId: string): Promise<{ link: LinkData; account: AccountData } | null> {
    const link = await this.find<LinkData>(this.db, linkId, 'account_link');
    if (!link || link.expires_at <= this.now()) return null;
    const account = await this.require<AccountData>(this.db, link.account, 'account');
    return { link, account };
  }

  /**
   * Completes onboarding as the hosted page's form does, and returns the account.updated events
   * Stripe would send: details submitted (still inactive while 'verification' runs), then charges
   * and payouts enabled once the terms are accepted.
   */
  async onboard(accountId: string, body: OnboardBody): Promise<{ account: ProviderAccount; events: ProviderEvent[] }> {
    return inTransaction(this.db, async (tx) => {
      const account = await this.require<AccountData>(tx, accountId, 'account', { forUpdate: true });
      const events: ProviderEvent[] = [];
      // Terms once accepted stay accepted: submitting the form again cannot withdraw them.
      const tosDate = body.accept_terms ? (account.tos_acceptance.date ?? this.now()) : account.tos_acceptance.date;
      const submitted: AccountData = {
        ...account,
        business_type: body.business_type,
        individual: { first_name: body.first_name, last_name: body.last_name },
        country: body.country,
        default_currency: body.default_currency.toLowerCase(),
        details_submitted: true,
        tos_acceptance: { date: tosDate },
        charges_enabled: false,
        payouts_enabled: false,
      };
      events.push(this.event('account.updated', accountId, { ...submitted }));
      let final = submitted;
      if (tosDate !== null) {
        final = { ...submitted, charges_enabled: true, payouts_enabled: true };
        events.push(this.event('account.updated', accountId, { ...final }));
      }
      await this.save(tx, final);
      return { account: toProviderAccount(final), events };
    });
  }

  /** A dashboard link that still works, with its account, payments and balance; null when unknown or expired. */
  async dashboard(linkId: string): Promise<{ link: LinkData; account: AccountData; payments: PaymentIntentData[] } | null> {
    const link = await this.find<LinkData>(this.db, linkId, 'login_link');
    if (!link || link.expires_at <= this.now()) return null;
    const account = await this.require<AccountData>(this.db, link.account, 'account');
    const rows = await this.db
      .selectFrom('test_provider_objects')
      .select('data')
      .where('object', '=', 'payment_intent')
      .where('account_id', '=', link.account)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
    return { link, account, payments: rows.map((r) => r.data as unknown as PaymentIntentData) };
  }

  /** A checkout session for its hosted page; null when unknown. */
  async checkoutSession(sessionId: string): Promise<SessionData | null> {
    const session = await this.find<SessionData>(this.db, sessionId, 'checkout.session');
    return session ? this.expired(session) : null;
  }

  /**
   * Pays an open session with a card, as the hosted card form does: the card's outcome is
   * Stripe's for its test number; a success completes the session once (the row is locked: two
   * payments at once make one payment intent) and returns checkout.session.completed.
   */
  async pay(sessionId: string, card: { number: string; exp_month: number; exp_year: number; cvc: string }): Promise<PayResult> {
    const outcome = testCardOutcome(card, this.clock.now());
    if (outcome === 'succeeded') {
      // One statement: the session completes only while it is still open and unexpired (a
      // conditional write: of two payments at once, one completes it and makes the one payment
      // intent), and the intent is made from it, as Stripe makes one from the session it completes.
      const intentId = randomId('pi_test_');
      const result = await sql<{ session: SessionData; intent: PaymentIntentData }>`
        WITH s AS (
          UPDATE test_provider_objects
          SET data = data || jsonb_build_object('status', 'complete', 'payment_status', 'paid', 'payment_intent', ${intentId}::text)
          WHERE id = ${sessionId} AND object = 'checkout.session' AND data->>'status' = 'open' AND (data->>'expires_at')::bigint > ${this.now()}
          RETURNING data
        ), intent AS (
          INSERT INTO test_provider_objects (id, object, account_id, data, created_at)
          SELECT ${intentId}, 'payment_intent', s.data #>> '{payment_intent_data,transfer_data,destination}', jsonb_build_object(
            'id', ${intentId}::text,
            'object', 'payment_intent',
            'amount', s.data->'amount_total',
            'application_fee_amount', s.data #> '{payment_intent_data,application_fee_amount}',
            'currency', s.data->'currency',
            'status', 'succeeded',
            'created', ${this.now()}::bigint,
            'description', (SELECT string_agg((l.item->>'quantity') || ' × ' || (l.item->>'description'), ', ' ORDER BY l.n) FROM jsonb_array_elements(s.data->'line_items') WITH ORDINALITY AS l(item, n)),
            'transfer_data', s.data #> '{payment_intent_data,transfer_data}',
            'metadata', s.data->'metadata',
            'latest_charge', jsonb_build_object('id', ${randomId('ch_test_')}::text, 'receipt_url', ${this.pageUrl(`/test-provider/receipts/${intentId}`)}::text)
          ), ${this.clock.now()}
          FROM s
          RETURNING data
        )
        SELECT s.data AS session, (SELECT data FROM intent) AS intent FROM s
      `.execute(this.db);
      const paid = result.rows[0];
      if (paid) {
        const destination = paid.session.payment_intent_data.transfer_data?.destination ?? null;
        return { ok: true, session: paid.session, paymentIntent: paid.intent, events: [this.event('checkout.session.completed', destination, { ...paid.session })] };
      }
    }
    // Refused: a session unknown, closed (paid, expired) or, open, a card that does not pay.
    const stored = await this.find<SessionData>(this.db, sessionId, 'checkout.session');
    if (!stored) return { ok: false, outcome: 'missing' };
    const session = this.expired(stored);
    if (session.status !== 'open' || outcome === 'succeeded') return { ok: false, outcome: 'closed', session: session.status === 'open' ? { ...session, status: 'expired' } : session };
    return { ok: false, outcome };
  }
}

/** Stripe-shaped balances of an account: what its payments brought, less planns' fees, by currency. */
export function balancesOf(payments: readonly { amount: number; application_fee_amount: number; currency: string; status: string }[]): { currency: string; available: number }[] {
  const totals = new Map<string, number>();
  for (const p of payments) {
    if (p.status !== 'succeeded') continue;
    const currency = p.currency.toUpperCase();
    totals.set(currency, (totals.get(currency) ?? 0) + p.amount - p.application_fee_amount);
  }
  return [...totals].map(([currency, available]) => ({ currency, available }));
}

function toProviderAccount(data: AccountData): ProviderAccount {
  return accountFromStripeObject(data);
}

function toProviderSession(data: SessionData): ProviderCheckoutSession {
  const embedded = data.ui_mode === 'embedded';
  return {
    id: data.id,
    url: data.status === 'open' && !embedded ? data.url : null,
    // The test provider's card form pays a session by its id: the id is the embedded secret.
    client_secret: embedded ? data.id : null,
    status: data.status,
    payment_status: data.payment_status,
    amount_total: data.amount_total,
    currency: data.currency.toUpperCase(),
    payment_intent: data.payment_intent,
    metadata: data.metadata,
  };
}
