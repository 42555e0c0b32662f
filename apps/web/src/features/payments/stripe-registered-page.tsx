import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@planns/shared/users/users.schemas';
import { usePaymentAccount } from '../../api/payments/get-payment-account.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SignedInContent } from '../../components/signed-in-content.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { AccountActions } from './account-actions.tsx';
import { AccountStatusCard } from './account-status-card.tsx';
import { describeAccount } from './payment-account-view.ts';
import { useSyncApproval } from './use-sync-approval.ts';
import './payments.css';

function SettingsLink() {
  const { t } = useTranslation();
  return (
    <Link to="/stripe-settings" className="btn btn--secondary btn--block">
      {t('payments.registered.toSettings')}
    </Link>
  );
}

function RegisteredResult({ user }: { user: User }) {
  const { t } = useTranslation();
  // Asked afresh on arrival: GET payments/info asks the provider again while the account is not active.
  const account = usePaymentAccount({ refetchOnMount: 'always' });
  useSyncApproval(account.data, user);

  if (account.isPending) {
    return (
      <div className="state-screen state-screen--inline">
        <Spinner label={t('payments.registered.checking')} />
        <p className="state-screen__text">{t('payments.registered.checking')}</p>
      </div>
    );
  }
  if (account.isError) {
    return (
      <div className="state-screen state-screen--inline">
        <FormMessage message={t('payments.messages.loadFailed')} />
        <div className="state-screen__actions">
          <button type="button" className="btn btn--primary" onClick={() => void account.refetch()}>
            {t('common.retry')}
          </button>
          <SettingsLink />
        </div>
      </div>
    );
  }
  if (!account.data) {
    return (
      <div className="state-screen state-screen--inline">
        <p className="state-screen__text">{t('payments.registered.noAccount')}</p>
        <SettingsLink />
      </div>
    );
  }

  const view = describeAccount(account.data);
  const isActive = view.status === 'active';
  // Verified; or the provider is still checking; or the person left something to do.
  const result = isActive ? 'verified' : view.nextStep === 'waitForReview' ? 'pending' : 'unfinished';
  return (
    <>
      <div className={isActive ? 'pay-result pay-result--active' : 'pay-result'} role="status">
        <span className="pay-result__icon">
          <Icon name={isActive ? 'check' : 'clock'} size={32} />
        </span>
        <p className="pay-result__title">{t(`payments.registered.${result}`)}</p>
      </div>
      <AccountStatusCard account={account.data} view={view} />
      {isActive ? null : <AccountActions view={{ ...view, canOpenDashboard: false }} />}
      {isActive ? null : (
        <button type="button" className="btn btn--ghost btn--block" disabled={account.isFetching} onClick={() => void account.refetch()}>
          {account.isFetching ? t('payments.registered.checking') : t('payments.registered.checkAgain')}
        </button>
      )}
      <SettingsLink />
    </>
  );
}

/**
 * /stripe_registered, where the provider's onboarding returns: the account asked afresh, then the
 * result (verified, or still being verified and what is missing) and the way to /stripe-settings.
 */
export function StripeRegisteredPage() {
  const { t } = useTranslation();
  return (
    <div className="pay-page">
      <PageHeader title={t('payments.registered.title')} />
      <SignedInContent
        signedOut={{ icon: <Icon name="lock" size={32} />, text: t('payments.signedOut'), signInLabel: t('payments.signIn') }}
      >
        {(user) => <RegisteredResult key={user.id} user={user} />}
      </SignedInContent>
    </div>
  );
}
