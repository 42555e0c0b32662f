import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentAccount } from '@planns/shared/payments/payments.schemas';
import { Icon } from '../../components/icon.tsx';
import { useFormat } from '../../lib/format.ts';
import { accountHolderName, type AccountView } from './payment-account-view.ts';

type AccountStatusCardProps = { account: PaymentAccount; view: AccountView };

/**
 * The payout account as it stands (accounts §3, §4): verified or not, each of the provider's four
 * checks with a plain label, what the person must do next, and the account's details.
 */
export function AccountStatusCard({ account, view }: AccountStatusCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const holder = accountHolderName(account);
  const termsDate = account.tos_acceptance.date === null ? null : format.date(new Date(account.tos_acceptance.date * 1000), { dateStyle: 'medium' });
  const isActive = view.status === 'active';

  return (
    <section className={isActive ? 'pay-card pay-card--active' : 'pay-card'} aria-labelledby={titleId}>
      <div className="pay-card__head">
        <span className={isActive ? 'pay-card__mark pay-card__mark--active' : 'pay-card__mark'}>
          <Icon name={isActive ? 'check' : 'clock'} size={22} />
        </span>
        <div className="pay-card__heading">
          <h2 id={titleId} className="pay-card__title">
            {t(`payments.headline.${view.nextStep}`)}
          </h2>
          <p className="pay-card__email">
            <bdi>{account.email}</bdi>
          </p>
        </div>
        {account.provider === 'test' ? <span className="pay-tag">{t('payments.account.testMode')}</span> : null}
      </div>

      <p className="pay-card__next">{t(`payments.nextStep.${view.nextStep}`)}</p>

      <ul className="pay-checks" aria-label={t('payments.account.checksTitle')}>
        {view.checks.map(({ check, isDone }) => (
          <li key={check} className={isDone ? 'pay-check pay-check--done' : 'pay-check'}>
            <span className="pay-check__mark" aria-hidden="true">
              <Icon name={isDone ? 'check' : 'close'} size={16} />
            </span>
            <span>
              {check === 'terms_accepted' && isDone && termsDate
                ? t('payments.checks.terms_accepted_on', { date: termsDate })
                : t(`payments.checks.${check}_${isDone ? 'done' : 'missing'}`)}
            </span>
          </li>
        ))}
      </ul>

      {holder || account.country || account.default_currency || account.business_type ? (
        <dl className="pay-details">
          {holder ? (
            <div className="pay-details__row">
              <dt>{t('payments.account.holder')}</dt>
              <dd>
                <bdi>{holder}</bdi>
              </dd>
            </div>
          ) : null}
          {account.business_type ? (
            <div className="pay-details__row">
              <dt>{t('payments.account.businessType')}</dt>
              <dd>{t(`payments.businessTypes.${account.business_type}`)}</dd>
            </div>
          ) : null}
          {account.country ? (
            <div className="pay-details__row">
              <dt>{t('payments.account.country')}</dt>
              <dd>{format.regionName(account.country)}</dd>
            </div>
          ) : null}
          {account.default_currency ? (
            <div className="pay-details__row">
              <dt>{t('payments.account.currency')}</dt>
              <dd>{account.default_currency.toUpperCase()}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
