import { describe, expect, it } from 'vitest';
import { buildEvent } from '../events/test-event.ts';
import { paymentAlertOf } from './payment-alert-kind.ts';

const type = { id: 1, name: 'General Admission', price: 1000, currency: 'EUR' as const, description: null, quantity: null, stripe_price_id: 'price_1', stripe_price_amount: 1000, remaining: null, sold_out: false, seat_type: null };
const paid = (patch: Parameters<typeof buildEvent>[0] = {}) =>
  buildEvent({ is_owner: true, is_paid: true, currency: 'EUR', price: 1000, payment_mode: 'own', stripe_product_id: 'prod_1', ticket_types: [type], ...patch });

describe('paymentAlertOf', () => {
  it("shows the 'needs verification' alert to an owner whose account is not approved", () => {
    expect(paymentAlertOf(paid({ owner_payment_account: 'created' }))).toBe('verify');
    expect(paymentAlertOf(paid({ owner_payment_account: 'inactive' }))).toBe('verify');
  });

  it('asks an owner without an account to open one', () => {
    expect(paymentAlertOf(paid({ owner_payment_account: 'none' }))).toBe('open');
  });

  it('asks to finish the setup when a price is not at the provider yet', () => {
    expect(paymentAlertOf(paid({ owner_payment_account: 'active', ticket_types: [{ ...type, stripe_price_id: null, stripe_price_amount: null, remaining: null, sold_out: false, seat_type: null }] }))).toBe('setup');
    expect(paymentAlertOf(paid({ payment_mode: 'planns', owner_payment_account: 'none', stripe_product_id: null }))).toBe('setup');
  });

  it('shows nothing to others, on free events, or once payments are enabled', () => {
    expect(paymentAlertOf(paid({ is_owner: false, owner_payment_account: null }))).toBeNull();
    expect(paymentAlertOf(buildEvent({ is_owner: true }))).toBeNull();
    expect(paymentAlertOf(paid({ owner_payment_account: 'active', payments_enabled: true }))).toBeNull();
    // planns' own account sells it: the owner's missing account is no obstacle.
    expect(paymentAlertOf(paid({ payment_mode: 'planns', owner_payment_account: 'none' }))).toBeNull();
  });
});
