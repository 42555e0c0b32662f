/**
 * Payout accounts and payments (accounts §3 payment provider account info, §4 Payout account,
 * §5, §8, §9; events §4 'Payments are enabled when'): pure rules shared by server and web.
 */

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const BUSINESS_TYPES = ['individual', 'company', 'non_profit', 'government_entity'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** accounts §4: none -> created -> inactive -> active; disconnect -> none. */
export const PAYMENT_ACCOUNT_STATUSES = ['none', 'created', 'inactive', 'active'] as const;
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number];

/** Whose account sells an event's tickets (decision 0028). */
export const PAYMENT_MODES = ['own', 'planns'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const PAYMENT_EMAIL_MAX_LENGTH = 254;

/** The spec's texts (accounts §5, §8, success notices), by what they are for. */
export const PAYMENT_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  disconnectConfirm:
    'Are you sure you want to disconnect your Stripe account? This will prevent you from receiving payments for your events and convert any paid events to free events.',
  disconnected: 'Stripe account disconnected successfully. Your paid events have been converted to free events.',
  loadFailed: 'Failed to load Stripe account information',
  createFailed: 'Failed to create Stripe account. Please try again.',
  loginUrlFailed: 'Failed to get Stripe login URL',
  verificationUrlFailed: 'Failed to get verification URL',
  dashboardFailed: 'Failed to open Stripe dashboard',
  noAccountToDisconnect: 'No Stripe account found to disconnect',
  disconnectFailed: 'Failed to disconnect Stripe account. Please try again.',
  usePlannsFailed: 'error occured',
  /** planns' own texts for the server's answers. */
  noAccount: 'You have no payout account',
  accountExists: 'You already have a payout account',
  notPaid: 'This event is free: it has no price to sell',
  redirectNotAllowed: "The return address must be on planns' own site",
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  accountNotActive: 'Your payout account is not verified yet',
  plannsAccountModerators: "Only planns' staff (moderators) can sell an event through planns' own account",
} as const;

/**
 * A simple email pattern (accounts §5: the newer screen checks the payment email against one):
 * something, @, something, a dot, something, without spaces.
 */
export const PAYMENT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPaymentEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= PAYMENT_EMAIL_MAX_LENGTH && PAYMENT_EMAIL_PATTERN.test(email);
}

/** What the provider says of an account (accounts §3), as far as its state goes. */
export interface AccountFlags {
  tos_accepted: boolean;
  details_submitted: boolean;
  charges_enabled: boolean;
}

/** Active only when terms are accepted, details submitted and charges enabled (events §6, accounts §4). */
export function isAccountActive(flags: AccountFlags): boolean {
  return flags.tos_accepted && flags.details_submitted && flags.charges_enabled;
}

/**
 * The account's state (accounts §4): `created` until its details are submitted at the provider
 * (onboarding not done), `active` when terms, details and charges all hold, `inactive` between
 * (submitted, but terms not accepted or charges not enabled yet: the provider is verifying).
 */
export function accountStatus(flags: AccountFlags): Exclude<PaymentAccountStatus, 'none'> {
  if (isAccountActive(flags)) return 'active';
  return flags.details_submitted ? 'inactive' : 'created';
}

/**
 * events §4 'Payments are enabled when': the event has a positive price with its provider price
 * for every type, and sells through an active account: the organiser's own when approved, or
 * planns' own (decision 0028).
 */
export function arePaymentsEnabled(event: {
  payment_mode: PaymentMode | null;
  creator_approved: boolean;
  ticket_types: readonly { price: number; stripe_price_id: string | null }[];
}): boolean {
  if (event.payment_mode === null || event.ticket_types.length === 0) return false;
  if (!event.ticket_types.every((t) => t.price > 0 && t.stripe_price_id !== null)) return false;
  return event.payment_mode === 'planns' || event.creator_approved;
}

/** ISO 3166-1 alpha-2 countries where a payout account can be opened (Stripe Connect's list). */
export const PAYOUT_COUNTRIES = [
  'AE', 'AT', 'AU', 'BE', 'BG', 'BR', 'CA', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GI', 'GR', 'HK',
  'HR', 'HU', 'IE', 'IN', 'IT', 'JP', 'LI', 'LT', 'LU', 'LV', 'MT', 'MX', 'MY', 'NL', 'NO', 'NZ', 'PL', 'PT', 'RO', 'SE',
  'SG', 'SI', 'SK', 'TH', 'US',
] as const;
export type PayoutCountry = (typeof PAYOUT_COUNTRIES)[number];

export function isPayoutCountry(value: string): value is PayoutCountry {
  return (PAYOUT_COUNTRIES as readonly string[]).includes(value);
}

/** The most a test payment (payments/make-payment) buys at once. */
export const TEST_PAYMENT_MAX_QUANTITY = 20;

/**
 * Stripe's test card numbers and what they do (the test provider's card form, decision 0028):
 * any other number that passes the Luhn check succeeds like 4242...
 */
export const TEST_CARDS = {
  '4242424242424242': 'succeeded',
  '4000056655665556': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
} as const;

export type CardOutcome = 'succeeded' | 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'incorrect_number';

/** The provider's messages for each refusal, as Stripe words them. */
export const CARD_MESSAGES: Record<Exclude<CardOutcome, 'succeeded'>, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
};

/** The Luhn check every card number passes. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * What the test provider does with a card: its number (spaces allowed), expiry and CVC checked
 * as a card network would, then the outcome Stripe gives that test number.
 */
export function testCardOutcome(card: { number: string; exp_month: number; exp_year: number; cvc: string }, now: Date): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!isLuhnValid(digits)) return 'incorrect_number';
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const endOfMonth = Date.UTC(year, card.exp_month, 1); // the first moment after the expiry month
  if (!(card.exp_month >= 1 && card.exp_month <= 12) || endOfMonth <= now.getTime()) return 'expired_card';
  if (!/^\d{3,4}$/.test(card.cvc)) return 'incorrect_cvc';
  return (TEST_CARDS as Record<string, CardOutcome>)[digits] ?? 'succeeded';
}
