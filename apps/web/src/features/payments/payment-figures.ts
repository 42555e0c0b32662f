import type { Event, TicketTypeRead } from '@planns/shared/events/events.schemas';
import type { Payment } from '@planns/shared/payments/payments.schemas';
import { serviceFee } from '@planns/shared/money/money.rules';
import { TEST_PAYMENT_MAX_QUANTITY } from '@planns/shared/payments/payments.rules';
import { isApiError } from '../../lib/api-client.ts';

/**
 * The figures of the payments screens, in minor units (decision 0027): integer arithmetic only;
 * formatMoney turns them into text.
 */

/** What a payment leaves the seller: what the buyer paid less planns' service fee. */
export function paymentNet(payment: Pick<Payment, 'amount' | 'application_fee_amount'>): number {
  return payment.amount - payment.application_fee_amount;
}

/** Unix seconds as the day it was in the viewer's time zone, YYYY-MM-DD (accounts §9). */
export function paymentDay(createdSeconds: number): string {
  const date = new Date(createdSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The events a person can make a test payment for: their own, paid, with payments enabled. */
export function testPaymentEvents(events: readonly Event[], userId: number): Event[] {
  return events.filter((event) => event.user_id === userId && event.is_paid && event.payments_enabled && event.ticket_types.length > 0);
}

/** A quantity typed or chosen, kept within 1..TEST_PAYMENT_MAX_QUANTITY. */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(TEST_PAYMENT_MAX_QUANTITY, Math.max(1, Math.trunc(value)));
}

export type TestPaymentPreview = {
  unitPrice: number;
  quantity: number;
  /** The tickets before the fee: unit price times quantity. */
  subtotal: number;
  /** planns' service fee on the subtotal, as the server computes it; null while the percent is unknown. */
  fee: number | null;
  total: number | null;
};

/**
 * What a test payment will charge, as the server computes it (payments.service makeTestPayment):
 * the unit price times the quantity, and the service fee of `feePercent` (the public config's
 * platform_fee_percent) on that. Without the percent, the fee and total are left to the server.
 * A price_changed answer's figures, once shown, replace the price and the fee.
 */
export function testPaymentPreview(
  type: Pick<TicketTypeRead, 'price'>,
  quantity: number,
  feePercent: number | null,
  shown: { price: number; fee: number } | null = null,
): TestPaymentPreview {
  const unitPrice = shown?.price ?? type.price;
  const subtotal = unitPrice * quantity;
  const fee = shown?.fee ?? (feePercent === null ? null : serviceFee(subtotal, feePercent));
  return { unitPrice, quantity, subtotal, fee, total: fee === null ? null : subtotal + fee };
}

/**
 * A 409 price_changed answer's current figures (its fields price and fee, minor units as text),
 * or null when the error is another one.
 */
export function priceChangedFigures(error: unknown): { price: number; fee: number } | null {
  if (!isApiError(error) || error.code !== 'price_changed') return null;
  const price = Number(error.fields.price);
  const fee = Number(error.fields.fee);
  return Number.isInteger(price) && Number.isInteger(fee) ? { price, fee } : null;
}
