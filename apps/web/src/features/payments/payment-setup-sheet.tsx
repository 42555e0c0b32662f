import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { formatMoney } from '@planns/shared/money/money.rules';
import { useDisablePayments } from '../../api/events/disable-payments.ts';
import { useChoosePaymentMode } from '../../api/payments/choose-payment-mode.ts';
import { useOnboardingUrl } from '../../api/payments/get-onboarding-url.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import './payment-setup-sheet.css';

type PaymentSetupSheetProps = {
  /** The paid event just saved (its product made). */
  event: Event;
  /** Moderators may sell through planns' own account (decision 0028). */
  isModerator: boolean;
  /** Where to go once a choice is made or the sheet is closed: the event page. */
  onDone: (hash: string) => void;
};

/**
 * The payment setup panel shown after saving a paid event (events §2, §4): sell through my payout
 * account (opening or verifying it when needed), through planns' own account (moderators), or
 * disable payments (the event becomes free). Each ends on the event's page.
 */
export function PaymentSetupSheet({ event, isModerator, onDone }: PaymentSetupSheetProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const mode = useChoosePaymentMode();
  const disable = useDisablePayments();
  const onboarding = useOnboardingUrl();
  const [problem, setProblem] = useState<string | null>(null);
  const isBusy = mode.isPending || disable.isPending || onboarding.isPending;
  // The owner's own account; a moderator setting up someone else's event sees the owner's approval only.
  const account = event.owner_payment_account ?? (event.creator.stripe_approved ? 'active' : null);
  const range = event.price_range;

  async function chooseMine() {
    setProblem(null);
    try {
      await mode.mutateAsync({ eventId: event.id, mode: 'own' });
      if (account === 'none') {
        void navigate('/stripe-settings');
      } else if (account === 'created' || account === 'inactive') {
        window.location.assign(await onboarding.mutateAsync());
      } else {
        onDone(event.hash);
      }
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  async function choosePlanns() {
    setProblem(null);
    try {
      const done = await mode.mutateAsync({ eventId: event.id, mode: 'planns' });
      onDone(done.hash);
    } catch {
      // The spec's text for this failure (accounts §8).
      setProblem(t('paymentSetup.plannsFailed'));
    }
  }

  async function makeFree() {
    setProblem(null);
    try {
      const done = await disable.mutateAsync(event.id);
      onDone(done.hash);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  const mineLabel =
    account === 'none'
      ? t('paymentSetup.openAccount')
      : account === 'created' || account === 'inactive'
        ? t('paymentSetup.verifyAccount')
        : t('paymentSetup.useMine');
  const mineHint =
    account === 'none'
      ? t('paymentSetup.openAccountHint')
      : account === 'created' || account === 'inactive'
        ? t('paymentSetup.verifyAccountHint')
        : t('paymentSetup.useMineHint');

  return (
    <Sheet open onOpenChange={(open) => !open && onDone(event.hash)} title={t('paymentSetup.title')}>
      <div className="payment-setup">
        <p className="payment-setup__intro">
          {range
            ? t('paymentSetup.intro', {
                name: event.name,
                price: range.min === range.max ? formatMoney(range.min, range.currency, i18n.language) : t('eventPage.priceFrom', { price: formatMoney(range.min, range.currency, i18n.language) }),
              })
            : event.name}
        </p>

        <button type="button" className="payment-setup__option payment-setup__option--primary" disabled={isBusy} onClick={() => void chooseMine()}>
          <Icon name="user" size={22} />
          <span className="payment-setup__text">
            <span className="payment-setup__label">{mineLabel}</span>
            <span className="payment-setup__hint">{mineHint}</span>
          </span>
        </button>

        {isModerator ? (
          <button type="button" className="payment-setup__option" disabled={isBusy} onClick={() => void choosePlanns()}>
            <Icon name="shield" size={22} />
            <span className="payment-setup__text">
              <span className="payment-setup__label">{t('paymentSetup.usePlanns')}</span>
              <span className="payment-setup__hint">{t('paymentSetup.usePlannsHint')}</span>
            </span>
          </button>
        ) : null}

        <button type="button" className="payment-setup__option" disabled={isBusy} onClick={() => void makeFree()}>
          <Icon name="tag" size={22} />
          <span className="payment-setup__text">
            <span className="payment-setup__label">{t('paymentSetup.disable')}</span>
            <span className="payment-setup__hint">{t('paymentSetup.disableHint')}</span>
          </span>
        </button>

        <FormMessage message={problem} />
      </div>
    </Sheet>
  );
}
