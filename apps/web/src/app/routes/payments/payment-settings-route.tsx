import { PaymentSettingsPage } from '../../../features/payments/payment-settings-page.tsx';

/** /payment-settings: the older payment screen (email, verify, payments table, test payment). */
export function PaymentSettingsRoute() {
  return <PaymentSettingsPage />;
}
