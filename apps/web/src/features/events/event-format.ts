import { SYMBOL_FIRST_CURRENCIES, type Currency } from '@planns/shared/events/events.rules';

/** The currency's symbol in the language ('$', '€', '₪' ...), or its code when there is none. */
function currencySymbol(currency: string, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * A price with its currency: the symbol before the amount for AUD, USD, CAD and BRL, after it
 * for the others (events §9). Whole amounts show no decimals.
 */
export function formatPrice(amount: number, currency: string, locale: string): string {
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
  const symbol = currencySymbol(currency, locale);
  return (SYMBOL_FIRST_CURRENCIES as readonly string[]).includes(currency as Currency) ? `${symbol}${number}` : `${number} ${symbol}`;
}

/**
 * Start and end in the viewer's language and time zone, as one range ('Sat, June 6, 7:00 – 10:00 PM');
 * the year shows only when it is not the current one.
 */
export function formatEventDates(start: Date, end: Date | null, locale: string, now: Date = new Date()): string {
  const showYear = start.getFullYear() !== now.getFullYear() || (end !== null && end.getFullYear() !== now.getFullYear());
  const format = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    ...(showYear ? { year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  });
  if (!end || end.getTime() <= start.getTime()) return format.format(start);
  return format.formatRange(start, end);
}

/** The organiser's WhatsApp link: wa.me takes the number's digits only. */
export function whatsappUrl(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? `https://wa.me/${digits}` : null;
}
