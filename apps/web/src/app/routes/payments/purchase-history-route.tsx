import { PurchaseHistoryPage } from '../../../features/payments/purchase-history-page.tsx';

/** /purchase-history: what the person bought, as an expandable list. */
export function PurchaseHistoryRoute() {
  return <PurchaseHistoryPage />;
}
