import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Normalizes a phone number to E.164 (+15551234567) or returns null when it is not a valid number.
 * The spec's client sends a leading plus and digits only; we also accept spaces, dashes and brackets.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length < 4 || trimmed.length > 32) return null;
  const digits = trimmed.replace(/[^\d]/g, '');
  if (digits.length < 6 || digits.length > 15) return null;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/**
 * A stored number as people write it, by its country's convention: '+1 202 555 0101',
 * '+34 612 34 56 78' (issue 18: the account showed '+12025550101'). Anything that does not parse
 * is shown as it is.
 */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** The spec shows the phone error only once the input is longer than 8 characters (accounts §5). */
export const PHONE_ERROR_MIN_LENGTH = 9;

/** Masks all but the last 3 digits, for logs. */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? '***' : `${phone.slice(0, 2)}${'*'.repeat(phone.length - 5)}${phone.slice(-3)}`;
}
