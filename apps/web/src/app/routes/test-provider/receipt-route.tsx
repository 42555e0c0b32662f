import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useReceiptPage } from '../../../api/test-provider/get-receipt-page.ts';
import { HostedState } from '../../../features/test-provider/hosted-state.tsx';
import { ReceiptView } from '../../../features/test-provider/receipt-view.tsx';
import { HostedLoadState, HostedScreen, isLinkGone } from './hosted-screen.tsx';

/**
 * /test-provider/receipts/{paymentIntentId} (PAYMENTS_PROVIDER=test): a payment's receipt, the
 * receipt link of a purchase. No sign-in: the id is the secret, as Stripe's receipt links are.
 */
export function ReceiptRoute() {
  const { paymentIntentId = '' } = useParams();
  return (
    <HostedScreen cards="none">
      <ReceiptScreen key={paymentIntentId} paymentIntentId={paymentIntentId} />
    </HostedScreen>
  );
}

function ReceiptScreen({ paymentIntentId }: { paymentIntentId: string }) {
  const { t } = useTranslation();
  const query = useReceiptPage(paymentIntentId);
  if (query.isError && isLinkGone(query.error)) {
    return (
      <HostedState icon="document" title={t('testProvider.receipt.notFound.title')} text={t('testProvider.receipt.notFound.text')}>
        <Link to="/purchase-history" className="btn btn--primary btn--block">
          {t('testProvider.receipt.toPurchases')}
        </Link>
      </HostedState>
    );
  }
  if (!query.data) return <HostedLoadState error={query.error} onRetry={() => void query.refetch()} />;
  return <ReceiptView receipt={query.data} />;
}
