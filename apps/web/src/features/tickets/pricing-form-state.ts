import type { Event, EventBodyInput } from '@planns/shared/events/events.schemas';
import { EVENT_ATTENDEES_MAX } from '@planns/shared/events/events.rules';
import { amountText, DEFAULT_CURRENCY, parseAmount, type Currency } from '@planns/shared/money/money.rules';
import type { SeatSchemeData } from '@planns/shared/seats/seats.rules';
import {
  canAddTicketType,
  canRemoveTicketType,
  DEFAULT_TICKET_NAME,
  normalizePricing,
  TICKET_MESSAGES,
  ticketTypeProblems,
  type PricingMode,
} from '@planns/shared/tickets/tickets.rules';

/**
 * The Tickets panel of the event form (events §2, §5): free, one price, or 1 to 10 ticket types,
 * all in the event's one currency. Prices are typed as text and read into minor units with the
 * currency's exponent (decision 0027).
 */

export type TicketTypeRow = {
  /** Stable key for React (an existing type's id, or a new one's). */
  key: string;
  /** The saved type this row edits (null: new). */
  id: number | null;
  name: string;
  price: string;
  description: string;
  /** '' or a whole number: at most this many tickets of the type. */
  quantity: string;
  /** The payment provider's price for the saved type, in minor units (the price-change warning). */
  providerAmount: number | null;
  /** A seated event: the seat type this type sells (decision 0036), kept as saved. */
  seatType?: number | null;
};

export type PricingFormState = {
  isPaid: boolean;
  mode: PricingMode;
  currency: Currency;
  /** Single pricing. */
  price: string;
  ticketName: string;
  ticketDescription: string;
  singleProviderAmount: number | null;
  /** Multiple pricing. */
  types: TicketTypeRow[];
  /**
   * The seat selector (events §2; decision 0036): buyers pick seats on a map, its scheme's, or the
   * default join map (templateId null). Each seat type is sold by one ticket type (the rows).
   */
  seated: boolean;
  templateId: number | null;
};

let nextKey = 0;
const newKey = () => `new-${(nextKey += 1)}`;

export function emptyTypeRow(): TicketTypeRow {
  return { key: newKey(), id: null, name: '', price: '', description: '', quantity: '', providerAmount: null };
}

/** A new event: free; the panel offers EUR (events §9) and one empty type. */
export function initialPricing(): PricingFormState {
  return {
    isPaid: false,
    mode: 'single',
    currency: DEFAULT_CURRENCY,
    price: '',
    ticketName: '',
    ticketDescription: '',
    singleProviderAmount: null,
    types: [emptyTypeRow()],
    seated: false,
    templateId: null,
  };
}

/**
 * The panel filled from a saved event. Editing keeps each type's id (its tickets and provider
 * price stay with it); a clone makes new types.
 */
export function pricingFromEvent(event: Pick<Event, 'is_paid' | 'pricing_mode' | 'currency' | 'ticket_types' | 'seated' | 'seat_template_id'>, keepIds: boolean): PricingFormState {
  if (!event.is_paid || event.currency === null || event.ticket_types.length === 0) return initialPricing();
  const currency = event.currency;
  const rows: TicketTypeRow[] = event.ticket_types.map((t) => ({
    key: keepIds ? `type-${t.id}` : newKey(),
    id: keepIds ? t.id : null,
    name: t.name,
    price: amountText(t.price, currency),
    description: t.description ?? '',
    quantity: t.quantity === null ? '' : String(t.quantity),
    providerAmount: keepIds ? t.stripe_price_amount : null,
    ...(typeof t.seat_type === 'number' ? { seatType: t.seat_type } : {}),
  }));
  const first = rows[0]!;
  // A seated event is edited by its types, one per seat type (the seat selector's rows), even one
  // made with a single price through the API.
  const mode = event.seated ? 'multiple' : event.pricing_mode;
  return {
    isPaid: true,
    mode,
    currency,
    price: mode === 'single' ? first.price : '',
    ticketName: mode === 'single' && first.name !== DEFAULT_TICKET_NAME ? first.name : '',
    ticketDescription: mode === 'single' ? first.description : '',
    singleProviderAmount: mode === 'single' ? first.providerAmount : null,
    types: mode === 'multiple' ? rows : [{ ...first, key: newKey() }],
    seated: event.seated,
    templateId: event.seat_template_id,
  };
}

/* ------------------------------------------------------------------ seats */

