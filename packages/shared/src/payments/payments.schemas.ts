import { z } from 'zod';
import { SEAT_COLUMNS_MAX, SEAT_MESSAGES, SEAT_ROWS_MAX, SEATS_PER_ORDER_MAX } from '../seats/seats.rules.ts';
import { idSchema } from '../input/ids.schemas.ts';
import { CURRENCIES } from '../money/money.rules.ts';
import { SELECTION_MESSAGES, TICKETS_PER_ORDER_MAX } from '../tickets/tickets.rules.ts';
import {
  BUSINESS_TYPES,
  PAYMENT_ACCOUNT_STATUSES,
  PAYMENT_EMAIL_MAX_LENGTH,
  PAYMENT_MESSAGES,
  PAYMENT_MODES,
  PAYMENT_PROVIDERS,
  PAYOUT_COUNTRIES,
  TEST_PAYMENT_MAX_QUANTITY,
  isPaymentEmail,
} from './payments.rules.ts';

/* ------------------------------------------------------------------ payout account (accounts §3, §7) */

/** The payout account as GET payments/info answers it: the provider's account fields (accounts §3). */
export const paymentAccountSchema = z
  .object({
    /** The provider's account id (acct_...). */
    id: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    email: z.string(),
    country: z.string().nullable(),
    default_currency: z.string().nullable(),
    business_type: z.enum(BUSINESS_TYPES).nullable(),
    individual: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
    /** date: when the terms were accepted, in Unix seconds as the provider gives it; null when not. */
    tos_acceptance: z.object({ date: z.number().int().nullable() }),
    details_submitted: z.boolean(),
    charges_enabled: z.boolean(),
    payouts_enabled: z.boolean(),
    /** accounts §4: created (onboarding not begun), inactive, active. */
    status: z.enum(PAYMENT_ACCOUNT_STATUSES).exclude(['none']),
    /** Same as the user's stripe_approved: active. */
    is_active: z.boolean(),
  })
  .meta({ id: 'PaymentAccount' });
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;
export const paymentAccountReplySchema = z.object({ data: paymentAccountSchema });

export const createPaymentAccountBodySchema = z.object({
  email: z
    .string({ message: PAYMENT_MESSAGES.invalidEmail })
    .trim()
    .max(PAYMENT_EMAIL_MAX_LENGTH, PAYMENT_MESSAGES.invalidEmail)
    .refine(isPaymentEmail, PAYMENT_MESSAGES.invalidEmail),
});
/** POST payments: data is the new account's id. */
export const accountIdReplySchema = z.object({ data: z.string() });

/** GET payments/url and payments/login-url: data is the link to open. */
export const linkReplySchema = z.object({ data: z.string() });

export const loginUrlQuerySchema = z.object({
  /** Where the dashboard's way back leads: an address on planns' own site (PUBLIC_URL). */
  redirect_url: z.string().max(2000).optional(),
});

export const disconnectReplySchema = z.object({
  data: z.object({ ok: z.literal(true), converted_events: z.number().int() }),
  message: z.string(),
});

/** POST payments/create-product/{id}: the event's product and the price of each ticket type. */
export const paymentProductReplySchema = z.object({
  data: z.object({
    id: z.number().int(),
    hash: z.string(),
    stripe_product_id: z.string(),
    prices: z.array(z.object({ ticket_type_id: z.number().int(), stripe_price_id: z.string(), unit_amount: z.number().int(), currency: z.enum(CURRENCIES) })),
  }),
});

/** POST events/{id}/disable-stripe and payments/use-planns-stripe/{eventId}: the event's id and hash. */
export const eventRefReplySchema = z.object({
  data: z.object({ id: z.number().int(), hash: z.string(), payment_mode: z.enum(PAYMENT_MODES).nullable() }),
});

/* ------------------------------------------------------------------ payments */

/** A payment received (accounts §3 'Payment (host list)'): minor units; created in Unix seconds. */
export const paymentSchema = z
  .object({
    id: z.number().int(),
    amount: z.number().int(),
    application_fee_amount: z.number().int(),
    currency: z.enum(CURRENCIES),
    created: z.number().int(),
    status: z.enum(['succeeded', 'refunded']),
    kind: z.enum(['test', 'order']),
    event: z.object({ id: z.number().int(), hash: z.string(), name: z.string() }).nullable(),
    payer: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
    receipt_url: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListReplySchema = z.object({ data: z.array(paymentSchema) });

export const userIdParamsSchema = z.object({ userId: idSchema });
export const eventIdParamsSchema = z.object({ eventId: idSchema });

/**
 * GET payments/make-payment/{eventId} (the older screen's test payment): quantity, and the price
 * and fee the screen showed, which the server only checks against its own (minor units).
 */
export const makePaymentQuerySchema = z.object({
  quantity: z.coerce.number().int().min(1, 'Quantity must be at least 1').max(TEST_PAYMENT_MAX_QUANTITY, `At most ${TEST_PAYMENT_MAX_QUANTITY}`).default(1),
  ticket_type_id: idSchema.optional(),
  price: z.coerce.number().int().min(0).max(99_999_999).optional(),
  fee: z.coerce.number().int().min(0).max(99_999_999).optional(),
});
/** The checkout to open, and what it charges (the server's figures). */
export const makePaymentReplySchema = z.object({
  data: z.string(),
  amount: z.object({ unit_amount: z.number().int(), quantity: z.number().int(), subtotal: z.number().int(), fee: z.number().int(), total: z.number().int(), currency: z.enum(CURRENCIES) }),
});

/* ------------------------------------------------------------------ the test provider (PAYMENTS_PROVIDER=test) */

/** POST test-provider/accounts/{accountId}/onboard, and the hosted onboarding page's form. */
export const onboardBodySchema = z.object({
  business_type: z.enum(BUSINESS_TYPES, { message: 'Choose a business type' }),
  first_name: z.string().trim().min(1, 'First name is required').max(100),
  last_name: z.string().trim().min(1, 'Last name is required').max(100),
  country: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(PAYOUT_COUNTRIES, { message: 'Choose a country' })),
  default_currency: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(CURRENCIES, { message: 'Choose a currency' })),
  accept_terms: z.boolean(),
});
export type OnboardBody = z.infer<typeof onboardBodySchema>;

