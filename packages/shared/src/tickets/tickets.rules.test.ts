import { describe, expect, it } from 'vitest';
import {
  canAddTicketType,
  canRemoveTicketType,
  DEFAULT_TICKET_NAME,
  normalizePricing,
  priceRange,
  refundAmount,
  TICKET_MESSAGES,
  TICKET_TYPES_MAX,
  ticketTypeProblems,
} from './tickets.rules.ts';

describe('the ticket type editor (events §5)', () => {
  it('asks for a name, a price above 0 and a currency, with the spec texts', () => {
    expect(ticketTypeProblems([{ name: '  ', price: 0, currency: '' }])).toEqual([
      { name: 'Ticket name is required', price: 'Price must be greater than 0', currency: 'Currency is required' },
    ]);
    expect(ticketTypeProblems([{ name: 'VIP', price: 2500, currency: 'EUR' }])).toEqual([{}]);
    expect(ticketTypeProblems([{ name: 'VIP', price: 12.5, currency: 'EUR' }])[0]).toEqual({ price: TICKET_MESSAGES.ticketPriceRequired });
    expect(ticketTypeProblems([{ name: 'VIP', price: 100, currency: 'XBT' }])[0]).toEqual({ currency: TICKET_MESSAGES.currencyRequired });
  });

  it('refuses a name already used, ignoring case and spaces around it', () => {
    const problems = ticketTypeProblems([
      { name: 'Early bird', price: 1000, currency: 'EUR' },
      { name: ' EARLY BIRD ', price: 1500, currency: 'EUR' },
      { name: 'Late', price: 2000, currency: 'EUR' },
    ]);
    expect(problems).toEqual([{}, { name: 'Ticket type name already exists' }, {}]);
  });

  it('keeps at least one type and at most 10', () => {
    expect(TICKET_TYPES_MAX).toBe(10);
    expect(TICKET_MESSAGES.tooMany(TICKET_TYPES_MAX)).toBe('Maximum of 10 ticket types allowed');
    expect([canAddTicketType(9), canAddTicketType(10)]).toEqual([true, false]);
    expect([canRemoveTicketType(1), canRemoveTicketType(2)]).toEqual([false, true]);
  });
});

describe('sending an event (events §5)', () => {
  it('single mode: one price, the default ticket name, no types', () => {
    expect(normalizePricing({ pricing_mode: 'single', price: 1200, currency: 'EUR', ticket_name: ' ', ticket_types: [{ name: 'x', price: 5, currency: 'EUR' }] })).toEqual({
      pricing_mode: 'single',
      price: 1200,
      currency: 'EUR',
      ticket_name: DEFAULT_TICKET_NAME,
      ticket_description: null,
      ticket_types: [],
    });
  });

  it('multiple mode: only types with a name and a price above 0, single fields dropped', () => {
    const sent = normalizePricing({
      pricing_mode: 'multiple',
      price: 999,
      currency: 'USD',
      ticket_name: 'Old',
      ticket_types: [
        { name: 'Standard', price: 1500, currency: 'USD', description: ' Main room ' },
        { name: '', price: 800, currency: 'USD' },
        { name: 'Free drink', price: 0, currency: 'USD' },
        { name: 'VIP', price: 4000, currency: 'USD', quantity: 20 },
      ],
    });
    expect(sent).toEqual({
      pricing_mode: 'multiple',
      price: null,
      currency: 'USD',
      ticket_name: null,
      ticket_description: null,
      ticket_types: [
        { name: 'Standard', price: 1500, currency: 'USD', description: 'Main room', quantity: null },
        { name: 'VIP', price: 4000, currency: 'USD', description: null, quantity: 20 },
      ],
    });
    expect(priceRange(sent.ticket_types, sent.currency)).toEqual({ min: 1500, max: 4000, currency: 'USD' });
  });

  it('no valid price left: the event is free, with price, currency and ticket fields null', () => {
    const free = { pricing_mode: 'single', price: null, currency: null, ticket_name: null, ticket_description: null, ticket_types: [] };
    expect(normalizePricing({ pricing_mode: 'multiple', ticket_types: [{ name: 'A', price: 0, currency: 'EUR' }] })).toEqual(free);
    expect(normalizePricing({ pricing_mode: 'single', price: 0, currency: 'EUR' })).toEqual(free);
    expect(normalizePricing({ pricing_mode: 'single', price: 500, currency: null })).toEqual(free);
    const none = normalizePricing({ pricing_mode: 'single' });
    expect(priceRange(none.ticket_types, none.currency)).toBeNull();
  });
});

describe('refunds (refundAmount)', () => {
  const order = { subtotal: 3000, fee: 150, total: 3150, refunded_amount: 0 };
  it('gives back the tickets and their share of the fee, rounded down', () => {
    expect(refundAmount(order, [1000], false)).toBe(1050);
    expect(refundAmount({ ...order, fee: 151, total: 3151 }, [1000], false)).toBe(1050);
  });
  it('gives back everything not yet refunded with the last tickets', () => {
    expect(refundAmount({ ...order, refunded_amount: 1050 }, [2000], true)).toBe(2100);
  });
  it('never gives back more than remains', () => {
    expect(refundAmount({ ...order, refunded_amount: 3000 }, [1000], false)).toBe(150);
  });
  it('gives back no fee share on a free order', () => {
    expect(refundAmount({ subtotal: 0, fee: 0, total: 0, refunded_amount: 0 }, [0], false)).toBe(0);
  });
});
