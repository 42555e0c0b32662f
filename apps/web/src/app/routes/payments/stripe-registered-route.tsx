import { StripeRegisteredPage } from '../../../features/payments/stripe-registered-page.tsx';

/** /stripe_registered: where the provider's onboarding returns; the account's fresh state. */
export function StripeRegisteredRoute() {
  return <StripeRegisteredPage />;
}