/**
 * The seat selector switched on with a map (its scheme, or the default join map): the event is
 * sold by ticket types, one per seat type of the map, in the map's order. A type that already
 * sells a seat type keeps it (its id, name and price); else a saved type of the same name is
 * taken over; else a new one named as the seat type at the scheme's default price. With one price
 * set before, that price is offered for seat types without one.
 */
export function seatPricing(state: PricingFormState, templateId: number | null, map: Pick<SeatSchemeData, 'seatTypes'>): PricingFormState {
  const used = new Set<string>();
  const single = state.mode === 'single' ? state.types[0] : undefined;
  const types = map.seatTypes.map((seatType, i): TicketTypeRow => {
    const same =
      state.types.find((t) => t.seatType === i && !used.has(t.key)) ??
      state.types.find((t) => !used.has(t.key) && typeof t.seatType !== 'number' && t.name.trim().toLocaleLowerCase() === seatType.label.toLocaleLowerCase());
    if (same && state.mode === 'multiple') {
      used.add(same.key);
      return { ...same, seatType: i };
    }
    const price = seatType.price > 0 ? amountText(seatType.price, state.currency) : state.mode === 'single' ? state.price : '';
    return { ...emptyTypeRow(), ...(i === 0 && single ? { id: single.id, providerAmount: single.providerAmount } : {}), name: seatType.label, price, seatType: i };
  });
  return { ...state, isPaid: true, mode: 'multiple', types, seated: true, templateId };
}

/** The seat selector switched off: the ticket types stay, selling no seats. */
export function unseatPricing(state: PricingFormState): PricingFormState {
  return { ...state, seated: false, templateId: null, types: state.types.map(({ seatType: _seatType, ...rest }) => rest) };
}

/* ------------------------------------------------------------------ editing */

export function addTypeRow(state: PricingFormState): PricingFormState {
  return canAddTicketType(state.types.length) ? { ...state, types: [...state.types, emptyTypeRow()] } : state;
}

/** The last type cannot be removed (events §5). */
export function removeTypeRow(state: PricingFormState, key: string): PricingFormState {
  return canRemoveTicketType(state.types.length) ? { ...state, types: state.types.filter((t) => t.key !== key) } : state;
}

export function updateTypeRow(state: PricingFormState, key: string, patch: Partial<Omit<TicketTypeRow, 'key' | 'id'>>): PricingFormState {
  return { ...state, types: state.types.map((t) => (t.key === key ? { ...t, ...patch } : t)) };
}

/** Digits and one decimal separator: what a price input accepts as it is typed. */
export function sanitizePriceInput(text: string): string {
  const cleaned = text.replace(/[^\d.,]/g, '');
  const at = cleaned.search(/[.,]/);
  return at === -1 ? cleaned : cleaned.slice(0, at + 1) + cleaned.slice(at + 1).replace(/[.,]/g, '');
}

export function sanitizeQuantityInput(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, String(EVENT_ATTENDEES_MAX).length);
}

/* ------------------------------------------------------------------ checks */

/** The message codes of the form (eventForm.errors.*), as the shared rules name them. */
export type PricingErrorCode = 'priceRequired' | 'priceWhole' | 'ticketNameRequired' | 'duplicateTicketTypeName' | 'ticketQuantity';

export type PricingErrors = {
  price?: PricingErrorCode;
  types: Partial<Record<'name' | 'price' | 'quantity', PricingErrorCode>>[];
};

/** Reads a typed price: minor units, 'invalid' (more decimals than the currency has, or not a number), or null (empty or 0). */
export function readPrice(text: string, currency: Currency): number | 'invalid' | null {
  if (text.trim() === '') return null;
  const minor = parseAmount(text, currency);
  if (minor === null) return 'invalid';
  return minor > 0 ? minor : null;
}

