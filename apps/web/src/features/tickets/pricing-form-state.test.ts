import { describe, expect, it } from 'vitest';
import { buildEvent } from '../events/test-event.ts';
import {
  addTypeRow,
  compilePricing,
  hasPricingErrors,
  initialPricing,
  priceChanges,
  pricingErrors,
  pricingFromEvent,
  readPrice,
  removeTypeRow,
  sanitizePriceInput,
  seatPricing,
  unseatPricing,
  updateTypeRow,
  type PricingFormState,
} from './pricing-form-state.ts';

const paid = (patch: Partial<PricingFormState>): PricingFormState => ({ ...initialPricing(), isPaid: true, ...patch });

describe('the Tickets panel', () => {
  it('starts free, in EUR, with one empty type ready', () => {
    const state = initialPricing();
    expect(state).toMatchObject({ isPaid: false, mode: 'single', currency: 'EUR' });
    expect(state.types).toHaveLength(1);
    expect(compilePricing(state)).toEqual({ pricing_mode: 'single', price: null, currency: null, ticket_name: null, ticket_description: null, ticket_types: [], seated: false, seat_template_id: null });
  });

  it('reads typed prices into minor units by the currency (JPY has none)', () => {
    expect(readPrice('12.50', 'EUR')).toBe(1250);
    expect(readPrice('12,5', 'EUR')).toBe(1250);
    expect(readPrice('1200', 'JPY')).toBe(1200);
    expect(readPrice('12.5', 'JPY')).toBe('invalid');
    expect(readPrice('12.345', 'USD')).toBe('invalid');
    expect(readPrice('0', 'USD')).toBeNull();
    expect(readPrice('', 'USD')).toBeNull();
    expect(sanitizePriceInput('€1a2,5.0')).toBe('12,50');
  });

  it('sends one price with the default ticket name (events §5)', () => {
    const state = paid({ price: '25', currency: 'USD' });
    expect(hasPricingErrors(pricingErrors(state))).toBe(false);
    expect(compilePricing(state)).toEqual({ pricing_mode: 'single', price: 2500, currency: 'USD', ticket_name: 'General Admission', ticket_description: null, ticket_types: [], seated: false, seat_template_id: null });
    expect(pricingErrors(paid({ price: '' })).price).toBe('priceRequired');
    expect(pricingErrors(paid({ price: '1.234' })).price).toBe('priceWhole');
  });

  it('checks each type with the spec rules: name, price above 0, names unique ignoring case', () => {
    let state = paid({ mode: 'multiple', currency: 'ILS' });
    const [first] = state.types;
    state = updateTypeRow(state, first!.key, { name: 'VIP', price: '150' });
    state = addTypeRow(state);
    state = updateTypeRow(state, state.types[1]!.key, { name: ' vip', price: '0' });
    state = addTypeRow(state);
    state = updateTypeRow(state, state.types[2]!.key, { name: '', price: '40', quantity: '0' });
    expect(pricingErrors(state).types).toEqual([{}, { name: 'duplicateTicketTypeName', price: 'priceRequired' }, { name: 'ticketNameRequired', quantity: 'ticketQuantity' }]);
  });

  it('keeps 1 to 10 types: the last cannot be removed, an eleventh cannot be added', () => {
    let state = paid({ mode: 'multiple' });
    expect(removeTypeRow(state, state.types[0]!.key).types).toHaveLength(1);
    for (let i = 0; i < 12; i += 1) state = addTypeRow(state);
    expect(state.types).toHaveLength(10);
  });

  it('sends only whole types, with their ids when editing, in one currency', () => {
    const event = buildEvent({
      is_paid: true,
      pricing_mode: 'multiple',
      currency: 'ILS',
      ticket_types: [
        { id: 7, name: 'Early bird', price: 4000, currency: 'ILS', description: null, quantity: 50, stripe_price_id: 'price_1', stripe_price_amount: 4000, remaining: null, sold_out: false, seat_type: null },
        { id: 8, name: 'VIP', price: 15000, currency: 'ILS', description: 'Front row', quantity: null, stripe_price_id: 'price_2', stripe_price_amount: 15000, remaining: null, sold_out: false, seat_type: null },
      ],
    });
    const edited = pricingFromEvent(event, true);
    expect(edited.types.map((t) => [t.id, t.price, t.quantity])).toEqual([
      [7, '40.00', '50'],
      [8, '150.00', ''],
    ]);
    const withNew = updateTypeRow(addTypeRow(edited), 'x', {});
    const body = compilePricing(updateTypeRow(withNew, withNew.types[2]!.key, { name: 'Student', price: '25' }));
    expect(body.ticket_types).toEqual([
      { id: 7, name: 'Early bird', price: 4000, currency: 'ILS', description: null, quantity: 50 },
      { id: 8, name: 'VIP', price: 15000, currency: 'ILS', description: 'Front row', quantity: null },
      { id: null, name: 'Student', price: 2500, currency: 'ILS', description: null, quantity: null },
    ]);
    // A clone makes new types.
    expect(compilePricing(pricingFromEvent(event, false)).ticket_types?.map((t) => t.id)).toEqual([null, null]);
  });

  it('warns when an entered price differs from the payment provider price, compared in minor units', () => {
    const event = buildEvent({
      is_paid: true,
      pricing_mode: 'single',
      currency: 'EUR',
      price: 1250,
      ticket_name: 'General Admission',
      ticket_types: [{ id: 3, name: 'General Admission', price: 1250, currency: 'EUR', description: null, quantity: null, stripe_price_id: 'price_3', stripe_price_amount: 1250, remaining: null, sold_out: false, seat_type: null }],
    });
    const state = pricingFromEvent(event, true);
    expect(state).toMatchObject({ price: '12.50', ticketName: '', singleProviderAmount: 1250 });
    expect(priceChanges(state)).toEqual([]);
    expect(priceChanges({ ...state, price: '12.5' })).toEqual([]);
    expect(priceChanges({ ...state, price: '13' })).toEqual([{ key: 'single', provider: 1250, entered: 1300 }]);
  });
});

