import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@planns/shared/money/money.rules';
import type { ReceiptPage } from '../../api/test-provider/get-receipt-page.ts';
import { Icon } from '../../components/icon.tsx';
import { useFormat } from '../../lib/format.ts';
import { receiptNet, receiptState, refundsInOrder } from './receipt-figures.ts';

/** Where the receipt's way back leads: the buyer's purchases. */
export const RECEIPT_BACK = '/purchase-history';

/**
 * A payment's receipt (what Stripe's receipt page shows, in short): the amount, who was paid,
 * what it was for and when, the refunds with their dates and what remains paid.
 */
export function ReceiptView({ receipt }: { receipt: ReceiptPage }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const money = (minor: number) => formatMoney(minor, receipt.currency, i18n.language);
  const when = (seconds: number) => format.date(new Date(seconds * 1000), { dateStyle: 'medium', timeStyle: 'short' });
  const state = receiptState(receipt);
  const refunds = refundsInOrder(receipt.refunds);

  return (
    <div className="tp-dashboard">
      <Link to={RECEIPT_BACK} className="tp-back">
        <Icon name="back" size={18} />
        {t('testProvider.backToPlanns')}
      </Link>

      <section className="tp-card tp-receipt" aria-labelledby="tp-receipt-title">
        <div className="tp-receipt__top">
          <p className="tp-eyebrow">{t('testProvider.receipt.eyebrow')}</p>
          <span className={`tp-status tp-status--${state === 'paid' ? 'succeeded' : 'refunded'}`}>{t(`testProvider.receipt.states.${state}`)}</span>
        </div>
        <h1 className="tp-summary__total-big" id="tp-receipt-title">
          {money(receipt.amount)}
        </h1>
        <p className="tp-receipt__payee">
          {t('testProvider.receipt.paidTo')} <bdi className="tp-receipt__payee-name">{receipt.pays_to ?? 'planns'}</bdi>
        </p>
        <dl className="tp-facts">
          <div className="tp-facts__row">
            <dt>{t('testProvider.receipt.for')}</dt>
            <dd>
              <bdi>{receipt.description ?? t('testProvider.dashboard.noDescription')}</bdi>
            </dd>
          </div>
          <div className="tp-facts__row">
            <dt>{t('testProvider.receipt.date')}</dt>
            <dd>
              <time dateTime={new Date(receipt.created * 1000).toISOString()}>{when(receipt.created)}</time>
            </dd>
          </div>
          <div className="tp-facts__row">
            <dt>{t('testProvider.receipt.number')}</dt>
            <dd className="tp-mono">
              <bdi>{receipt.id}</bdi>
            </dd>
          </div>
        </dl>
      </section>

      <section className="tp-section" aria-labelledby="tp-refunds-title">
        <h2 className="tp-section__title" id="tp-refunds-title">
          {t('testProvider.receipt.refunds')}
        </h2>
        {refunds.length === 0 ? (
          <p className="tp-empty">{t('testProvider.receipt.noRefunds')}</p>
        ) : (
          <div className="tp-card tp-receipt-refunds">
            <ul className="tp-lines tp-lines--plain">
              {refunds.map((refund) => (
                <li key={refund.id} className="tp-line">
                  <span className="tp-line__text">
                    <span className="tp-line__description">{t('testProvider.receipt.refund')}</span>
                    <time className="tp-line__quantity" dateTime={new Date(refund.created * 1000).toISOString()}>
                      {when(refund.created)}
                    </time>
                  </span>
                  <span className="tp-line__amount">{money(refund.amount)}</span>
                </li>
              ))}
            </ul>
            <p className="tp-summary__total">
              <span>{t('testProvider.receipt.refunded')}</span>
              <span>{money(receipt.amount_refunded)}</span>
            </p>
            <p className="tp-summary__total tp-receipt__net">
              <span>{t('testProvider.receipt.net')}</span>
              <span>{money(receiptNet(receipt))}</span>
            </p>
          </div>
        )}
      </section>

      <Link to={RECEIPT_BACK} className="btn btn--secondary btn--block">
        {t('testProvider.receipt.toPurchases')}
      </Link>
    </div>
  );
}
