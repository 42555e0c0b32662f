import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TEST_PAYMENT_MAX_QUANTITY } from '@planns/shared/payments/payments.rules';
import type { User } from '@planns/shared/users/users.schemas';
import { configQueryOptions } from '../../api/config/get-config.ts';
import { flattenEventPages, useEventsList } from '../../api/events/list-events.ts';
import { useMakeTestPayment } from '../../api/payments/make-test-payment.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { clampQuantity, priceChangedFigures, testPaymentEvents, testPaymentPreview } from './payment-figures.ts';
import { useLeaving } from './use-leaving.ts';
import { useMoney } from './use-money.ts';

const QUANTITIES = Array.from({ length: TEST_PAYMENT_MAX_QUANTITY }, (_, i) => i + 1);

/**
 * The older screen's test payment (accounts §7 make-payment): one of the person's own paid events
 * whose payments are enabled, a ticket type and a quantity; the price, the service fee (the public
 * config's percent) and the total are shown, and Pay sends the price and fee shown to the server,
 * which checks them and answers the checkout to go to. A 409 price_changed shows the current
 * figures and the next Pay sends those. Should the server's total differ from the one shown, or
 * the percent be unknown, the server's figures are shown and a second Pay goes.
 */
export function TestPaymentForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const money = useMoney();
  const errorMessage = useErrorMessage();
  const formId = useId();
  const config = useQuery(configQueryOptions());
  const list = useEventsList({ users: String(user.id), hide_free: '1' }, { isSignedIn: true, enabled: true });
  const payment = useMakeTestPayment();
  const [chosenEventId, setChosenEventId] = useState<number | null>(null);
  const [chosenTypeId, setChosenTypeId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  /** The figures a price_changed answer showed, for the choice as it is. */
  const [shown, setShown] = useState<{ price: number; fee: number } | null>(null);
  const [isLeaving, setIsLeaving] = useLeaving();

  if (list.isPending) return <Spinner />;
  if (list.isError) {
    return (
      <div className="pay-inline-error">
        <FormMessage message={errorMessage(list.error)} />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }

  const events = testPaymentEvents(flattenEventPages(list.data), user.id);
  if (events.length === 0) return <p className="pay-empty">{t('payments.testPayment.noEvents')}</p>;

  const event = events.find((e) => e.id === chosenEventId) ?? events[0]!;
  const type = event.ticket_types.find((tt) => tt.id === chosenTypeId) ?? event.ticket_types[0]!;
  const preview = testPaymentPreview(type, quantity, config.data?.platform_fee_percent ?? null, shown);
  /** The server's figures, when they are to be seen before going (they differed, or the fee was unknown). */
  const review = payment.data;
  const figures = review
    ? { unitPrice: review.amount.unit_amount, subtotal: review.amount.subtotal, fee: review.amount.fee, total: review.amount.total, currency: review.amount.currency }
    : { ...preview, currency: type.currency };

  const go = (url: string) => {
    setIsLeaving(true);
    window.location.assign(url);
  };

  /** Any change of the choice starts again from the list's figures. */
  const restart = () => {
    payment.reset();
    setShown(null);
  };

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (review) {
      go(review.url);
      return;
    }
    payment.mutate(
      { eventId: event.id, ticketTypeId: type.id, quantity, price: preview.unitPrice, ...(preview.fee === null ? {} : { fee: preview.fee }) },
      {
        onSuccess: (result) => {
          if (preview.total !== null && result.amount.total === preview.total) go(result.url);
        },
        onError: (error) => {
          const current = priceChangedFigures(error);
          if (!current) return;
          setShown(current);
          void list.refetch();
        },
      },
    );
  };

  const isBusy = payment.isPending || isLeaving;
  const changed = priceChangedFigures(payment.error);

  return (
    <form className="pay-form" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={`${formId}-event`}>
          {t('payments.testPayment.event')}
        </label>
        <select
          id={`${formId}-event`}
          className="input pay-select"
          value={event.id}
          disabled={isBusy}
          onChange={(e) => {
            setChosenEventId(Number(e.target.value));
            setChosenTypeId(null);
            restart();
          }}
        >
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </div>

      {event.ticket_types.length > 1 ? (
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-type`}>
            {t('payments.testPayment.ticketType')}
          </label>
          <select
            id={`${formId}-type`}
            className="input pay-select"
            value={type.id}
            disabled={isBusy}
            onChange={(e) => {
              setChosenTypeId(Number(e.target.value));
              restart();
            }}
          >
            {event.ticket_types.map((tt) => (
              <option key={tt.id} value={tt.id}>
                {tt.name} · {money(tt.price, tt.currency)}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <div className="field">
        <label className="field__label" htmlFor={`${formId}-quantity`}>
          {t('payments.testPayment.quantity')}
        </label>
        <select
          id={`${formId}-quantity`}
          className="input pay-select pay-select--narrow"
          value={quantity}
          disabled={isBusy}
          onChange={(e) => {
            setQuantity(clampQuantity(Number(e.target.value)));
            restart();
          }}
        >
          {QUANTITIES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>

      <dl className="pay-sum" aria-live="polite">
        <div className="pay-sum__row">
          <dt>{t('payments.testPayment.unitPrice')}</dt>
          <dd>{money(figures.unitPrice, figures.currency)}</dd>
        </div>
        <div className="pay-sum__row">
          <dt>{t('payments.testPayment.tickets', { count: quantity })}</dt>
          <dd>{money(figures.subtotal, figures.currency)}</dd>
        </div>
        <div className="pay-sum__row">
          <dt>{t('payments.testPayment.fee')}</dt>
          <dd>{figures.fee === null ? t('payments.testPayment.feeLater') : money(figures.fee, figures.currency)}</dd>
        </div>
        {figures.total === null ? null : (
          <div className="pay-sum__row pay-sum__row--total">
            <dt>{t('payments.testPayment.total')}</dt>
            <dd>{money(figures.total, figures.currency)}</dd>
          </div>
        )}
      </dl>

      {changed ? (
        <p className="pay-notice" role="alert">
          {t('payments.testPayment.priceChanged')}
        </p>
      ) : review && !isLeaving ? (
        <p className="pay-notice" role="status">
          {t('payments.testPayment.checkFigures')}
        </p>
      ) : (
        <FormMessage message={payment.isError ? errorMessage(payment.error) : null} />
      )}

      <button type="submit" className="btn btn--primary btn--block" disabled={isBusy}>
        {isBusy
          ? t('payments.testPayment.preparing')
          : figures.total === null
            ? t('payments.testPayment.review')
            : t('payments.testPayment.pay', { total: money(figures.total, figures.currency) })}
      </button>
      <p className="pay-hint">{t('payments.testPayment.hint')}</p>
    </form>
  );
}
