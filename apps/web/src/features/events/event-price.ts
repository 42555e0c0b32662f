import type { Event } from '@planns/shared/events/events.schemas';
import { formatMoney } from '@planns/shared/money/money.rules';

/**
 * What an event costs, in the viewer's language (decision 0027): null when free, the price when
 * every ticket costs the same, else 'from' the lowest ('from €12'), through the given wording.
 */
export function eventPriceText(event: Pick<Event, 'price_range'>, locale: string, from: (price: string) => string): string | null {
  const range = event.price_range;
  if (!range) return null;
  const lowest = formatMoney(range.min, range.currency, locale);
  return range.min === range.max ? lowest : from(lowest);
}
