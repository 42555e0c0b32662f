import { StripeSettingsPage } from '../../../features/payments/stripe-settings-page.tsx';

/** /stripe-settings: the payout account (create, verify, dashboard, disconnect). */
export function StripeSettingsRoute() {
  return <StripeSettingsPage />;
}