export const accountIdParamsSchema = z.object({ accountId: z.string().regex(/^acct_[A-Za-z0-9]{1,64}$/, 'Not an account id') });
export const linkIdParamsSchema = z.object({ linkId: z.string().regex(/^[A-Za-z0-9_]{8,80}$/, 'Not a link') });
export const sessionIdParamsSchema = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{8,80}$/, 'Not a checkout session') });

/** The hosted onboarding page: which account it completes, and where it returns. */
export const onboardingPageReplySchema = z.object({
  data: z.object({
    account_id: z.string(),
    email: z.string(),
    business_type: z.enum(BUSINESS_TYPES).nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    country: z.string().nullable(),
    default_currency: z.string().nullable(),
    details_submitted: z.boolean(),
    /** The terms were accepted before (they stay accepted: the form shows them ticked). */
    tos_accepted: z.boolean(),
    return_url: z.string(),
    refresh_url: z.string(),
    expires_at: z.number().int(),
  }),
});
export const onboardReplySchema = z.object({
  data: z.object({ account: paymentAccountSchema, return_url: z.string().nullable() }),
});

/** The hosted dashboard: the account, its balance and payments, and the way back. */
export const dashboardPageReplySchema = z.object({
  data: z.object({
    account_id: z.string(),
    email: z.string(),
    business_name: z.string().nullable(),
    balances: z.array(z.object({ currency: z.enum(CURRENCIES), available: z.number().int() })),
    payments: z.array(
      z.object({
        id: z.string(),
        amount: z.number().int(),
        application_fee_amount: z.number().int(),
        net: z.number().int(),
        currency: z.enum(CURRENCIES),
        created: z.number().int(),
        status: z.string(),
        description: z.string().nullable(),
      }),
    ),
    redirect_url: z.string().nullable(),
  }),
});

/** A checkout session as the test provider's card form shows it. */
export const checkoutPageReplySchema = z.object({
  data: z.object({
    id: z.string(),
    status: z.enum(['open', 'complete', 'expired']),
    payment_status: z.enum(['unpaid', 'paid']),
    currency: z.enum(CURRENCIES),
    amount_total: z.number().int(),
    line_items: z.array(z.object({ description: z.string(), quantity: z.number().int(), unit_amount: z.number().int(), amount_total: z.number().int() })),
    pays_to: z.string().nullable(),
    /** Where the page returns: after paying, or when the buyer cancels (also shown on a closed session). */
    success_url: z.string().nullable(),
    cancel_url: z.string().nullable(),
    expires_at: z.number().int(),
  }),
});

/** POST test-provider/checkout/{sessionId}/pay (the contract of the ticketing issue). */
export const payBodySchema = z.object({
  card_number: z.string().trim().min(1, 'Card number is required').max(30),
  exp_month: z.coerce.number().int().min(1, 'Invalid month').max(12, 'Invalid month'),
  exp_year: z.coerce.number().int().min(0).max(9999),
  cvc: z.string().trim().min(1, 'CVC is required').max(4),
});
export type PayBody = z.infer<typeof payBodySchema>;
export const payReplySchema = z.object({
  data: z.object({ status: z.enum(['complete']), payment_intent: z.string(), redirect_url: z.string().nullable() }),
});

/* ------------------------------------------------------------------ checkout (events §7 payments/embed, payments/session) */

/**
 * Folds the client's bracket keys (ticket_selections[0][type]=5, seats[0][row]=2, axios style)
 * into arrays before validation.
 */
function foldSelections(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const out: Record<string, unknown> = {};
  const lists: Record<string, Record<string, unknown>[]> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const m = /^(ticket_selections|seats)\[(\d{1,2})\]\[(\w+)\]$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const list = (lists[m[1]!] ??= []);
    const index = Number(m[2]);
    (list[index] ??= {})[m[3]!] = value;
  }
  for (const [name, list] of Object.entries(lists)) out[name] = Array.from(list, (item) => item ?? {});
  return out;
}

