/**
 * The payment provider (CONVENTIONS §6, decision 0028): connected payout accounts with hosted
 * onboarding and dashboard, products and prices for events, hosted checkouts, and the events it
 * reports (webhooks). `test` (default): planns plays the provider end to end, with no network
 * and no account. `stripe`: Stripe Connect through the official SDK.
 *
 * Every amount is an integer in the currency's minor unit (decision 0027); currencies are given
 * and returned upper case (Stripe's lower case stays inside the adapter). Every create call takes
 * an idempotency key, so a retried call never makes a second object.
 */

import { z } from 'zod';
import { BUSINESS_TYPES, type BusinessType, type PaymentProviderName } from '@planns/shared/payments/payments.rules';

/** A connected account as the provider describes it (accounts §3 payment provider account info). */
export interface ProviderAccount {
  id: string;
  email: string | null;
  country: string | null;
  default_currency: string | null;
  business_type: BusinessType | null;
  first_name: string | null;
  last_name: string | null;
  /** When the terms were accepted; null when not. */
  tos_accepted_at: Date | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
}

export interface ProviderPrice {
  id: string;
  product: string;
  unit_amount: number;
  currency: string;
}

export interface CheckoutLineItem {
  /** A price made with createPrice, or an amount given inline (the service fee). */
  price?: string;
  price_data?: { currency: string; unit_amount: number; product_name: string };
  quantity: number;
}

export interface CreateCheckoutInput {
  /**
   * hosted: the buyer goes to the provider's page (successUrl, cancelUrl); embedded: the form is
   * shown inside planns (Stripe's embedded Checkout; the test provider's card form) and returns to
   * returnUrl, and the session carries a client_secret.
   */
  uiMode?: 'hosted' | 'embedded';
  lineItems: CheckoutLineItem[];
  currency: string;
  /** The connected account the money goes to (destination charge); null: planns' own account. */
  destinationAccount: string | null;
  /** What planns keeps of a destination charge: the service fee. */
  applicationFeeAmount: number;
  /** hosted mode. */
  successUrl?: string;
  cancelUrl?: string;
  /** embedded mode: where the provider sends the buyer after paying ({CHECKOUT_SESSION_ID} is replaced by the session's id). */
  returnUrl?: string;
  /** Stripe-style string metadata carried back in the provider's events (kind, event, payer). */
  metadata: Record<string, string>;
  /** Unix seconds; the provider's own limits apply (Stripe: 30 minutes to 24 hours). */
  expiresAt?: number;
  customerEmail?: string | null;
  idempotencyKey: string;
}

export interface ProviderCheckoutSession {
  id: string;
  /** The hosted page to send the buyer to (hosted mode, while open). */
  url: string | null;
  /** What the embedded form needs (embedded mode). */
  client_secret: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  metadata: Record<string, string>;
}

export interface ProviderRefund {
  id: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
}

/**
 * An event the provider reports, shaped as Stripe's Event object: the same code applies it
 * whether it came through Stripe's signed webhook or from the test provider.
 */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  /** The connected account it concerns (Connect events), else null. */
  account: string | null;
  data: { object: Record<string, unknown> };
}

/** The webhook's signature is missing, malformed, stale or wrong (answered 400, nothing changed). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider refused a call or could not be reached (answered 502, nothing changed). */
export class ProviderError extends Error {
  readonly providerCode: string | null;
  readonly statusCode: number | null;
  constructor(message: string, options: { code?: string | null; statusCode?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.providerCode = options.code ?? null;
    this.statusCode = options.statusCode ?? null;
  }
}

export interface PaymentsProvider {
  readonly name: PaymentProviderName;
  /** The key the browser needs for the provider's embedded checkout (Stripe's pk_...); null for the test provider. */
  readonly publishableKey: string | null;

  createAccount(input: { email: string; userId: number; idempotencyKey: string }): Promise<ProviderAccount>;
  retrieveAccount(accountId: string): Promise<ProviderAccount>;
  /** A single-use link to the provider's hosted onboarding (Account Links). */
  createOnboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
  /** A single-use link to the account's dashboard (login links); `redirectUrl` where its way back leads. */
  createDashboardLink(accountId: string, redirectUrl: string | null): Promise<string>;

  /** A product for an event, on planns' platform account. */
  createProduct(input: { name: string; eventId: number; idempotencyKey: string }): Promise<{ id: string }>;
  createPrice(input: { product: string; unitAmount: number; currency: string; nickname: string; ticketTypeId: number; idempotencyKey: string }): Promise<ProviderPrice>;

  /** A hosted checkout: the buyer pays on the provider's page and returns to successUrl. */
  createCheckoutSession(input: CreateCheckoutInput): Promise<ProviderCheckoutSession>;
  retrieveCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession>;
  /** Ends an open session so it can no longer be paid (a hold that ran out); a session already complete stays so. */
  expireCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession>;
  /**
   * Gives money back on a payment: `amount` in minor units (at most what remains). A destination
   * charge takes it back from the organiser's account and returns planns' fee proportionally.
   */
  refund(input: { paymentIntent: string; amount: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<ProviderRefund>;
  /** The payment's receipt page, when the provider has one. */
  receiptUrl(paymentIntent: string): Promise<string | null>;

  /**
   * Reads a webhook delivery: verifies its signature against the raw bytes and returns the
   * event. Throws WebhookSignatureError when it is not the provider's (the test provider, which
   * never calls a webhook, refuses every delivery).
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}

const stripeAccountObject = z.object({
  id: z.string(),
  email: z.string().nullish(),
  country: z.string().nullish(),
  default_currency: z.string().nullish(),
  business_type: z.enum(BUSINESS_TYPES).nullish().catch(null),
  individual: z.object({ first_name: z.string().nullish(), last_name: z.string().nullish() }).nullish().catch(null),
  tos_acceptance: z.object({ date: z.number().int().nullish() }).nullish().catch(null),
  details_submitted: z.boolean().nullish(),
  charges_enabled: z.boolean().nullish(),
  payouts_enabled: z.boolean().nullish(),
});

/**
 * Reads Stripe's Account object (an API answer, or the object of an account.updated event) as
 * planns needs it; fields Stripe leaves out read as not given. Throws when it is not an account.
 */
export function accountFromStripeObject(object: unknown): ProviderAccount {
  const a = stripeAccountObject.parse(object);
  const tosDate = a.tos_acceptance?.date ?? null;
  return {
    id: a.id,
    email: a.email ?? null,
    country: a.country ? a.country.toUpperCase() : null,
    default_currency: a.default_currency ? a.default_currency.toUpperCase() : null,
    business_type: a.business_type ?? null,
    first_name: a.individual?.first_name ?? null,
    last_name: a.individual?.last_name ?? null,
    tos_accepted_at: tosDate === null ? null : new Date(tosDate * 1000),
    details_submitted: a.details_submitted ?? false,
    charges_enabled: a.charges_enabled ?? false,
    payouts_enabled: a.payouts_enabled ?? false,
  };
}