/** The panel's problems (events §5 ticket type rules); nothing when the event is free. */
export function pricingErrors(state: PricingFormState): PricingErrors {
  const errors: PricingErrors = { types: state.types.map(() => ({})) };
  if (!state.isPaid) return errors;
  if (state.mode === 'single') {
    const price = readPrice(state.price, state.currency);
    if (price === 'invalid') errors.price = 'priceWhole';
    else if (price === null) errors.price = 'priceRequired';
    return errors;
  }
  const prices = state.types.map((t) => readPrice(t.price, state.currency));
  const problems = ticketTypeProblems(state.types.map((t, i) => ({ name: t.name, price: typeof prices[i] === 'number' ? prices[i] : null, currency: state.currency })));
  const isBlank = (t: TicketTypeRow) => t.name.trim() === '' && t.price.trim() === '' && t.description.trim() === '' && t.quantity === '';
  errors.types = state.types.map((t, i) => {
    const found: PricingErrors['types'][number] = {};
    // A row left empty beside filled ones is not sent (events §5 'Sending an event'); a seated
    // event's rows each sell a seat type, so none may be left empty.
    if (!state.seated && isBlank(t) && state.types.some((other) => !isBlank(other))) return found;
    const problem = problems[i] ?? {};
    if (problem.name) found.name = problem.name === TICKET_MESSAGES.duplicateTicketTypeName ? 'duplicateTicketTypeName' : 'ticketNameRequired';
    if (prices[i] === 'invalid') found.price = 'priceWhole';
    else if (problem.price) found.price = 'priceRequired';
    if (t.quantity !== '' && !(Number(t.quantity) > 0)) found.quantity = 'ticketQuantity';
    return found;
  });
  return errors;
}

export function hasPricingErrors(errors: PricingErrors): boolean {
  return errors.price !== undefined || errors.types.some((t) => Object.keys(t).length > 0);
}

/**
 * The pricing part of the body (events §5 'Sending an event'): free sends no price; one price
 * sends price, currency and ticket fields; types send ticket_types (ids kept when editing). Call
 * it once pricingErrors found nothing.
 */
export function compilePricing(
  state: PricingFormState,
): Pick<EventBodyInput, 'pricing_mode' | 'price' | 'currency' | 'ticket_name' | 'ticket_description' | 'ticket_types' | 'seated' | 'seat_template_id'> {
  // Seats are sold as tickets: a free event has none (the server says so too).
  const seating = state.isPaid && state.seated ? { seated: true, seat_template_id: state.templateId } : { seated: false, seat_template_id: null };
  if (!state.isPaid) return { pricing_mode: 'single', price: null, currency: null, ticket_name: null, ticket_description: null, ticket_types: [], ...seating };
  const read = (text: string) => {
    const price = readPrice(text, state.currency);
    return typeof price === 'number' ? price : null;
  };
  if (state.mode === 'single') {
    const sent = normalizePricing({
      pricing_mode: 'single',
      price: read(state.price),
      currency: state.currency,
      ticket_name: state.ticketName,
      ticket_description: state.ticketDescription,
    });
    return { pricing_mode: 'single', price: sent.price, currency: sent.currency, ticket_name: sent.ticket_name, ticket_description: sent.ticket_description, ticket_types: [], ...seating };
  }
  // Only types with a name and a price above 0 are sent; none left means free (normalizePricing).
  const kept = state.types.filter((t) => t.name.trim() !== '' && read(t.price) !== null);
  const sent = normalizePricing({
    pricing_mode: 'multiple',
    currency: state.currency,
    ticket_types: kept.map((t) => ({ name: t.name, price: read(t.price), currency: state.currency, description: t.description, quantity: t.quantity === '' ? null : Number(t.quantity) })),
  });
  if (sent.currency === null) return compilePricing({ ...state, isPaid: false });
  return {
    pricing_mode: 'multiple',
    price: null,
    currency: sent.currency,
    ticket_name: null,
    ticket_description: null,
    ticket_types: sent.ticket_types.map((t, i) => ({
      id: kept[i]!.id,
      name: t.name,
      price: t.price,
      currency: t.currency,
      description: t.description,
      quantity: t.quantity,
      ...(state.seated && typeof kept[i]!.seatType === 'number' ? { seat_type: kept[i]!.seatType } : {}),
    })),
    ...seating,
  };
}

/**
 * The price-change warning (events §5): the saved types whose entered price differs from the
 * payment provider's, compared in minor units. The key, the provider's amount and the new one.
 */
export function priceChanges(state: PricingFormState): { key: string; provider: number; entered: number }[] {
  if (!state.isPaid) return [];
  const rows =
    state.mode === 'single'
      ? [{ key: 'single', providerAmount: state.singleProviderAmount, price: state.price }]
      : state.types.map((t) => ({ key: t.key, providerAmount: t.providerAmount, price: t.price }));
  return rows.flatMap((row) => {
    const entered = readPrice(row.price, state.currency);
    return row.providerAmount !== null && typeof entered === 'number' && entered !== row.providerAmount ? [{ key: row.key, provider: row.providerAmount, entered }] : [];
  });
}
