import { isCurrency, serviceFee, type Currency } from '../money/money.rules.ts';

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
  /** A seated event: the seat type of its map this type sells (decision 0036). */
  seat_type?: number | null;
}

export interface TicketType {
  name: string;
  price: number;
  currency: Currency;
  description: string | null;
  quantity: number | null;
  /** A seated event: the seat type of its map this type sells (decision 0036); else null or absent. */
  seat_type?: number | null;
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
        ...(typeof t.seat_type === 'number' ? { seat_type: t.seat_type } : {}),
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

/* ------------------------------------------------------------------ buying (issue 15) */

/** How long opening a checkout holds its tickets (Stripe's shortest Checkout Session life). */
export const HOLD_MINUTES = 30;
/** The QR code of a ticket, in CSS pixels (accounts §9). */
export const QR_SIZE = 280;
/** The most tickets one checkout buys, and one organiser issue or gift gives. */
export const TICKETS_PER_ORDER_MAX = 20;

/** The spec's texts for a ticket selection (events §5) and for issuing tickets (events §8). */
export const SELECTION_MESSAGES = {
  typeRequired: 'Ticket type is required',
  invalidType: 'Invalid ticket type',
  quantityMin: 'Quantity must be at least 1',
  tooMany: `At most ${TICKETS_PER_ORDER_MAX} tickets at a time`,
} as const;
export const TICKET_ISSUE_MESSAGES = { created: 'Tickets created', failed: 'Something went off', contactSupport: 'Please contact support' } as const;

/** One line of a ticket selection (events §3 Ticket selection: type, quantity). */
export interface TicketSelection {
  /** The ticket type's id. */
  type: number;
  quantity: number;
}

/**
 * Sets a type's quantity (events §5): whole and at least 0; 0 or less removes the type from the
 * selection. Other lines keep their order.
 */
export function setSelectionQuantity(selections: readonly TicketSelection[], type: number, quantity: number): TicketSelection[] {
  const whole = Math.floor(quantity);
  const others = selections.filter((s) => s.type !== type);
  if (!(whole > 0)) return others;
  const at = selections.findIndex((s) => s.type === type);
  const line = { type, quantity: whole };
  if (at === -1) return [...others, line];
  return selections.map((s) => (s.type === type ? line : s));
}

/** The amount follows the sum of the selection (events §5). */
export function selectionAmount(selections: readonly TicketSelection[]): number {
  return selections.reduce((sum, s) => sum + Math.max(0, s.quantity), 0);
}

/** Each line's problems (events §5 texts), by field; an empty object: none. */
export function selectionProblems(selections: readonly Partial<TicketSelection>[], typeIds: readonly number[]): Partial<Record<'type' | 'quantity', string>>[] {
  return selections.map((s) => {
    const problems: Partial<Record<'type' | 'quantity', string>> = {};
    if (s.type === undefined || s.type === null) problems.type = SELECTION_MESSAGES.typeRequired;
    else if (!typeIds.includes(s.type)) problems.type = SELECTION_MESSAGES.invalidType;
    if (!(typeof s.quantity === 'number' && Number.isInteger(s.quantity) && s.quantity >= 1)) problems.quantity = SELECTION_MESSAGES.quantityMin;
    return problems;
  });
}

/** A line of a checkout: what one ticket type costs and how many. */
export interface CheckoutLine {
  ticket_type_id: number;
  name: string;
  unit_price: number;
  quantity: number;
}

/**
 * events §5 Total price: the sum over the selection of each type's price times its quantity.
 * Lines follow the event's order of types; types not selected are left out.
 */
export function checkoutLines(types: readonly { id: number; name: string; price: number }[], selections: readonly TicketSelection[]): CheckoutLine[] {
  return types.flatMap((t) => {
    const quantity = selections.filter((s) => s.type === t.id).reduce((sum, s) => sum + s.quantity, 0);
    return quantity > 0 ? [{ ticket_type_id: t.id, name: t.name, unit_price: t.price, quantity }] : [];
  });
}

/** The subtotal, planns' service fee on it (PLATFORM_FEE_PERCENT) and what the buyer pays, in minor units. */
export function checkoutTotals(lines: readonly CheckoutLine[], feePercent: number): { subtotal: number; fee: number; total: number } {
  const subtotal = lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0);
  const fee = serviceFee(subtotal, feePercent);
  return { subtotal, fee, total: subtotal + fee };
}

/**
 * What a refund of some of an order's tickets gives back, in minor units: their prices and their
 * share of the service fee (rounded down); when they are all the order's tickets still valid,
 * everything not yet refunded. The server refunds this; the organiser's screen shows it first.
 */
export function refundAmount(order: { subtotal: number; fee: number; total: number; refunded_amount: number }, prices: readonly number[], isRest: boolean): number {
  const remaining = order.total - order.refunded_amount;
  if (isRest) return remaining;
  const part = prices.reduce((sum, p) => sum + p, 0);
  const feeShare = order.subtotal > 0 ? Math.floor((order.fee * part) / order.subtotal) : 0;
  return Math.min(remaining, part + feeShare);
}

/** A ticket's code: 16 of Crockford's base-32 digits (no I, L, O, U), 80 random bits. */
export const TICKET_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TICKET_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** A code as a person may type it (lower case, spaces, dashes, O for 0, I and L for 1), or null. */
export function normalizeTicketCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return TICKET_CODE_PATTERN.test(code) ? code : null;
}
