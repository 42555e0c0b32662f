import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '@planns/shared/payments/payments.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { usePayments } from '../../api/payments/list-payments.ts';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryFallback } from '../../components/query-fallback.tsx';
import { SignedInContent } from '../../components/signed-in-content.tsx';
import { paymentDay, paymentNet } from './payment-figures.ts';
import { useMoney } from './use-money.ts';
import './payments.css';

function ReceivedItem({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const money = useMoney();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const eventName = payment.event?.name ?? t('payments.received.deletedEvent');

  return (
    <li className="received">
      <button type="button" className="received__head" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        <span className="received__main">
          <span className="received__event">
            <bdi>{eventName}</bdi>
          </span>
          <span className="received__meta">
            <bdi>{paymentDay(payment.created)}</bdi>
            {payment.kind === 'test' ? <span className="pay-tag pay-tag--small">{t('payments.received.test')}</span> : null}
          </span>
        </span>
        <span className="received__amount">{money(payment.amount, payment.currency)}</span>
        <Icon name="chevronDown" className={isOpen ? 'received__chevron received__chevron--open' : 'received__chevron'} />
      </button>
      <div id={panelId} hidden={!isOpen} className="received__panel">
        <dl className="pay-sum">
          <div className="pay-sum__row">
            <dt>{t('payments.received.payer')}</dt>
            <dd>
              <bdi>{payment.payer?.name || t('payments.received.unknownPayer')}</bdi>
            </dd>
          </div>
          <div className="pay-sum__row">
            <dt>{t('payments.received.paid')}</dt>
            <dd>{money(payment.amount, payment.currency)}</dd>
          </div>
          <div className="pay-sum__row">
            <dt>{t('payments.received.fee')}</dt>
            <dd>{money(payment.application_fee_amount, payment.currency)}</dd>
          </div>
          <div className="pay-sum__row pay-sum__row--total">
            <dt>{t('payments.received.net')}</dt>
            <dd>{money(paymentNet(payment), payment.currency)}</dd>
          </div>
          <div className="pay-sum__row">
            <dt>{t('payments.list.status')}</dt>
            <dd>
              <span className={`pay-status pay-status--${payment.status}`}>{t(`payments.paymentStatus.${payment.status}`)}</span>
            </dd>
          </div>
        </dl>
        <div className="received__links">
          {payment.event ? (
            <Link to={`/events/${payment.event.hash}`} className="inline-link">
              {t('payments.received.openEvent')}
            </Link>
          ) : null}
          {payment.receipt_url ? (
            <a href={payment.receipt_url} className="inline-link" target="_blank" rel="noreferrer noopener">
              {t('payments.received.receipt')}
            </a>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function ReceivedList({ user }: { user: User }) {
  const { t } = useTranslation();
  const payments = usePayments(user.id);
  if (payments.isPending || payments.isError) {
    return <QueryFallback isError={payments.isError} error={payments.error} onRetry={() => void payments.refetch()} />;
  }
  if (payments.data.length === 0) {
    return (
      <div className="empty-state">
        <span className="empty-state__icon">
          <Icon name="tag" size={32} />
        </span>
        <p className="empty-state__title">{t('payments.received.emptyTitle')}</p>
        <p className="pay-section__text">{t('payments.received.emptyText')}</p>
        <Link to="/stripe-settings" className="btn btn--secondary btn--small">
          {t('payments.stripeSettings.title')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="received-list" aria-label={t('payments.received.title')}>
      {payments.data.map((payment) => (
        <ReceivedItem key={payment.id} payment={payment} />
      ))}
    </ul>
  );
}

/**
 * /payments-received (accounts §2 Payments received): the payments the person received as an
 * expandable list: the event and day with the amount, then who paid, the fee, what is left and
 * the status.
 */
export function PaymentsReceivedPage() {
  const { t } = useTranslation();
  return (
    <div className="pay-page">
      <PageHeader title={t('payments.received.title')} />
      <SignedInContent
        signedOut={{ icon: <Icon name="tag" size={32} />, text: t('payments.signedOut'), signInLabel: t('payments.signIn') }}
      >
        {(user) => <ReceivedList key={user.id} user={user} />}
      </SignedInContent>
    </div>
  );
}
