import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { User } from '@planns/shared/users/users.schemas';
import { usePaymentAccount } from '../../api/payments/get-payment-account.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SignedInContent } from '../../components/signed-in-content.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { AccountActions } from './account-actions.tsx';
import { AccountStatusCard } from './account-status-card.tsx';
import { DisconnectAccountButton } from './disconnect-account-button.tsx';
import { describeAccount } from './payment-account-view.ts';
import { PaymentEmailForm } from './payment-email-form.tsx';
import { useOpenVerification } from './use-provider-links.ts';
import { useSyncApproval } from './use-sync-approval.ts';
import './payments.css';

/**
 * The provider's refresh_url (/stripe-settings?onboarding=refresh): the onboarding link expired or
 * was used, so a fresh one is fetched and opened at once (once, however often React renders).
 */
function OnboardingRefresh({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const verification = useOpenVerification();
  const { open } = verification;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    open();
  }, [open]);

  if (verification.error) {
    return (
      <div className="state-screen state-screen--inline">
        <FormMessage message={verification.error} />
        <div className="state-screen__actions">
          <button type="button" className="btn btn--primary" onClick={open}>
            {t('common.retry')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            {t('payments.refresh.back')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="state-screen state-screen--inline">
      <Spinner label={t('payments.refresh.opening')} />
      <p className="state-screen__text">{t('payments.refresh.opening')}</p>
    </div>
  );
}

function StripeSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const account = usePaymentAccount();
  useSyncApproval(account.data, user);

  if (searchParams.get('onboarding') === 'refresh') {
    return <OnboardingRefresh onCancel={() => setSearchParams({}, { replace: true })} />;
  }
  if (account.isPending) {
    return (
      <div className="route-loading">
        <Spinner />
      </div>
    );
  }
  if (account.isError) {
    return (
      <div className="state-screen state-screen--inline">
        <FormMessage message={t('payments.messages.loadFailed')} />
        <button type="button" className="btn btn--secondary" onClick={() => void account.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!account.data) return <PaymentEmailForm checksFormat defaultEmail={user.email} />;

  const view = describeAccount(account.data);
  return (
    <>
      <AccountStatusCard account={account.data} view={view} />
      <AccountActions view={view} />
      <DisconnectAccountButton />
    </>
  );
}

/**
 * /stripe-settings (accounts §2 Stripe settings, the newer screen): create the payout account,
 * verify it at the provider, open its dashboard, disconnect it.
 */
export function StripeSettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="pay-page">
      <PageHeader title={t('payments.stripeSettings.title')} />
      <p className="pay-page__intro">{t('payments.stripeSettings.intro')}</p>
      <SignedInContent
        signedOut={{ icon: <Icon name="lock" size={32} />, text: t('payments.signedOut'), signInLabel: t('payments.signIn') }}
      >
        {(user) => <StripeSettings key={user.id} user={user} />}
      </SignedInContent>
    </div>
  );
}
