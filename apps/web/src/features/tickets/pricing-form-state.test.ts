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
  updateTypeRow,
  type PricingFormState,
} from './pricing-form-state.ts';

const paid = (patch: Partial<PricingFormState>): PricingFormState => ({ ...initialPricing(), isPaid: true, ...patch });

describe('the Tickets panel', () => {
  it('starts free, in EUR, with one empty type ready', () => {
    const state = initialPricing();
    expect(state).toMatchObject({ isPaid: false, mode: 'single', currency: 'EUR' });
    expect(state.types).toHaveLength(1);
    expect(compilePricing(state)).toEqual({ pricing_mode: 'single', price: null, currency: null, ticket_name: null, ticket_description: null, ticket_types: [] });
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
    expect(compilePricing(state)).toEqual({ pricing_mode: 'single', price: 2500, currency: 'USD', ticket_name: 'General Admission', ticket_description: null, ticket_types: [] });
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
