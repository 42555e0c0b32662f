import type { Event } from '@planns/shared/events/events.schemas';
import { SEATS_PER_ORDER_MAX, seatSelections } from '@planns/shared/seats/seats.rules';
import {
  checkoutLines,
  checkoutTotals,
  selectionAmount,
  setSelectionQuantity,
  TICKETS_PER_ORDER_MAX,
  type CheckoutLine,
  type TicketSelection,
} from '@planns/shared/tickets/tickets.rules';

/**
 * The join flow's steps 2 to 5 (events §4 "Join flow steps"; §3 Join session state): get
 * tickets, to payment, the embedded card checkout, payment success. Pure: the sheet holds this
 * state, the server computes what is charged.
 */

export type CheckoutStep = 'tickets' | 'summary' | 'payment' | 'success';
export const CHECKOUT_STEPS: readonly CheckoutStep[] = ['tickets', 'summary', 'payment', 'success'];

/** The event page's parameters: open the tickets step, come back from the provider, resume after login. */
export const OPEN_TICKETS_PARAM = 'open_tickets';
export const CHECKOUT_SESSION_PARAM = 'checkout_session';
export const CONTINUE_CHECKOUT_PARAM = 'continue_checkout';

/**
 * What the buyer picked: a single-price event takes an amount (1 plus the companions to start,
 * never below 0); an event with ticket types a quantity per type (0 or less removes it; the
 * amount follows the sum).
 */
export type TicketChoice = { kind: 'single'; amount: number } | { kind: 'types'; selections: TicketSelection[] } | { kind: 'seats'; seats: SeatChoice[] };

/**
 * A seat picked on a seated event's chart (decision 0036): zero-based row and column, its label
 * as the chart showed it, and the ticket type it is sold as (its seat type's).
 */
export type SeatChoice = { row: number; col: number; label: string; ticketTypeId: number };

/** The join session's id (events §3: a random session id per event): one open checkout per id on the server. */
export function newJoinSession(eventId: number): string {
  const random = crypto.getRandomValues(new Uint32Array(3));
  return `e${eventId}-${[...random].map((n) => n.toString(36)).join('')}`;
}

/** The start of step 2: single price, 1 plus the companions coming; ticket types, nothing chosen yet. */
export function initialChoice(event: Pick<Event, 'pricing_mode' | 'ticket_types' | 'seated'>, companions: number): TicketChoice {
  if (event.seated) return { kind: 'seats', seats: [] };
  if (event.pricing_mode === 'single' && event.ticket_types.length === 1) return { kind: 'single', amount: clampAmount(1 + Math.max(0, companions)) };
  return { kind: 'types', selections: [] };
}

function clampAmount(amount: number): number {
  return Math.min(TICKETS_PER_ORDER_MAX, Math.max(0, Math.floor(amount)));
}

export function setAmount(choice: TicketChoice, amount: number): TicketChoice {
  return choice.kind === 'single' ? { kind: 'single', amount: clampAmount(amount) } : choice;
}

/** A type's quantity: whole, at least 0 (0 removes it), at most what remains of it, and the order's maximum in all. */
export function setTypeQuantity(choice: TicketChoice, event: Pick<Event, 'ticket_types'>, typeId: number, quantity: number): TicketChoice {
  if (choice.kind !== 'types') return choice;
  const type = event.ticket_types.find((t) => t.id === typeId);
  if (!type) return choice;
  const others = selectionAmount(choice.selections.filter((s) => s.type !== typeId));
  const cap = Math.min(type.remaining ?? Number.POSITIVE_INFINITY, TICKETS_PER_ORDER_MAX - others);
  return { kind: 'types', selections: setSelectionQuantity(choice.selections, typeId, Math.min(Math.floor(quantity), cap)) };
}

export function quantityOf(choice: TicketChoice, typeId: number): number {
  return choice.kind === 'types' ? (choice.selections.find((s) => s.type === typeId)?.quantity ?? 0) : 0;
}

/** How many tickets in all (NEXT shows only above 0). */
export function choiceAmount(choice: TicketChoice): number {
  if (choice.kind === 'seats') return choice.seats.length;
  return choice.kind === 'single' ? choice.amount : selectionAmount(choice.selections);
}

/** A seat picked or put back (at most the order's maximum of seats). */
export function toggleSeat(choice: TicketChoice, seat: SeatChoice, max = SEATS_PER_ORDER_MAX): TicketChoice {
  if (choice.kind !== 'seats') return choice;
  const picked = choice.seats.some((s) => s.row === seat.row && s.col === seat.col);
  if (picked) return { kind: 'seats', seats: choice.seats.filter((s) => !(s.row === seat.row && s.col === seat.col)) };
  return choice.seats.length >= max ? choice : { kind: 'seats', seats: [...choice.seats, seat] };
}

