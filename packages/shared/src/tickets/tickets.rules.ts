import { isCurrency, type Currency } from '../money/money.rules.ts';

/**
 * Ticket types (events §3 Ticket type, §5 Validation rules, §9): pure rules shared by the event
 * form and the server. Prices are minor units of the event's one currency (decision 0027).
 */

export const TICKET_TYPES_MAX = 10;
export const DEFAULT_TICKET_NAME = 'General Admission';

export const PRICING_MODES = ['single', 'multiple'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];

/** The spec's texts (events §5), by its keys. */
export const TICKET_MESSAGES = {
  ticketNameRequired: 'Ticket name is required',
  ticketPriceRequired: 'Price must be greater than 0',
  currencyRequired: 'Currency is required',
  duplicateTicketTypeName: 'Ticket type name already exists',
  tooMany: (max: number) => `Maximum of ${max} ticket types allowed`,
} as const;

/** A ticket type as the editor holds it: any field may still be missing. */
export interface TicketTypeDraft {
  name?: string | null;
  /** Minor units; null or missing: not entered. */
  price?: number | null;
  currency?: string | null;
  description?: string | null;
  /** Beyond the spec: tickets of this type on sale at most (null: only the event's max). */
  quantity?: number | null;
}

export interface TicketType {
  name: string;
  price: number;
  currency: Currency;
  description: string | null;
  quantity: number | null;
}

export type TicketTypeField = 'name' | 'price' | 'currency';

/** A whole number above 0: a price in minor units, a quantity. */
function isPositiveWhole(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** Each type's problems, by field, in the editor's order (an empty object: none). */
export function ticketTypeProblems(types: readonly TicketTypeDraft[]): Partial<Record<TicketTypeField, string>>[] {
  const seen = new Set<string>();
  return types.map((type) => {
    const problems: Partial<Record<TicketTypeField, string>> = {};
    const name = type.name?.trim() ?? '';
    if (name === '') problems.name = TICKET_MESSAGES.ticketNameRequired;
    else {
      const key = name.toLocaleLowerCase('en');
      if (seen.has(key)) problems.name = TICKET_MESSAGES.duplicateTicketTypeName;
      seen.add(key);
    }
    if (!isPositiveWhole(type.price)) problems.price = TICKET_MESSAGES.ticketPriceRequired;
    if (!isCurrency(type.currency)) problems.currency = TICKET_MESSAGES.currencyRequired;
    return problems;
  });
}

/** Whether another type may be added (at most TICKET_TYPES_MAX), and whether one may be removed (the last one stays). */
export const canAddTicketType = (count: number): boolean => count < TICKET_TYPES_MAX;
export const canRemoveTicketType = (count: number): boolean => count > 1;

/** The pricing part of an event as the form holds it. */
export interface PricingDraft {
  pricing_mode: PricingMode;
  price?: number | null;
  currency?: string | null;
  ticket_name?: string | null;
  ticket_description?: string | null;
  ticket_types?: readonly TicketTypeDraft[];
}

/** The pricing part as it is sent and stored: free, one price, or ticket types. */
export type Pricing =
  | { pricing_mode: 'single'; price: null; currency: null; ticket_name: null; ticket_description: null; ticket_types: [] }
  | { pricing_mode: 'single'; price: number; currency: Currency; ticket_name: string; ticket_description: string | null; ticket_types: [] }
  | { pricing_mode: 'multiple'; price: null; currency: Currency; ticket_name: null; ticket_description: null; ticket_types: TicketType[] };

const FREE: Pricing = { pricing_mode: 'single', price: null, currency: null, ticket_name: null, ticket_description: null, ticket_types: [] };

/**
 * Events §5 "Sending an event": in multiple mode only the types with a name and a price above 0
 * are kept and the single-price fields are dropped; in single mode the types are dropped. When no
 * valid price remains the event is free (price, currency and ticket fields null). One currency per
 * event: a multiple-mode event takes its types' currency (the editor offers one for all).
 */
export function normalizePricing(draft: PricingDraft): Pricing {
  if (draft.pricing_mode === 'multiple') {
    const kept = (draft.ticket_types ?? []).filter(
      (t) => (t.name?.trim() ?? '') !== '' && isPositiveWhole(t.price),
    );
    const currency = kept.map((t) => t.currency).find(isCurrency) ?? (isCurrency(draft.currency) ? draft.currency : null);
    if (kept.length === 0 || currency === null) return FREE;
    return {
      pricing_mode: 'multiple',
      price: null,
      currency,
      ticket_name: null,
      ticket_description: null,
      ticket_types: kept.map((t) => ({
        name: t.name!.trim(),
        price: t.price!,
        currency,
        description: t.description?.trim() || null,
        quantity: isPositiveWhole(t.quantity) ? t.quantity : null,
      })),
    };
  }
  if (!isPositiveWhole(draft.price) || !isCurrency(draft.currency)) return FREE;
  return {
    pricing_mode: 'single',
    price: draft.price,
    currency: draft.currency,
    ticket_name: draft.ticket_name?.trim() || DEFAULT_TICKET_NAME,
    ticket_description: draft.ticket_description?.trim() || null,
    ticket_types: [],
  };
}

/** The lowest and highest price of a paid event's types ("from €12"); null for a free one. */
export function priceRange(types: readonly { price: number }[], currency: Currency | null): { min: number; max: number; currency: Currency } | null {
  if (currency === null || types.length === 0) return null;
  const prices = types.map((t) => t.price);
  return { min: Math.min(...prices), max: Math.max(...prices), currency };
}

/** The types an event's pricing stores (a single price is one type: its ticket_name); [] when free. */
export function ticketTypesOf(pricing: Pricing): TicketType[] {
  if (pricing.currency === null) return [];
  if (pricing.pricing_mode === 'multiple') return pricing.ticket_types;
  return [{ name: pricing.ticket_name, price: pricing.price, currency: pricing.currency, description: pricing.ticket_description, quantity: null }];
}
