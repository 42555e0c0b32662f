import type { Event } from '@planns/shared/events/events.schemas';

/**
 * Which payment alert the event page shows its owner (events §1 'needs verification'): 'verify'
 * when the payout account exists but is not approved, 'open' when there is none, 'setup' when
 * the prices are not at the provider yet; null for anyone else, a free event, or when payments
 * are enabled. An event sold through planns' own account needs no account of the owner's.
 */
export function paymentAlertOf(event: Pick<Event, 'is_owner' | 'is_paid' | 'payments_enabled' | 'payment_mode' | 'owner_payment_account' | 'stripe_product_id' | 'ticket_types'>): 'verify' | 'open' | 'setup' | null {
  if (!event.is_owner || !event.is_paid || event.payments_enabled) return null;
  const account = event.owner_payment_account;
  if (event.payment_mode === 'own' && (account === 'created' || account === 'inactive')) return 'verify';
  if (event.payment_mode === 'own' && account === 'none') return 'open';
  const hasPrices = event.stripe_product_id !== null && event.ticket_types.every((type) => type.stripe_price_id !== null);
  return hasPrices ? null : 'setup';
}
