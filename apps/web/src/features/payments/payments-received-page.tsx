import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '@planns/shared/payments/payments.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { usePayments } from '../../api/payments/list-payments.ts';
import { usePaymentsReceived } from '../../api/purchases/list-payments-received.ts';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryFallback } from '../../components/query-fallback.tsx';
import { SignedInContent } from '../../components/signed-in-content.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { paymentDay, paymentNet } from './payment-figures.ts';
import { PurchaseItem } from './purchase-item.tsx';
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

/**
 * The test payments (GET payments/{userId}/payments, made from Payment Settings to try the
 * checkout): their own section under the ticket sales, shown once there are any. A failure to
 * load them says so there without hiding the sales.
 */
function TestPayments({ user }: { user: User }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const payments = usePayments(user.id);
  // The ledger's ticket sales are the orders above; only the test payments are listed here.
  const tests = payments.data?.filter((payment) => payment.kind === 'test') ?? [];
  if (payments.isPending || (payments.isSuccess && tests.length === 0)) return null;
  return (
    <section className="pay-section" aria-labelledby="received-tests-title">
      <h2 className="pay-section__title" id="received-tests-title">
        {t('payments.received.testsTitle')}
      </h2>
      <p className="pay-section__text">{t('payments.received.testsText')}</p>
      {payments.isError ? (
        <div className="pay-inline-error" role="alert">
          <p className="form-message form-message--error">{errorMessage(payments.error)}</p>
          <button type="button" className="btn btn--secondary btn--small" disabled={payments.isFetching} onClick={() => void payments.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <ul className="received-list" aria-label={t('payments.received.testsTitle')}>
          {tests.map((payment) => (
            <ReceivedItem key={payment.id} payment={payment} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReceivedList({ user }: { user: User }) {
  const { t } = useTranslation();
  const orders = usePaymentsReceived(user.id);
  const payments = usePayments(user.id);
  if (orders.isPending || orders.isError) {
    return <QueryFallback isError={orders.isError} error={orders.error} onRetry={() => void orders.refetch()} />;
  }
  const hasTests = payments.data?.some((payment) => payment.kind === 'test') ?? false;
  if (orders.data.length === 0 && payments.isSuccess && !hasTests) {
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
    <>
      <section className="pay-section" aria-labelledby="received-sales-title">
        <h2 className="pay-section__title" id="received-sales-title">
          {t('payments.received.salesTitle')}
        </h2>
        {orders.data.length === 0 ? (
          <p className="pay-empty">{t('payments.received.noSales')}</p>
        ) : (
          <ul className="received-list" aria-label={t('payments.received.salesTitle')}>
            {orders.data.map((order) => (
              <PurchaseItem key={order.id} purchase={order} as="payee" />
            ))}
          </ul>
        )}
      </section>
      <TestPayments user={user} />
    </>
  );
}

/**
 * /payments-received (accounts §2 Payments received, §3 Received payment): what the person was
 * paid for their events, as expandable lists. Ticket sales (GET purchases/recieved): the event,
 * the buyer and the day with the total and the state; opened, the lines, the fee planns kept, the
 * total, their share, the refunds and the tickets. Below, the test payments they made from
 * Payment Settings (GET payments/{userId}/payments), kept apart: they are not sales.
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
