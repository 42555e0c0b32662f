import { useTranslation } from 'react-i18next';
import type { Payment } from '@planns/shared/payments/payments.schemas';
import { paymentDay } from './payment-figures.ts';
import { useMoney } from './use-money.ts';

/**
 * The older screen's payments table (accounts §3 Payment: amount, application_fee_amount,
 * currency, created, status; 'succeeded' shown as success), newest first as the server sends it.
 * The currency's code sits under the amount rather than in a column of its own: five columns do
 * not fit 390 px in every language.
 */
export function PaymentsTable({ payments }: { payments: readonly Payment[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (payments.length === 0) return <p className="pay-empty">{t('payments.list.empty')}</p>;
  return (
    <div className="pay-table-wrap" role="region" aria-label={t('payments.list.title')} tabIndex={0}>
      <table className="pay-table">
        <thead>
          <tr>
            <th scope="col">{t('payments.list.date')}</th>
            <th scope="col" className="pay-table__num">
              {t('payments.list.amount')}
            </th>
            <th scope="col" className="pay-table__num">
              {t('payments.list.fee')}
            </th>
            <th scope="col">{t('payments.list.status')}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td>
                <bdi>{paymentDay(payment.created)}</bdi>
              </td>
              <td className="pay-table__num">
                {money(payment.amount, payment.currency)}
                <span className="pay-table__currency">
                  <span className="visually-hidden">{t('payments.list.currency')}: </span>
                  {payment.currency}
                </span>
              </td>
              <td className="pay-table__num">{money(payment.application_fee_amount, payment.currency)}</td>
              <td>
                <span className={`pay-status pay-status--${payment.status}`}>{t(`payments.paymentStatus.${payment.status}`)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
