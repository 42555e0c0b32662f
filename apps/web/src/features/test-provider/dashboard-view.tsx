import { useTranslation } from 'react-i18next';
import { formatMoney } from '@planns/shared/money/money.rules';
import type { DashboardPage } from '../../api/test-provider/get-dashboard-page.ts';
import { Icon } from '../../components/icon.tsx';
import { useFormat } from '../../lib/format.ts';
import { DestinationLink } from './destination-link.tsx';

/** Where the dashboard's way back leads when the link has no redirect_url. */
export const DASHBOARD_FALLBACK = '/stripe-settings';

const KNOWN_STATUSES = ['succeeded', 'refunded'] as const;

/**
 * The payout account's "dashboard" (what Stripe's Express dashboard shows, in short): who, the
 * balance per currency, the payments with planns' fee and the net, and the way back to planns.
 */
export function DashboardView({ page }: { page: DashboardPage }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const money = (minor: number, currency: DashboardPage['balances'][number]['currency']) => formatMoney(minor, currency, i18n.language);
  const statusLabel = (status: string) =>
    (KNOWN_STATUSES as readonly string[]).includes(status) ? t(`testProvider.dashboard.statuses.${status as (typeof KNOWN_STATUSES)[number]}`) : status;

  return (
    <div className="tp-dashboard">
      <DestinationLink url={page.redirect_url} fallback={DASHBOARD_FALLBACK} className="tp-back">
        <Icon name="back" size={18} />
        {t('testProvider.backToPlanns')}
      </DestinationLink>

      <section className="tp-card tp-account" aria-labelledby="tp-dashboard-title">
        <p className="tp-eyebrow">{t('testProvider.dashboard.eyebrow')}</p>
        <h1 className="tp-heading__title" id="tp-dashboard-title">
          <bdi>{page.business_name ?? page.email}</bdi>
        </h1>
        <dl className="tp-facts">
          <div className="tp-facts__row">
            <dt>{t('testProvider.dashboard.email')}</dt>
            <dd>
              <bdi>{page.email}</bdi>
            </dd>
          </div>
          <div className="tp-facts__row">
            <dt>{t('testProvider.dashboard.accountId')}</dt>
            <dd className="tp-mono">
              <bdi>{page.account_id}</bdi>
            </dd>
          </div>
        </dl>
      </section>

      <section className="tp-section" aria-labelledby="tp-balance-title">
        <h2 className="tp-section__title" id="tp-balance-title">
          {t('testProvider.dashboard.balance')}
        </h2>
        {page.balances.length === 0 ? (
          <p className="tp-empty">{t('testProvider.dashboard.noBalance')}</p>
        ) : (
          <ul className="tp-balances">
            {page.balances.map((balance) => (
              <li key={balance.currency} className="tp-balance">
                <span className="tp-balance__label">{t('testProvider.dashboard.available', { currency: balance.currency })}</span>
                <span className="tp-balance__amount">{money(balance.available, balance.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="tp-section" aria-labelledby="tp-payments-title">
        <h2 className="tp-section__title" id="tp-payments-title">
          {t('testProvider.dashboard.payments')}
        </h2>
        {page.payments.length === 0 ? (
          <p className="tp-empty">{t('testProvider.dashboard.noPayments')}</p>
        ) : (
          <ul className="tp-payments">
            {page.payments.map((payment) => (
              <li key={payment.id} className="tp-card tp-payment">
                <div className="tp-payment__top">
                  <span className="tp-payment__description">
                    <bdi>{payment.description ?? t('testProvider.dashboard.noDescription')}</bdi>
                  </span>
                  <span className="tp-payment__amount">{money(payment.amount, payment.currency)}</span>
                </div>
                <div className="tp-payment__meta">
                  <time dateTime={new Date(payment.created * 1000).toISOString()}>
                    {format.date(new Date(payment.created * 1000), { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                  <span className={`tp-status tp-status--${payment.status}`}>{statusLabel(payment.status)}</span>
                </div>
                <dl className="tp-payment__split">
                  <div>
                    <dt>{t('testProvider.dashboard.fee')}</dt>
                    <dd>{money(payment.application_fee_amount, payment.currency)}</dd>
                  </div>
                  <div>
                    <dt>{t('testProvider.dashboard.net')}</dt>
                    <dd className="tp-payment__net">{money(payment.net, payment.currency)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      <DestinationLink url={page.redirect_url} fallback={DASHBOARD_FALLBACK} className="btn btn--secondary btn--block">
        {t('testProvider.backToPlanns')}
      </DestinationLink>
    </div>
  );
}
