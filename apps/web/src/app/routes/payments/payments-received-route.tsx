import { PaymentsReceivedPage } from '../../../features/payments/payments-received-page.tsx';

/** /payments-received: the payments the person received, as an expandable list. */
export function PaymentsReceivedRoute() {
  return <PaymentsReceivedPage />;
}
