import Stripe from 'stripe';
import { z } from 'zod';
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
 * PAYMENTS_PROVIDER=stripe (decision 0028): Stripe Connect through the official SDK, shaped as a
 * marketplace with platform-controlled Express accounts and destination charges.
 *
 * - Connected accounts are made with controller properties (Express dashboard, the platform pays
 *   Stripe's fees and carries the losses) and onboard on Stripe's hosted pages (Account Links).
 * - Products, prices and Checkout Sessions live on planns' platform account; a session for an
 *   organiser's event carries payment_intent_data.transfer_data.destination (their account) and
 *   application_fee_amount (planns' service fee), so the money moves to them when the buyer pays.
 *   A session is Stripe's hosted page or its embedded form (ui_mode embedded_page, client_secret).
 * - A refund of a destination charge reverses the transfer and returns the application fee in
 *   proportion, so the organiser, not planns, gives the money back.
 * - Webhooks are verified with the endpoint's signing secret against the raw body.
 *
 * Every Stripe failure comes out as ProviderError (code and HTTP status kept, keys scrubbed from
 * the message); a raw Stripe error never leaves this file.
 */

/**
 * The Stripe API version planns is written against: the one this SDK release pins. Typed as the
 * SDK's own constant, so upgrading the SDK to a release that pins another version fails the
 * typecheck here until someone reads the API changelog and moves this line on purpose.
 * The webhook endpoints in Stripe's dashboard should be set to the same version, so the objects
 * in events read as the objects the API answers.
 */
export const STRIPE_API_VERSION: typeof Stripe.API_VERSION = '2026-10-28.endive';

/** How long one HTTP request to Stripe may take before it is abandoned (and retried). */
export const STRIPE_TIMEOUT_MS = 20_000;

export interface StripePaymentsOptions {
  secretKey: string;
  publishableKey: string;
  /**
   * The webhook endpoint's signing secret (whsec_...). Several may be given: a Connect platform
   * has two endpoints (its own account's events, e.g. checkout.session.completed for destination
   * charges, and its connected accounts' events, e.g. account.updated), each with its own secret;
   * and a secret being rolled has an old and a new value for a while. A delivery signed with any
   * of them is accepted.
   */
  webhookSecret: string | readonly string[];
  /** Where the API is (tests point it at a local double); Stripe's own by default. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Retries of a failed request (connection errors, 409, 5xx); 2 by default. */
  maxNetworkRetries?: number;
  /** Per-request timeout in ms; STRIPE_TIMEOUT_MS by default. */
  timeout?: number;
}

/** What Stripe's keys look like, to scrub them from any message that might echo one. */
const KEY_PATTERN = /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9*]+|\bwhsec_[A-Za-z0-9+/=]+/g;

export class StripePaymentsProvider implements PaymentsProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecrets: readonly string[];
  private readonly secrets: readonly string[];

  constructor(options: StripePaymentsOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecrets = (typeof options.webhookSecret === 'string' ? [options.webhookSecret] : [...options.webhookSecret]).filter((s) => s.length > 0);
    this.secrets = [options.secretKey, ...this.webhookSecrets].filter((s) => s.length > 0);
    this.stripe = new Stripe(options.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeout ?? STRIPE_TIMEOUT_MS,
      appInfo: { name: 'planns' },
      ...(options.host !== undefined ? { host: options.host } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
    });
  }

  /* ------------------------------------------------------------------ accounts */

  async createAccount(input: { email: string; userId: number; idempotencyKey: string }): Promise<ProviderAccount> {
    return this.call('create an account', async () => {
      const account = await this.stripe.accounts.create(
        {
          email: input.email,
          controller: {
            stripe_dashboard: { type: 'express' },
            fees: { payer: 'application' },
            losses: { payments: 'application' },
          },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { planns_user_id: String(input.userId) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return accountFromStripeObject(account);
    });
  }

  async retrieveAccount(accountId: string): Promise<ProviderAccount> {
    requireId(accountId, 'account');
    return this.call('retrieve an account', async () => accountFromStripeObject(await this.stripe.accounts.retrieve(accountId)));
  }

  async createOnboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string> {
    requireId(accountId, 'account');
    return this.call('create an onboarding link', async () => {
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        refresh_url: urls.refreshUrl,
        return_url: urls.returnUrl,
        type: 'account_onboarding',
      });
      return link.url;
    });
  }

  /**
   * A login link to the account's Express dashboard. Stripe's login links no longer take a
   * redirect URL (the API dropped redirect_url; the SDK's params have only `expand`), so the
   * interface's `redirectUrl` is ignored here: the organiser comes back by closing that tab.
   */
  async createDashboardLink(accountId: string, _redirectUrl: string | null): Promise<string> {
    requireId(accountId, 'account');
    return this.call('create a dashboard link', async () => (await this.stripe.accounts.createLoginLink(accountId)).url);
  }

  /* ------------------------------------------------------------------ products and prices */

  async createProduct(input: { name: string; eventId: number; idempotencyKey: string }): Promise<{ id: string }> {
    return this.call('create a product', async () => {
      const product = await this.stripe.products.create(
        { name: input.name, metadata: { planns_event_id: String(input.eventId) } },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: product.id };
    });
  }

  async createPrice(input: { product: string; unitAmount: number; currency: string; nickname: string; ticketTypeId: number; idempotencyKey: string }): Promise<ProviderPrice> {
    requireMinorUnits(input.unitAmount, 'unitAmount');
    return this.call('create a price', async () => {
      const price = await this.stripe.prices.create(
        {
          product: input.product,
          unit_amount: input.unitAmount,
          currency: input.currency.toLowerCase(),
          nickname: input.nickname,
          metadata: { planns_ticket_type_id: String(input.ticketTypeId) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return priceFromStripeObject(price);
    });
  }

  /* ------------------------------------------------------------------ checkout */

  async createCheckoutSession(input: CreateCheckoutInput): Promise<ProviderCheckoutSession> {
    const currency = input.currency.toLowerCase();
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = input.lineItems.map((item) => {
      if (item.price) return { price: item.price, quantity: item.quantity };
      if (item.price_data) {
        requireMinorUnits(item.price_data.unit_amount, 'price_data.unit_amount');
        return {
          price_data: { currency: item.price_data.currency.toLowerCase(), unit_amount: item.price_data.unit_amount, product_data: { name: item.price_data.product_name } },
          quantity: item.quantity,
        };
      }
      throw new ProviderError('A line item needs a price or price_data', { code: 'parameter_missing', statusCode: 400 });
    });
    // One currency per session (Stripe refuses a mix too): an inline amount must be in the session's.
    // A price id's currency is Stripe's to check; the session's currency follows its line items.
    if (lineItems.some((item) => item.price_data && item.price_data.currency !== currency)) {
      throw new ProviderError('All line items must be in the checkout currency', { code: 'parameter_invalid', statusCode: 400 });
    }
    const embedded = input.uiMode === 'embedded';
    if (embedded && !input.returnUrl) throw new ProviderError('An embedded checkout needs a return URL', { code: 'parameter_missing', statusCode: 400 });
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: lineItems,
      // Each mode takes only its own URLs: Stripe refuses success_url and cancel_url on an embedded
      // session, and return_url (required there) belongs to embedded sessions only.
      ...(embedded
        ? {
            // Since API version 2026-03-25.dahlia (so in the pinned one too) Stripe calls the embedded
            // form `embedded_page` (and the hosted page `hosted_page`); `embedded` and `hosted` are refused.
            ui_mode: 'embedded_page' as const,
            // Stripe replaces {CHECKOUT_SESSION_ID} in it with the session's id.
            return_url: input.returnUrl,
          }
        : {
            // hosted_page is Stripe's default: it is left out rather than sent.
            ...(input.successUrl !== undefined ? { success_url: input.successUrl } : {}),
            ...(input.cancelUrl !== undefined ? { cancel_url: input.cancelUrl } : {}),
          }),
      metadata: { ...input.metadata },
      // Unix seconds, 30 minutes to 24 hours after the session is made (Stripe refuses other values).
      ...(input.expiresAt !== undefined ? { expires_at: input.expiresAt } : {}),
      ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
    };
    if (input.destinationAccount) {
      // A destination charge: charged on the platform, the rest transferred to the organiser.
      requireMinorUnits(input.applicationFeeAmount, 'applicationFeeAmount');
      params.payment_intent_data = {
        // A fee of 0 is left out rather than sent (nothing to keep back).
        ...(input.applicationFeeAmount > 0 ? { application_fee_amount: input.applicationFeeAmount } : {}),
        transfer_data: { destination: input.destinationAccount },
        metadata: { ...input.metadata },
      };
    } else {
      // planns' own account: the whole amount is planns', there is nothing to transfer or keep back.
      params.payment_intent_data = { metadata: { ...input.metadata } };
    }
    return this.call('create a checkout session', async () =>
      checkoutSessionFromStripeObject(await this.stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey })),
    );
  }

  async retrieveCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession> {
    requireId(sessionId, 'checkout session');
    return this.call('retrieve a checkout session', async () => checkoutSessionFromStripeObject(await this.stripe.checkout.sessions.retrieve(sessionId)));
  }

  /**
   * Expires an open session. Stripe expires only open sessions: for one already complete or expired
   * it answers 400 invalid_request_error with no error code, only a message ("Only Checkout Sessions
   * with a status in ["open"] can be expired. This Checkout Session has a status of `complete`.").
   * Rather than read that message, a 400 is followed by reading the session: when it is no longer
   * open it is returned as it is (the caller only wants it unpayable); when it is still open, or
   * cannot be read, the expire's own error is thrown.
   */
  async expireCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession> {
    requireId(sessionId, 'checkout session');
    try {
      return checkoutSessionFromStripeObject(await this.stripe.checkout.sessions.expire(sessionId));
    } catch (err) {
      const refused = this.providerError('expire a checkout session', err);
      // A missing session is a 404, anything else is not about the session's status: thrown as it is.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.statusCode !== 400) throw refused;
      let current: ProviderCheckoutSession;
      try {
        current = checkoutSessionFromStripeObject(await this.stripe.checkout.sessions.retrieve(sessionId));
      } catch {
        throw refused;
      }
      if (current.status === 'open') throw refused;
      return current;
    }
  }

  /* ------------------------------------------------------------------ refunds and receipts */

  /**
   * Refunds part or all of a payment. The payment intent is read first, and decides the flags:
   * for a destination charge (transfer_data.destination) the refund reverses the transfer, so the
   * organiser's account gives the money back, and (when the charge kept an application fee)
   * returns planns' fee in proportion. A charge on planns' own account has neither a transfer nor
   * an application fee to act on (Stripe: a transfer is reversed, and an application fee refunded,
   * only by the Connect application that created the charge; sending the flags there is refused),
   * so they are sent only for a destination charge, refund_application_fee only when it kept a fee.
   * The payment intent, not the caller's metadata, is the evidence: it is what Stripe charged.
   */
  async refund(input: { paymentIntent: string; amount: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<ProviderRefund> {
    requireId(input.paymentIntent, 'payment intent');
    requireMinorUnits(input.amount, 'amount');
    if (input.amount === 0) throw new ProviderError('A refund needs an amount above 0', { code: 'parameter_invalid_integer', statusCode: 400 });
    const intent = await this.call('read the payment to refund', async () => stripePaymentIntentObject.parse(await this.stripe.paymentIntents.retrieve(input.paymentIntent)));
    const destination = Boolean(intent.transfer_data?.destination);
    const withFee = destination && (intent.application_fee_amount ?? 0) > 0;
    return this.call('refund a payment', async () => {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntent,
          amount: input.amount,
          metadata: { ...input.metadata },
          ...(destination ? { reverse_transfer: true } : {}),
          ...(withFee ? { refund_application_fee: true } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return refundFromStripeObject(refund);
    });
  }

  /** The receipt page of the payment's latest charge (Stripe's receipt_url), null when it has none yet. */
  async receiptUrl(paymentIntent: string): Promise<string | null> {
    requireId(paymentIntent, 'payment intent');
    return this.call('read a receipt', async () => {
      const intent = stripePaymentIntentObject.parse(await this.stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] }));
      const charge = intent.latest_charge;
      return charge && typeof charge === 'object' ? (charge.receipt_url ?? null) : null;
    });
  }

  /* ------------------------------------------------------------------ webhooks */

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header');
    let event: unknown;
    let failure = 'No webhook secret is configured';
    for (const secret of this.webhookSecrets) {
      try {
        // Stripe's default tolerance (300 s): an older signed timestamp is refused as a replay.
        event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
        break;
      } catch (err) {
        failure = this.scrub(err instanceof Error ? err.message : String(err));
      }
    }
    if (event === undefined) throw new WebhookSignatureError(`Stripe webhook refused: ${failure.split('\n')[0]}`);
    const parsed = stripeEvent.safeParse(event);
    if (!parsed.success) throw new WebhookSignatureError('The signed delivery is not a Stripe event');
    const e = parsed.data;
    return { id: e.id, type: e.type, created: e.created, account: e.account ?? null, data: { object: e.data.object } };
  }

  /* ------------------------------------------------------------------ errors */

  /** Runs one call to Stripe; whatever fails comes out as ProviderError, without keys. */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw this.providerError(what, err);
    }
  }

  private providerError(what: string, err: unknown): ProviderError {
    if (err instanceof ProviderError) return err;
    if (err instanceof Stripe.errors.StripeError) {
      const details = [err.rawType ?? err.type, err.code, err.param ? `param ${err.param}` : null, err.requestId ? `request ${err.requestId}` : null].filter(Boolean).join(', ');
      let message = `Stripe could not ${what}: ${err.message} (${details})`;
      if (err instanceof Stripe.errors.StripeConnectionError && err.detail instanceof Error) message += `: ${err.detail.message}`;
      return new ProviderError(this.scrub(message), { code: err.code ?? null, statusCode: err.statusCode ?? null });
    }
    if (err instanceof z.ZodError) {
      return new ProviderError(`Stripe's answer to ${what} was not what planns expects: ${this.scrub(z.prettifyError(err))}`);
    }
    return new ProviderError(this.scrub(`Stripe could not ${what}: ${err instanceof Error ? err.message : String(err)}`));
  }

  /** Removes the keys this provider holds, and anything shaped like a Stripe key, from a message. */
  private scrub(message: string): string {
    let out = message;
    for (const secret of this.secrets) out = out.split(secret).join('[redacted]');
    return out.replace(KEY_PATTERN, '[redacted]');
  }
}

