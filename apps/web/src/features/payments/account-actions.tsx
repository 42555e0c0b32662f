import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import type { AccountView } from './payment-account-view.ts';
import { useOpenDashboard, useOpenVerification } from './use-provider-links.ts';

/**
 * What can be done with an account at the provider: Verify while verification has something
 * left, Open dashboard once details were submitted (the main action once verified).
 */
export function AccountActions({ view }: { view: AccountView }) {
  const { t } = useTranslation();
  const verification = useOpenVerification();
  const dashboard = useOpenDashboard();
  const isVerifyMain = view.nextStep === 'startVerification' || view.nextStep === 'acceptTerms';

  return (
    <div className="pay-actions">
      {view.canVerify ? (
        <button
          type="button"
          className={isVerifyMain ? 'btn btn--primary btn--block' : 'btn btn--secondary btn--block'}
          disabled={verification.isBusy}
          onClick={verification.open}
        >
          <Icon name="shield" size={20} />
          {verification.isBusy ? t('payments.actions.opening') : t(isVerifyMain ? 'payments.actions.verify' : 'payments.actions.verifyAgain')}
        </button>
      ) : null}
      <FormMessage message={verification.error} />
      {view.canOpenDashboard ? (
        <button
          type="button"
          className={view.status === 'active' ? 'btn btn--primary btn--block' : 'btn btn--secondary btn--block'}
          disabled={dashboard.isBusy}
          onClick={dashboard.open}
        >
          <Icon name="link" size={20} />
          {dashboard.isBusy ? t('payments.actions.opening') : t('payments.actions.dashboard')}
        </button>
      ) : null}
      <FormMessage message={dashboard.error} />
    </div>
  );
}
