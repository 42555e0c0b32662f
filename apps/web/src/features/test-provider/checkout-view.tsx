import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@planns/shared/money/money.rules';
import type { CheckoutPage } from '../../api/test-provider/get-checkout-page.ts';
import { CardForm } from './card-form.tsx';
import { HostedState } from './hosted-state.tsx';

/**
 * The hosted checkout (what Stripe Checkout shows): what is bought, the total, who is paid, and
 * the card form; a paid or expired session shows that instead. A payment goes on to the
 * session's success address (redirect_url); with none, the page says the payment went through.
 */
export function CheckoutView({ session }: { session: CheckoutPage }) {
  const { t, i18n } = useTranslation();
  const [isPaidHere, setIsPaidHere] = useState(false);
  const money = (minor: number) => formatMoney(minor, session.currency, i18n.language);

  if (isPaidHere) {
    return (
      <HostedState icon="check" tone="success" title={t('testProvider.checkout.success.title')} text={t('testProvider.checkout.success.text')}>
        <Link to="/" className="btn btn--primary btn--block">
          {t('testProvider.backToPlanns')}
        </Link>
      </HostedState>
    );
  }
  if (session.status !== 'open') {
    const isPaid = session.status === 'complete';
    return (
      <HostedState
        icon={isPaid ? 'check' : 'clock'}
        tone={isPaid ? 'success' : 'warning'}
        title={isPaid ? t('testProvider.checkout.paid.title') : t('testProvider.checkout.expired.title')}
        text={isPaid ? t('testProvider.checkout.paid.text') : t('testProvider.checkout.expired.text')}
      >
        <Link to="/" className="btn btn--primary btn--block">
          {t('testProvider.backToPlanns')}
        </Link>
      </HostedState>
    );
  }

  const payee = session.pays_to ?? 'planns';
  return (
    <div className="tp-checkout">
      <section className="tp-card tp-summary" aria-labelledby="tp-summary-title">
        <p className="tp-eyebrow">{t('testProvider.checkout.paysTo')}</p>
        <h1 className="tp-summary__payee" id="tp-summary-title">
          <bdi>{payee}</bdi>
        </h1>
        <p className="tp-summary__total-big">{money(session.amount_total)}</p>
        <ul className="tp-lines">
          {session.line_items.map((line, index) => (
            <li key={index} className="tp-line">
              <span className="tp-line__text">
                <span className="tp-line__description">
                  <bdi>{line.description}</bdi>
                </span>
                {line.quantity > 1 ? (
                  <span className="tp-line__quantity">
                    {t('testProvider.checkout.quantity', { quantity: line.quantity, price: money(line.unit_amount) })}
                  </span>
                ) : null}
              </span>
              <span className="tp-line__amount">{money(line.amount_total)}</span>
            </li>
          ))}
        </ul>
        <p className="tp-summary__total">
          <span>{t('testProvider.checkout.total')}</span>
          <span>{money(session.amount_total)}</span>
        </p>
      </section>

      <CardForm session={session} totalText={money(session.amount_total)} onPaidWithoutRedirect={() => setIsPaidHere(true)} />
    </div>
  );
}
