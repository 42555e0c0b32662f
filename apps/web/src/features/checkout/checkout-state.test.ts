import { describe, expect, it } from 'vitest';
import { buildEvent } from '../events/test-event.ts';
import {
  choiceAmount,
  choiceLines,
  choiceTotals,
  decodeChoice,
  embedParams,
  encodeChoice,
  holdCountdown,
  initialChoice,
  previousStep,
  quantityOf,
  setAmount,
  setTypeQuantity,
  toggleSeat,
  withoutSeats,
} from './checkout-state.ts';

const type = (id: number, name: string, price: number, remaining: number | null = null) => ({
  id,
  name,
  price,
  currency: 'EUR' as const,
  description: null,
  quantity: remaining,
  stripe_price_id: null,
  stripe_price_amount: null,
  remaining,
  sold_out: remaining === 0,
  seat_type: null,
});
const single = buildEvent({ is_paid: true, pricing_mode: 'single', currency: 'EUR', price: 2000, ticket_types: [type(1, 'General Admission', 2000)] });
const multiple = buildEvent({ is_paid: true, pricing_mode: 'multiple', currency: 'EUR', ticket_types: [type(1, 'Early bird', 1000), type(2, 'VIP', 5000, 2)] });

describe('the join flow’s ticket choice (events §4, §5)', () => {
  it('starts a single price at 1 plus the companions coming, and never goes below 0', () => {
    expect(initialChoice(single, 2)).toEqual({ kind: 'single', amount: 3 });
    expect(choiceAmount(setAmount(initialChoice(single, 0), -3))).toBe(0);
    expect(initialChoice(multiple, 2)).toEqual({ kind: 'types', selections: [] });
  });

  it('sets a type’s quantity whole, removes it at 0 or less, and caps it at what remains', () => {
    let choice = initialChoice(multiple, 0);
    choice = setTypeQuantity(choice, multiple, 1, 2.7);
    choice = setTypeQuantity(choice, multiple, 2, 5);
    expect(quantityOf(choice, 1)).toBe(2);
    expect(quantityOf(choice, 2)).toBe(2); // only 2 VIP remain
    expect(choiceAmount(choice)).toBe(4);
    choice = setTypeQuantity(choice, multiple, 1, 0);
    expect(choice).toEqual({ kind: 'types', selections: [{ type: 2, quantity: 2 }] });
    expect(setTypeQuantity(choice, multiple, 99, 1)).toEqual(choice);
  });

  it('totals the prices times the quantities and adds the 5% fee, in minor units', () => {
    const choice = setTypeQuantity(setTypeQuantity(initialChoice(multiple, 0), multiple, 1, 2), multiple, 2, 1);
    expect(choiceLines(multiple, choice)).toEqual([
      { ticket_type_id: 1, name: 'Early bird', unit_price: 1000, quantity: 2 },
      { ticket_type_id: 2, name: 'VIP', unit_price: 5000, quantity: 1 },
    ]);
    expect(choiceTotals(multiple, choice, 5)).toEqual({ subtotal: 7000, fee: 350, total: 7350 });
    expect(choiceTotals(single, { kind: 'single', amount: 3 }, 5)).toEqual({ subtotal: 6000, fee: 300, total: 6300 });
  });

  it('sends the spec’s embed parameters', () => {
    expect(Object.fromEntries(embedParams(single, { kind: 'single', amount: 2 }, 'sess-1', 5))).toEqual({ current_session: 'sess-1', quantity: '2', price: '2000', fee: '200' });
    const choice = setTypeQuantity(initialChoice(multiple, 0), multiple, 2, 1);
    expect(Object.fromEntries(embedParams(multiple, choice, 'sess-2', 5))).toEqual({
      current_session: 'sess-2',
      'ticket_selections[0][type]': '2',
      'ticket_selections[0][quantity]': '1',
      fee: '250',
    });
  });

  it('moves back one step, from the tickets step back to the RSVP', () => {
    expect(previousStep('summary')).toBe('tickets');
    expect(previousStep('tickets')).toBe('rsvp');
  });

  it('carries the choice through login (continue_to_stripe)', () => {
    const choice = setTypeQuantity(setTypeQuantity(initialChoice(multiple, 0), multiple, 1, 2), multiple, 2, 1);
    expect(decodeChoice(encodeChoice(choice))).toEqual(choice);
    expect(decodeChoice(encodeChoice({ kind: 'single', amount: 3 }))).toEqual({ kind: 'single', amount: 3 });
    expect(decodeChoice('x; drop table')).toBeNull();
  });

  it('counts the hold down', () => {
    expect(holdCountdown('2026-01-01T10:30:00Z', new Date('2026-01-01T10:00:01Z').getTime())).toBe('29:59');
    expect(holdCountdown('2026-01-01T10:30:00Z', new Date('2026-01-01T11:00:00Z').getTime())).toBe('0:00');
  });
});

describe('a seated event (decision 0036)', () => {
  const seated = buildEvent({ is_paid: true, seated: true, pricing_mode: 'multiple', currency: 'EUR', ticket_types: [type(1, 'Stalls', 2000), type(2, 'VIP', 5000)] });
  const a1 = { row: 0, col: 0, label: 'A1', ticketTypeId: 2 };
  const b3 = { row: 1, col: 2, label: 'B3', ticketTypeId: 1 };

  it('starts with no seat, picks and puts back, and buys a ticket per seat at its type\'s price', () => {
    let choice = initialChoice(seated, 2);
    expect(choice).toEqual({ kind: 'seats', seats: [] });
    choice = toggleSeat(toggleSeat(choice, a1), b3);
    expect(choiceAmount(choice)).toBe(2);
    expect(choiceLines(seated, choice)).toEqual([
      { ticket_type_id: 1, name: 'Stalls', unit_price: 2000, quantity: 1 },
      { ticket_type_id: 2, name: 'VIP', unit_price: 5000, quantity: 1 },
    ]);
    expect(choiceAmount(toggleSeat(choice, a1))).toBe(1);
    expect(toggleSeat({ kind: 'seats', seats: [a1] }, b3, 1)).toEqual({ kind: 'seats', seats: [a1] });
  });

  it('sends the seats to the embed call, survives login, and drops seats taken by others', () => {
    const choice = { kind: 'seats' as const, seats: [a1, b3] };
    const params = embedParams(seated, choice, 'e1-abc', 5);
    expect(params.get('seats[0][row]')).toBe('0');
    expect(params.get('seats[1][col]')).toBe('2');
    expect(params.get('seats[1][label]')).toBe('B3');
    expect(params.get('quantity')).toBeNull();
    expect(decodeChoice(encodeChoice(choice))).toEqual({ kind: 'seats', seats: [{ ...a1, label: '' }, { ...b3, label: '' }] });
    expect(withoutSeats(choice, [{ row: 1, col: 2 }])).toEqual({ kind: 'seats', seats: [a1] });
  });
});
