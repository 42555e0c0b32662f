import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { User } from '@planns/shared/users/users.schemas';
import { usePaymentAccount } from '../../api/payments/get-payment-account.ts';
import { paymentListQueryKey, usePayments } from '../../api/payments/list-payments.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryFallback } from '../../components/query-fallback.tsx';
import { SignedInContent } from '../../components/signed-in-content.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { showNotice } from '../../lib/notice.ts';
import { describeAccount } from './payment-account-view.ts';
import { PaymentEmailForm } from './payment-email-form.tsx';
import { PaymentsTable } from './payments-table.tsx';
import { TestPaymentForm } from './test-payment-form.tsx';
import { useOpenVerification } from './use-provider-links.ts';
import { useSyncApproval } from './use-sync-approval.ts';
import './payments.css';

/** The account in one line: verified or what is next, Verify while it is not, and the newer screen. */
function AccountSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const account = usePaymentAccount();
  const verification = useOpenVerification();
  useSyncApproval(account.data, user);

  if (account.isPending) return <Spinner />;
  if (account.isError) {
    return (
      <div className="pay-inline-error">
        <FormMessage message={t('payments.messages.loadFailed')} />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void account.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!account.data) return <PaymentEmailForm checksFormat={false} defaultEmail={user.email} />;

  const view = describeAccount(account.data);
  const isActive = view.status === 'active';
  return (
    <div className="pay-summary">
      <p className={isActive ? 'pay-summary__status pay-summary__status--active' : 'pay-summary__status'}>
        <Icon name={isActive ? 'check' : 'clock'} size={20} />
        <span>{t(`payments.headline.${view.nextStep}`)}</span>
      </p>
      <p className="pay-summary__email">
        <bdi>{account.data.email}</bdi>
      </p>
      <p className="pay-summary__next">{t(`payments.nextStep.${view.nextStep}`)}</p>
      {view.canVerify ? (
        <button type="button" className="btn btn--primary btn--block" disabled={verification.isBusy} onClick={verification.open}>
          <Icon name="shield" size={20} />
          {verification.isBusy ? t('payments.actions.opening') : t('payments.actions.verify')}
        </button>
      ) : null}
      <FormMessage message={verification.error} />
      <Link to="/stripe-settings" className="inline-link pay-summary__more">
        {t('payments.paymentSettings.manage')}
      </Link>
    </div>
  );
}

function PaymentsSection({ user }: { user: User }) {
  const payments = usePayments(user.id);
  if (payments.isPending || payments.isError) {
    return <QueryFallback isError={payments.isError} error={payments.error} onRetry={() => void payments.refetch()} />;
  }
  return <PaymentsTable payments={payments.data} />;
}

/** The test checkout's way back (?payment=success or cancelled): a notice, and the table again. */
function usePaymentReturn(user: User): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = searchParams.get('payment');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'cancelled') return;
    if (handled.current === outcome) return;
    handled.current = outcome;
    showNotice(outcome === 'success' ? { title: t('payments.testPayment.succeeded') } : { title: t('payments.testPayment.cancelled'), tone: 'error' });
    void queryClient.invalidateQueries({ queryKey: paymentListQueryKey(user.id) });
    setSearchParams(
      (params) => {
        params.delete('payment');
        return params;
      },
      { replace: true },
    );
  }, [outcome, queryClient, setSearchParams, t, user.id]);
}

function PaymentSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  usePaymentReturn(user);
  return (
    <>
      <section className="pay-section" aria-labelledby="pay-account-title">
        <h2 id="pay-account-title" className="pay-section__title">
          {t('payments.paymentSettings.account')}
        </h2>
        <AccountSection user={user} />
      </section>
      <section className="pay-section" aria-labelledby="pay-list-title">
        <h2 id="pay-list-title" className="pay-section__title">
          {t('payments.list.title')}
        </h2>
        <PaymentsSection user={user} />
      </section>
      <section className="pay-section" aria-labelledby="pay-test-title">
        <h2 id="pay-test-title" className="pay-section__title">
          {t('payments.testPayment.title')}
        </h2>
        <p className="pay-section__text">{t('payments.testPayment.intro')}</p>
        <TestPaymentForm user={user} />
      </section>
    </>
  );
}

/**
 * /payment-settings (accounts §2 Payment settings, the older screen): the payment email and
 * verification, the payments received as a table, and a test payment through the checkout.
 */
export function PaymentSettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="pay-page">
      <PageHeader title={t('payments.paymentSettings.title')} />
      <SignedInContent
        signedOut={{ icon: <Icon name="settings" size={32} />, text: t('payments.signedOut'), signInLabel: t('payments.signIn') }}
      >
        {(user) => <PaymentSettings key={user.id} user={user} />}
      </SignedInContent>
    </div>
  );
}
