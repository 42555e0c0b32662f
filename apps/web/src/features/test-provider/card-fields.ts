import { isLuhnValid, TEST_CARDS } from '@planns/shared/payments/payments.rules';
import type { PayBody } from '@planns/shared/payments/payments.schemas';

/**
 * The hosted card form's fields as typed (the test provider's checkout, decision 0028): the card
 * number in groups of four, the expiry as MM / YY, the CVC, and the checks made before sending.
 * Pure, so the page keeps the card only in its own state and never logs or stores it.
 */

/** Card numbers have 12 to 19 digits (isLuhnValid's range). */
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

/** The digits of a typed card number, at most 19. */
export function cardDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
}

/** '4242424242424242' and '4242-4242 42424242' both read '4242 4242 4242 4242'. */
export function formatCardNumber(text: string): string {
  return (cardDigits(text).match(/\d{1,4}/g) ?? []).join(' ');
}

/** How many digits stand before `caret` in `text` (to keep the caret in place while formatting). */
export function digitsBefore(text: string, caret: number): number {
  return text.slice(0, Math.max(0, caret)).replace(/\D/g, '').length;
}

/** The caret position in `formatted` just after its `count`-th digit. */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i]!)) seen += 1;
    if (seen === count) return i + 1;
  }
  return formatted.length;
}

/**
 * The expiry as typed, shown 'MM / YY': a first digit above 1 is a month ('4' is '04'), a month
 * above 12 starts over ('13' is '01 / 3'); the separator appears with the first digit of the year,
 * so deleting back over it never fights the person.
 */
export function formatExpiry(text: string): string {
  let digits = text.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  if (/^1[3-9]/.test(digits)) digits = `01${digits.slice(1)}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** 'MM / YY' (or MM/YYYY) as month and four-digit year; null unless both are complete. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** Only digits, at most four. */
export function cvcDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, 4);
}

export type CardInput = { number: string; expiry: string; cvc: string };
export type CardField = keyof CardInput;
export type CardProblem =
  | 'number_required'
  | 'number_incomplete'
  | 'number_invalid'
  | 'expiry_required'
  | 'expiry_incomplete'
  | 'expiry_month'
  | 'expiry_past'
  | 'cvc_required'
  | 'cvc_incomplete';
export type CardProblems = Partial<Record<CardField, CardProblem>>;

/**
 * The checks before the card is sent: a number of 12-19 digits passing Luhn, a month 1-12 in a
 * year and month not past (the card works to the end of its month, in UTC as the provider
 * counts), a CVC of 3 or 4 digits.
 */
export function checkCard(card: CardInput, now: Date): CardProblems {
  const problems: CardProblems = {};
  const digits = cardDigits(card.number);
  if (digits === '') problems.number = 'number_required';
  else if (digits.length < CARD_NUMBER_MIN_DIGITS) problems.number = 'number_incomplete';
  else if (!isLuhnValid(digits)) problems.number = 'number_invalid';

  const expiry = parseExpiry(card.expiry);
  if (card.expiry.trim() === '') problems.expiry = 'expiry_required';
  else if (!expiry) problems.expiry = 'expiry_incomplete';
  else if (expiry.month < 1 || expiry.month > 12) problems.expiry = 'expiry_month';
  else if (Date.UTC(expiry.year, expiry.month, 1) <= now.getTime()) problems.expiry = 'expiry_past';

  const cvc = card.cvc.trim();
  if (cvc === '') problems.cvc = 'cvc_required';
  else if (!/^\d{3,4}$/.test(cvc)) problems.cvc = 'cvc_incomplete';
  return problems;
}

/** What POST .../pay takes, once checkCard found nothing. */
export function cardBody(card: CardInput): PayBody | null {
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return null;
  return { card_number: cardDigits(card.number), exp_month: expiry.month, exp_year: expiry.year, cvc: card.cvc.trim() };
}

/** The form's field a refusal is about (the server names card_number, exp_month or cvc). */
export function fieldOfDecline(fields: Readonly<Record<string, string>>): CardField | null {
  if ('card_number' in fields) return 'number';
  if ('exp_month' in fields || 'exp_year' in fields) return 'expiry';
  if ('cvc' in fields) return 'cvc';
  return null;
}

/** The test cards the form offers to fill in (Stripe's numbers; TEST_CARDS holds what each does). */
export const OFFERED_TEST_CARDS = ['4242424242424242', '4000000000000002', '4000000000009995'] as const satisfies readonly (keyof typeof TEST_CARDS)[];

export function testCardOutcomeOf(number: (typeof OFFERED_TEST_CARDS)[number]): (typeof TEST_CARDS)[typeof number] {
  return TEST_CARDS[number];
}

/** An expiry that works whenever the form is used: December, three years on ('12 / 29'). */
export function sampleExpiry(now: Date): string {
  return `12 / ${String((now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
}

/**
 * One edit of a formatted digits field: the typed text formatted again, with the caret after the
 * same digit. Deleting only a separator (a space, ' / ') deletes the digit before it instead,
 * so Backspace never gets stuck on a separator the formatting puts back.
 */
export function editDigits(previous: string, typed: string, caret: number, format: (text: string) => string): { value: string; caret: number } {
  let text = typed;
  let count = digitsBefore(typed, caret);
  const digits = typed.replace(/\D/g, '');
  if (digits === previous.replace(/\D/g, '') && typed.length < previous.length && count > 0) {
    text = digits.slice(0, count - 1) + digits.slice(count);
    count -= 1;
  }
  const value = format(text);
  // Typing at the end stays at the end, even when the format added a digit ('4' is '04').
  if (caret >= typed.length) return { value, caret: value.length };
  return { value, caret: caretAfterDigits(value, count) };
}

/** The refusals the form words in the buyer's language (the provider's decline_code). */
const DECLINE_CODES = ['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'incorrect_number'] as const;

export function isDeclineCode(code: string | undefined): code is (typeof DECLINE_CODES)[number] {
  return (DECLINE_CODES as readonly (string | undefined)[]).includes(code);
}
