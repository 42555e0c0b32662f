import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { useCreatePaymentProduct } from '../../api/payments/create-payment-product.ts';
import { useOnboardingUrl } from '../../api/payments/get-onboarding-url.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { paymentAlertOf } from './payment-alert-kind.ts';
import './payment-alert.css';

/**
 * What the owner of a paid event must still do before buyers can pay (events §1, accounts §2):
 * the 'needs verification' alert with a verify button when their payout account is not approved,
 * an invitation to open one when they have none, and the payment setup to finish when the
 * prices are not at the provider yet. Nothing for anyone else, or when payments are enabled.
 */
export function PaymentAlert({ event }: { event: Event }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const onboarding = useOnboardingUrl();
  const product = useCreatePaymentProduct();
  const [problem, setProblem] = useState<string | null>(null);
  const kind = paymentAlertOf(event);
  if (kind === null) return null;

  async function verify() {
    setProblem(null);
    try {
      window.location.assign(await onboarding.mutateAsync());
    } catch {
      setProblem(t('tickets.verifyFailed'));
    }
  }

  async function finish() {
    setProblem(null);
    try {
      await product.mutateAsync(event.id);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <section className="payment-alert" role="alert" aria-live="polite">
      <Icon name="tag" size={22} />
      <div className="payment-alert__body">
        {kind === 'verify' ? (
          <>
            <p className="payment-alert__title">{t('tickets.needsVerificationTitle')}</p>
            <p className="payment-alert__text">{t('tickets.needsVerification')}</p>
            <button type="button" className="btn btn--primary btn--small" disabled={onboarding.isPending} onClick={() => void verify()}>
              {t('tickets.verify')}
            </button>
          </>
        ) : kind === 'open' ? (
          <>
            <p className="payment-alert__title">{t('tickets.noAccountTitle')}</p>
            <p className="payment-alert__text">{t('tickets.noAccount')}</p>
            <Link className="btn btn--primary btn--small" to="/stripe-settings">
              {t('tickets.openAccount')}
            </Link>
          </>
        ) : (
          <>
            <p className="payment-alert__title">{t('tickets.setupTitle')}</p>
            <p className="payment-alert__text">{t('tickets.setup')}</p>
            <button type="button" className="btn btn--primary btn--small" disabled={product.isPending} onClick={() => void finish()}>
              {t('tickets.finishSetup')}
            </button>
          </>
        )}
        <FormMessage message={problem} />
      </div>
    </section>
  );
}
