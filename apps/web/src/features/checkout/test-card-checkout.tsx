import { useTranslation } from 'react-i18next';
import { formatMoney } from '@planns/shared/money/money.rules';
import { useCheckoutPage } from '../../api/test-provider/get-checkout-page.ts';
import { Spinner } from '../../components/spinner.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { CardForm } from '../test-provider/card-form.tsx';
import { TestModeBanner } from '../test-provider/test-mode-banner.tsx';
import '../test-provider/test-provider.css';

/**
 * Step 4 with the test provider (events §4): its card form embedded in the join flow, paying the
 * session just opened. A payment goes on to the session's return address (this event's page with
 * ?checkout_session=), where step 5 asks the server how it went, as after Stripe's form (or, with
 * no address to follow, straight to step 5).
 */
export function TestCardCheckout({ sessionId, onPaid }: { sessionId: string; onPaid: () => void }) {
  const { t, i18n } = useTranslation();
  const page = useCheckoutPage(sessionId);
  if (page.isPending) return <Spinner label={t('checkout.opening')} />;
  if (page.isError) return <FormMessage message={t('checkout.statusFailed')} />;
  const session = page.data;
  return (
    <div className="checkout__card">
      <TestModeBanner cards="below" />
      <CardForm session={session} totalText={formatMoney(session.amount_total, session.currency, i18n.language)} onPaidWithoutRedirect={onPaid} />
    </div>
  );
}