const wholeNumber = (message: string) => z.coerce.number({ message }).int(message);

/**
 * GET payments/embed/{eventId} (events §7): single price: quantity, price, fee, current_session;
 * ticket types: current_session and ticket_selections[i][type], [quantity]; both may carry
 * seats[i][row|col|label] (a seated event: the seats to hold, decision 0036). price and fee are what the
 * buyer was shown, in minor units: checked against the server's.
 */
export const embedQuerySchema = z.preprocess(
  foldSelections,
  z.object({
    current_session: z.string().trim().min(8, 'A join session id is required').max(100).regex(/^[\w-]+$/, 'Not a session id'),
    quantity: wholeNumber(SELECTION_MESSAGES.quantityMin).min(1, SELECTION_MESSAGES.quantityMin).max(TICKETS_PER_ORDER_MAX, SELECTION_MESSAGES.tooMany).optional(),
    ticket_selections: z
      .array(
        z.object({
          type: wholeNumber(SELECTION_MESSAGES.typeRequired).min(1, SELECTION_MESSAGES.invalidType).max(2 ** 53 - 1, SELECTION_MESSAGES.invalidType),
          quantity: wholeNumber(SELECTION_MESSAGES.quantityMin).min(1, SELECTION_MESSAGES.quantityMin).max(TICKETS_PER_ORDER_MAX, SELECTION_MESSAGES.tooMany),
        }),
      )
      .max(10)
      .optional(),
    seats: z
      .array(
        z.object({
          row: wholeNumber(SEAT_MESSAGES.seatOutside).min(0, SEAT_MESSAGES.seatOutside).max(SEAT_ROWS_MAX - 1, SEAT_MESSAGES.seatOutside),
          col: wholeNumber(SEAT_MESSAGES.seatOutside).min(0, SEAT_MESSAGES.seatOutside).max(SEAT_COLUMNS_MAX - 1, SEAT_MESSAGES.seatOutside),
          /** The label the buyer saw; the server's own map names the seat. */
          label: z.string().max(20).optional(),
        }),
      )
      .min(1, SEAT_MESSAGES.seatsRequired)
      .max(SEATS_PER_ORDER_MAX, SEAT_MESSAGES.seatsMax)
      .optional(),
    price: wholeNumber('Price must be a whole number of minor units').min(0).max(99_999_999).optional(),
    fee: wholeNumber('The fee must be a whole number of minor units').min(0).max(99_999_999).optional(),
  }),
);
export type EmbedQuery = z.output<typeof embedQuerySchema>;

export const checkoutAmountSchema = z.object({
  lines: z.array(z.object({ ticket_type_id: z.number().int(), name: z.string(), unit_price: z.number().int(), quantity: z.number().int() })),
  subtotal: z.number().int(),
  fee: z.number().int(),
  total: z.number().int(),
  currency: z.enum(CURRENCIES),
});

/** The checkout to embed: Stripe's client_secret (or the test provider's session), its id, what it charges and until when it holds. */
export const embedReplySchema = z.object({
  data: z.object({
    /** Stripe: the Checkout Session's client secret for its embedded form; test provider: the session id its card form pays. */
    client_secret: z.string(),
    /** The checkout session's id (payments/session/{id}). */
    id: z.string(),
    order_id: z.number().int(),
    provider: z.enum(PAYMENT_PROVIDERS),
    publishable_key: z.string().nullable(),
    amount: checkoutAmountSchema,
    /** ISO 8601: the tickets are held for the buyer until then (HOLD_MINUTES). */
    hold_expires_at: z.string(),
  }),
});

/** GET payments/session/{sessionId}: the checkout's state; a paid one is fulfilled by this call if no webhook was first. */
export const checkoutSessionReplySchema = z.object({
  data: z.object({
    id: z.string(),
    /** open: waiting for payment; complete: paid; expired: the hold ended unpaid. */
    status: z.enum(['open', 'complete', 'expired']),
    payment_status: z.enum(['unpaid', 'paid', 'no_payment_required']),
    order: z.object({
      id: z.number().int(),
      status: z.enum(['pending', 'paid', 'expired', 'failed', 'refunded']),
      tickets: z.number().int(),
      event_id: z.number().int().nullable(),
      failure_reason: z.string().nullable(),
    }),
  }),
});
export const checkoutSessionParamsSchema = z.object({ sessionId: z.string().min(1).max(255).regex(/^[\w-]+$/, 'Not a checkout session') });

/** The test provider's receipt of a payment (the receipt link of Purchase History). */
export const receiptPageReplySchema = z.object({
  data: z.object({
    id: z.string(),
    amount: z.number().int(),
    amount_refunded: z.number().int(),
    currency: z.enum(CURRENCIES),
    created: z.number().int(),
    description: z.string().nullable(),
    pays_to: z.string().nullable(),
    refunds: z.array(z.object({ id: z.string(), amount: z.number().int(), created: z.number().int() })),
  }),
});
export const paymentIntentParamsSchema = z.object({ paymentIntentId: z.string().regex(/^pi_[A-Za-z0-9_]{8,80}$/, 'Not a payment') });