/** The choice less seats now taken by others (a 409 seat_taken, or the chart's refresh). */
export function withoutSeats(choice: TicketChoice, taken: readonly { row: number; col: number }[]): TicketChoice {
  if (choice.kind !== 'seats') return choice;
  return { kind: 'seats', seats: choice.seats.filter((s) => !taken.some((t) => t.row === s.row && t.col === s.col)) };
}



/** The lines the choice buys at the event's prices (events §5 Total price). */
export function choiceLines(event: Pick<Event, 'ticket_types'>, choice: TicketChoice): CheckoutLine[] {
  const types = event.ticket_types.map((t) => ({ id: t.id, name: t.name, price: t.price }));
  const selections =
    choice.kind === 'single' ? (types[0] ? [{ type: types[0].id, quantity: choice.amount }] : []) : choice.kind === 'seats' ? seatSelections(types, choice.seats.map((s) => s.ticketTypeId)) : choice.selections;
  return checkoutLines(types, selections.filter((s) => s.quantity > 0));
}

/** Subtotal, the service fee (PLATFORM_FEE_PERCENT) and what the buyer pays, as the server will compute them. */
export function choiceTotals(event: Pick<Event, 'ticket_types'>, choice: TicketChoice, feePercent: number) {
  return checkoutTotals(choiceLines(event, choice), feePercent);
}

/**
 * GET payments/embed/{eventId}'s parameters (events §7): single price: quantity, price, fee,
 * current_session; ticket types: current_session and ticket_selections[i][type|quantity], with
 * the fee shown (the server checks both).
 */
export function embedParams(event: Pick<Event, 'ticket_types'>, choice: TicketChoice, session: string, feePercent: number): URLSearchParams {
  const totals = choiceTotals(event, choice, feePercent);
  const params = new URLSearchParams({ current_session: session });
  if (choice.kind === 'single') {
    params.set('quantity', String(choice.amount));
    params.set('price', String(event.ticket_types[0]?.price ?? 0));
  } else if (choice.kind === 'seats') {
    choice.seats.forEach((s, i) => {
      params.set(`seats[${i}][row]`, String(s.row));
      params.set(`seats[${i}][col]`, String(s.col));
      params.set(`seats[${i}][label]`, s.label);
    });
  } else {
    choice.selections.forEach((s, i) => {
      params.set(`ticket_selections[${i}][type]`, String(s.type));
      params.set(`ticket_selections[${i}][quantity]`, String(s.quantity));
    });
  }
  params.set('fee', String(totals.fee));
  return params;
}

/** The step before this one (Back moves one step down; from the tickets step, back to the RSVP). */
export function previousStep(step: CheckoutStep): CheckoutStep | 'rsvp' {
  const at = CHECKOUT_STEPS.indexOf(step);
  return at <= 0 ? 'rsvp' : CHECKOUT_STEPS[at - 1]!;
}

/** The choice carried through login (continue_to_stripe) as a compact text, and read back; null when malformed. */
export function encodeChoice(choice: TicketChoice): string {
  if (choice.kind === 'seats') return `s${choice.seats.map((s) => `${s.row}-${s.col}-${s.ticketTypeId}`).join('.')}`;
  return choice.kind === 'single' ? `a${choice.amount}` : choice.selections.map((s) => `${s.type}x${s.quantity}`).join('.');
}

export function decodeChoice(text: string): TicketChoice | null {
  if (/^s(\d{1,2}-\d{1,2}-\d{1,15}(\.\d{1,2}-\d{1,2}-\d{1,15}){0,49})?$/.test(text)) {
    const seats = text.slice(1) === '' ? [] : text.slice(1).split('.').map((part) => {
      const [row, col, type] = part.split('-').map(Number);
      // The label is the chart's to name again (it reads the map); the server names it anyway.
      return { row: row!, col: col!, label: '', ticketTypeId: type! };
    });
    return { kind: 'seats', seats };
  }
  const single = /^a(\d{1,3})$/.exec(text);
  if (single) return { kind: 'single', amount: clampAmount(Number(single[1])) };
  if (!/^\d{1,15}x\d{1,3}(\.\d{1,15}x\d{1,3}){0,9}$/.test(text)) return null;
  return {
    kind: 'types',
    selections: text.split('.').map((part) => {
      const [type, quantity] = part.split('x');
      return { type: Number(type), quantity: Number(quantity) };
    }),
  };
}

/** Seconds left on a hold (never below 0), as mm:ss. */
export function holdCountdown(expiresAt: string, now: number): string {
  const left = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}
