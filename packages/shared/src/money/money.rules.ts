/**
 * Money (decision 0027): amounts are integers in the currency's minor unit everywhere (database,
 * contract, provider calls), converted with the currency's ISO 4217 exponent, never through
 * floating point. Events spec §9: the currencies offered, EUR by default.
 */

/** The currencies an event may be priced in (events §9), in the spec's order. */
export const CURRENCIES = ['USD', 'EUR', 'ILS', 'RUB', 'GBP', 'AUD', 'CAD', 'JPY', 'CNY', 'INR', 'CHF', 'SGD', 'HKD', 'MXN', 'BRL'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: Currency = 'EUR';

/**
 * Digits after the decimal point (ISO 4217 minor unit). The spec's "times 100" holds for every
 * offered currency but JPY, which has no minor unit: ¥1,200 is 1200, as Stripe expects it too.
 */
export const CURRENCY_EXPONENT: Record<Currency, 0 | 2> = {
  USD: 2, EUR: 2, ILS: 2, RUB: 2, GBP: 2, AUD: 2, CAD: 2, JPY: 0, CNY: 2, INR: 2, CHF: 2, SGD: 2, HKD: 2, MXN: 2, BRL: 2,
};

/** The highest amount planns takes, in minor units (Stripe's own limit for a charge is 99,999,999). */
export const AMOUNT_MAX_MINOR = 99_999_999;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * An amount typed by a person ('12', '12.5', '12,50', ' 1200 ') in minor units of `currency`;
 * null when it is not a plain non-negative amount with at most the currency's decimals, or is
 * above AMOUNT_MAX_MINOR. Digits only: no float is ever made.
 */
export function parseAmount(text: string, currency: Currency): number | null {
  const exponent = CURRENCY_EXPONENT[currency];
  const match = /^(\d{1,9})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return minor <= AMOUNT_MAX_MINOR ? minor : null;
}

/** Minor units as the plain decimal text an input shows ('12.50', '1200' for JPY). */
export function amountText(minor: number, currency: Currency): string {
  const exponent = CURRENCY_EXPONENT[currency];
  if (exponent === 0) return String(minor);
  const digits = String(minor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount for display in the viewer's language ('€12.50', '12,50 €', '¥1,200'): Intl formats
 * the decimal text itself, so no float is involved, and the locale places the symbol.
 */
export function formatMoney(minor: number, currency: Currency, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const exponent = CURRENCY_EXPONENT[currency];
    // Made once per language and currency: a NumberFormat is costly to make, cheap to use.
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: exponent, maximumFractionDigits: exponent });
    if (moneyFormats.size >= 200) moneyFormats.clear();
    moneyFormats.set(key, format);
  }
  // format() takes a decimal string exactly (Intl.NumberFormat v3).
  return format.format(amountText(minor, currency) as unknown as number);
}

/**
 * The service fee on a total, in minor units: `percent` of it (PLATFORM_FEE_PERCENT, default 5;
 * up to two decimals), rounded half up to a whole minor unit, in integers only.
 */
export function serviceFee(totalMinor: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((totalMinor * basisPoints + 5000) / 10_000);
}