function requireId(id: string, what: string): void {
  // An empty id would reach another endpoint (accounts.retrieve('') lists, null is the platform itself).
  if (typeof id !== 'string' || id.trim() === '') throw new ProviderError(`No ${what} id given`, { code: 'resource_missing', statusCode: 404 });
}

function requireMinorUnits(amount: number, field: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new ProviderError(`${field} must be a non-negative integer in the currency's minor unit`, { code: 'parameter_invalid_integer', statusCode: 400 });
  }
}

const stripePriceObject = z.object({
  id: z.string(),
  product: z.union([z.string(), z.object({ id: z.string() })]),
  unit_amount: z.number().int(),
  currency: z.string(),
});

function priceFromStripeObject(object: unknown): ProviderPrice {
  const p = stripePriceObject.parse(object);
  return { id: p.id, product: typeof p.product === 'string' ? p.product : p.product.id, unit_amount: p.unit_amount, currency: p.currency.toUpperCase() };
}

const stripeCheckoutSessionObject = z.object({
  id: z.string(),
  url: z.string().nullish(),
  client_secret: z.string().nullish(),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['unpaid', 'paid', 'no_payment_required']),
  amount_total: z.number().int().nullish(),
  currency: z.string(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

/**
 * Reads Stripe's Checkout Session object (an API answer, or the object of a checkout.session.*
 * event) as planns needs it: upper-case currency, the payment intent as its id whether Stripe
 * expanded it or not, the client secret of an embedded session (null for a hosted one). Throws
 * when it is not a payment session planns can read.
 */
export function checkoutSessionFromStripeObject(object: unknown): ProviderCheckoutSession {
  const s = stripeCheckoutSessionObject.parse(object);
  return {
    id: s.id,
    url: s.url ?? null,
    client_secret: s.client_secret ?? null,
    status: s.status,
    payment_status: s.payment_status,
    amount_total: s.amount_total ?? 0,
    currency: s.currency.toUpperCase(),
    payment_intent: s.payment_intent == null ? null : typeof s.payment_intent === 'string' ? s.payment_intent : s.payment_intent.id,
    metadata: s.metadata ?? {},
  };
}

const stripePaymentIntentObject = z.object({
  id: z.string(),
  application_fee_amount: z.number().int().nullish(),
  transfer_data: z.object({ destination: z.union([z.string(), z.object({ id: z.string() })]).nullish() }).nullish(),
  latest_charge: z.union([z.string(), z.object({ id: z.string(), receipt_url: z.string().nullish() })]).nullish(),
});

const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'requires_action'] as const;

const stripeRefundObject = z.object({
  id: z.string(),
  amount: z.number().int(),
  // Stripe documents pending, requires_action, succeeded, failed and canceled (and types it as a
  // nullable string): anything else, or none, reads as pending, not final until an event says so.
  status: z.enum(REFUND_STATUSES).nullish().catch(null),
});

function refundFromStripeObject(object: unknown): ProviderRefund {
  const r = stripeRefundObject.parse(object);
  return { id: r.id, amount: r.amount, status: r.status ?? 'pending' };
}

const stripeEvent = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number().int(),
  account: z.string().nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
