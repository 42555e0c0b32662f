import { SYMBOL_FIRST_CURRENCIES, type Currency } from '@planns/shared/events/events.rules';

/** The currency's narrow symbol in a language ('$', '€', '₪'), or its code when Intl has none. */
export function currencySymbol(currency: string, language: string): string {
  try {
    const parts = new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * A price with its currency (events §9): the symbol before the amount for AUD, USD, CAD and BRL,
 * after it for every other currency. The amount uses the language's digits and separators.
 */
export function formatPrice(amount: number, currency: string, language: string): string {
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(amount);
  const symbol = currencySymbol(currency, language);
  return (SYMBOL_FIRST_CURRENCIES as readonly string[]).includes(currency as Currency) ? `${symbol}${number}` : `${number} ${symbol}`;
}

/** The price shown on a card, or null when the event is free. */
export function eventPrice(event: { is_paid: boolean; price: number | null; currency: string | null }, language: string): string | null {
  if (!event.is_paid || event.price === null || event.price <= 0) return null;
  return formatPrice(event.price, event.currency ?? 'EUR', language);
}
