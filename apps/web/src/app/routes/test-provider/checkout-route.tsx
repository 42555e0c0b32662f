import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCheckoutPage } from '../../../api/test-provider/get-checkout-page.ts';
import { CheckoutView } from '../../../features/test-provider/checkout-view.tsx';
import { HostedState } from '../../../features/test-provider/hosted-state.tsx';
import { HostedLoadState, HostedScreen, isLinkGone } from './hosted-screen.tsx';

/**
 * /test-provider/checkout/{sessionId} (PAYMENTS_PROVIDER=test): the hosted card form a Checkout
 * Session's url opens. No sign-in: the session id is the secret, as with Stripe.
 */
export function CheckoutRoute() {
  const { sessionId = '' } = useParams();
  return <CheckoutScreen key={sessionId} sessionId={sessionId} />;
}

function CheckoutScreen({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const query = useCheckoutPage(sessionId);

  if (query.isError && isLinkGone(query.error)) {
    return (
      <HostedScreen>
        <HostedState icon="tag" title={t('testProvider.checkout.notFound.title')} text={t('testProvider.checkout.notFound.text')}>
          <Link to="/" className="btn btn--primary btn--block">
            {t('testProvider.backToPlanns')}
          </Link>
        </HostedState>
      </HostedScreen>
    );
  }
  if (!query.data) {
    return (
      <HostedScreen>
        <HostedLoadState error={query.error} onRetry={() => void query.refetch()} />
      </HostedScreen>
    );
  }
  // The banner points to the test cards listed under the form while there is a form.
  return (
    <HostedScreen cards={query.data.status === 'open' ? 'below' : 'inline'}>
      <CheckoutView session={query.data} />
    </HostedScreen>
  );
}