describe('the seat selector of the Tickets panel', () => {
  const map = { seatTypes: [{ label: 'Stalls', price: 2000 }, { label: 'Balcony', price: 0 }] };

  it('sells each seat type of the map as a ticket type, at the scheme price or the one price set before', () => {
    const state = seatPricing(paid({ mode: 'single', price: '15', types: [{ ...initialPricing().types[0]!, id: 4, price: '15' }] }), 12, map);
    expect(state).toMatchObject({ isPaid: true, mode: 'multiple', seated: true, templateId: 12 });
    expect(state.types.map((t) => [t.id, t.name, t.price, t.seatType])).toEqual([
      [4, 'Stalls', '20.00', 0],
      [null, 'Balcony', '15', 1],
    ]);
    expect(pricingErrors(state).types).toEqual([{}, {}]);
    expect(compilePricing(state)).toMatchObject({
      pricing_mode: 'multiple',
      seated: true,
      seat_template_id: 12,
      ticket_types: [
        { id: 4, name: 'Stalls', price: 2000, seat_type: 0 },
        { id: null, name: 'Balcony', price: 1500, seat_type: 1 },
      ],
    });
  });

  it('keeps the types that sell a seat type, and takes over a saved type of the same name', () => {
    const before = paid({
      mode: 'multiple',
      types: [
        { key: 'a', id: 1, name: 'Balcony', price: '9', description: '', quantity: '', providerAmount: 900 },
        { key: 'b', id: 2, name: 'Boxes', price: '80', description: '', quantity: '', providerAmount: 8000, seatType: 0 },
      ],
    });
    const state = seatPricing(before, null, map);
    expect(state.types.map((t) => [t.key, t.id, t.name, t.price, t.seatType])).toEqual([
      ['b', 2, 'Boxes', '80', 0],
      ['a', 1, 'Balcony', '9', 1],
    ]);
    expect(compilePricing(state)).toMatchObject({ seated: true, seat_template_id: null });
  });

  it('asks a price of every seat type (no row is left out as blank)', () => {
    const state = seatPricing(paid({ mode: 'multiple' }), 3, { seatTypes: [{ label: 'Economy', price: 0 }, { label: 'VIP', price: 5000 }] });
    expect(pricingErrors(state).types).toEqual([{ price: 'priceRequired' }, {}]);
    expect(hasPricingErrors(pricingErrors(state))).toBe(true);
  });

  it('switched off, the types stay without seats; a free event sends no seats', () => {
    const seated = seatPricing(paid({ mode: 'multiple' }), 3, map);
    const off = unseatPricing(seated);
    expect(off.seated).toBe(false);
    expect(off.types.every((t) => t.seatType === undefined)).toBe(true);
    expect(compilePricing(off)).toMatchObject({ seated: false, seat_template_id: null });
    expect(compilePricing({ ...seated, isPaid: false })).toMatchObject({ seated: false, seat_template_id: null, ticket_types: [] });
  });

  it('edits a seated event made with one price by its type row, the seat type kept', () => {
    const event = buildEvent({
      is_paid: true,
      pricing_mode: 'single',
      currency: 'EUR',
      seated: true,
      seat_template_id: null,
      ticket_types: [{ id: 5, name: 'General Admission', price: 1500, currency: 'EUR', description: null, quantity: null, stripe_price_id: 'price_5', stripe_price_amount: 1500, remaining: null, sold_out: false, seat_type: 0 }],
    });
    const state = pricingFromEvent(event, true);
    expect(state).toMatchObject({ mode: 'multiple', seated: true, templateId: null });
    const edited = updateTypeRow(state, state.types[0]!.key, { price: '18' });
    expect(compilePricing(edited)).toMatchObject({ pricing_mode: 'multiple', seated: true, ticket_types: [{ id: 5, price: 1800, seat_type: 0 }] });
  });
});
