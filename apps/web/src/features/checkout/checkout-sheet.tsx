import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { formatMoney, type Currency } from '@planns/shared/money/money.rules';
import { useQueryClient } from '@tanstack/react-query';
import { useConfig } from '../../api/config/get-config.ts';
import { eventsRootQueryKey } from '../../api/events/get-event.ts';
import { useJoinEvent } from '../../api/rsvp/join-event.ts';
import { useCheckoutStatus } from '../../api/payments/get-checkout-status.ts';
import { useOpenCheckout, type OpenedCheckout } from '../../api/payments/open-checkout.ts';
import { reservedSeatsQueryKey } from '../../api/seats/get-reserved-seats.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { requireLogin } from '../../lib/login-prompt.ts';
import {
  choiceAmount,
  choiceLines,
  choiceTotals,
  embedParams,
  encodeChoice,
  holdCountdown,
  initialChoice,
  newJoinSession,
  previousStep,
  quantityOf,
  setAmount,
  setTypeQuantity,
  toggleSeat,
  withoutSeats,
  type CheckoutStep,
  type TicketChoice,
} from './checkout-state.ts';
import { useTrackStep } from '../../lib/use-analytics.ts';
import { LazySeatPicker } from '../seats/lazy-seat-picker.ts';
import { TestCardCheckout } from './test-card-checkout.tsx';
import './checkout-sheet.css';

const StripeEmbeddedCheckout = lazy(() => import('./stripe-embedded-checkout.tsx').then((m) => ({ default: m.StripeEmbeddedCheckout })));

/** The RSVP of step 1 the tickets go with (Done or buy later submits it). */
export type RsvpChoice = { action: 'join' | 'maybe'; companions: readonly number[]; note: string };

export type CheckoutStart = { step: 'tickets' } | { step: 'payment'; choice: TicketChoice } | { step: 'success'; sessionId: string };

type CheckoutSheetProps = {
  event: Event;
  rsvp: RsvpChoice;
  start: CheckoutStart;
  /** Back from the tickets step: the RSVP sheet again. */
  onBackToRsvp: () => void;
  onClose: () => void;
};

/**
 * The join flow's steps 2 to 5 (events §4): get tickets (a quantity per type, or the amount at
 * one price), to payment (the total, the service fee and what the buyer pays), the embedded card
 * checkout (the test provider's card form, or Stripe's embedded Checkout), and payment success
 * (view tickets, done). Back moves one step down; close ends the flow; Buy later submits the RSVP.
 */
export function CheckoutSheet({ event, rsvp, start, onBackToRsvp, onClose }: CheckoutSheetProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const { platform_fee_percent: feePercent } = useConfig();
  const join = useJoinEvent();
  const open = useOpenCheckout();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<CheckoutStep>(start.step);
  const [choice, setChoice] = useState<TicketChoice>(() => (start.step === 'payment' ? start.choice : initialChoice(event, rsvp.companions.length)));
  const [joinSession] = useState(() => newJoinSession(event.id));
  const [checkout, setCheckout] = useState<OpenedCheckout | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(start.step === 'success' ? start.sessionId : null);
  const track = useTrackStep();
  const currency = (event.currency ?? 'EUR') as Currency;
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  const amount = choiceAmount(choice);
  const lines = choiceLines(event, choice);
  const totals = choiceTotals(event, choice, feePercent);

  async function toPayment(from: TicketChoice) {
    setProblem(null);
    try {
      const opened = await open.mutateAsync({ eventId: event.id, params: embedParams(event, from, joinSession, feePercent) });
      setCheckout(opened);
      setStep('payment');
      track('payment', { step: 'opened', tickets: choiceAmount(from) });
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        // continue_to_stripe (events §4): after login the flow comes back to the payment step.
        requireLogin({ name: 'continue_to_stripe', params: { id: event.id, hash: event.hash, action: rsvp.action, choice: encodeChoice(from), companions: [...rsvp.companions], note: rsvp.note } });
        return;
      }
      if (isApiError(error) && error.code === 'seat_taken' && from.kind === 'seats') {
        // The seats that went are named by field (seats.{i}): they leave the pick, the chart refreshes.
        const gone = Object.keys(error.fields ?? {})
          .map((field) => from.seats[Number(field.split('.')[1])])
          .filter((seat): seat is NonNullable<typeof seat> => seat !== undefined);
        setChoice(withoutSeats(from, gone));
        void queryClient.invalidateQueries({ queryKey: reservedSeatsQueryKey(event.id) });
        setProblem(t('seats.taken', { seats: gone.map((seat) => seat.label).join(', '), count: gone.length }));
        setStep('tickets');
      } else if (isApiError(error) && error.code === 'price_changed') setProblem(t('checkout.priceChanged'));
      else if (isApiError(error) && error.code === 'sold_out') {
        setProblem(t('checkout.soldOut'));
        setStep('tickets');
      } else setProblem(errorMessage(error));
    }
  }

  // continue_to_stripe: the payment step opens the checkout again at once.
  const resumesPayment = start.step === 'payment';
  useEffect(() => {
    if (!resumesPayment) return;
    // Once, when the sheet opens to resume; after this render, not inside it.
    const timer = window.setTimeout(() => void toPayment(choice), 0);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resumesPayment]);

  function buyLater() {
    // Done or buy later submits the RSVP, marked maybe when the action is not join (events §4).
    join.mutate(
      { eventId: event.id, body: { maybe: rsvp.action !== 'join', companions: [...rsvp.companions], note: rsvp.note, use_google_calendar: false } },
      { onSuccess: onClose, onError: (error) => setProblem(errorMessage(error)) },
    );
  }

  /** Tickets chosen: on to the summary (counted as the tickets step, and the seats step on a seated event). */
  function chooseTickets() {
    track('tickets', { step: 'chosen', tickets: amount });
    if (choice.kind === 'seats') track('seats', { step: 'picked', seats: choice.seats.length });
    setStep('summary');
  }

  function back() {
    setProblem(null);
    const previous = previousStep(step);
    if (previous === 'rsvp') onBackToRsvp();
    else setStep(previous === 'payment' ? 'summary' : previous);
  }

  const title = step === 'tickets' ? t('checkout.steps.tickets') : step === 'summary' ? t('checkout.steps.summary') : step === 'payment' ? t('checkout.steps.payment') : t('checkout.steps.success');

  return (
    <Sheet open onOpenChange={(next) => !next && onClose()} title={title}>
      <div className="checkout">
        {step !== 'success' ? (
          <ol className="checkout__progress" aria-label={t('checkout.progress')}>
            {(['tickets', 'summary', 'payment'] as const).map((s, i) => (
              <li key={s} className={s === step ? 'checkout__dot checkout__dot--active' : 'checkout__dot'} aria-current={s === step ? 'step' : undefined}>
                <span className="visually-hidden">{t('checkout.stepOf', { step: i + 2, total: 5 })}</span>
              </li>
            ))}
          </ol>
        ) : null}

        {step === 'tickets' ? (
          <section className="checkout__section" aria-label={t('checkout.steps.tickets')}>
            {choice.kind === 'seats' ? (
              <Suspense fallback={<Spinner label={t('seats.loading')} />}>
                <LazySeatPicker event={event} picked={choice.seats} onToggle={(seat) => setChoice((current) => toggleSeat(current, seat))} />
              </Suspense>
            ) : choice.kind === 'single' ? (
              <div className="checkout__type">
                <div className="checkout__type-text">
                  <span className="checkout__type-name" dir="auto">
                    {event.ticket_types[0]?.name}
                  </span>
                  <span className="checkout__type-price">{money(event.ticket_types[0]?.price ?? 0)}</span>
                </div>
                <Stepper label={event.ticket_types[0]?.name ?? ''} value={choice.amount} onChange={(n) => setChoice(setAmount(choice, n))} max={event.ticket_types[0]?.remaining ?? undefined} />
              </div>
            ) : (
              <ul className="checkout__types">
                {event.ticket_types.map((type) => (
                  <li key={type.id} className="checkout__type">
                    <div className="checkout__type-text">
                      <span className="checkout__type-name" dir="auto">
                        {type.name}
                      </span>
                      <span className="checkout__type-price">{money(type.price)}</span>
                      {type.description ? (
                        <span className="checkout__type-description" dir="auto">
                          {type.description}
                        </span>
                      ) : null}
                      {type.sold_out ? (
                        <span className="checkout__sold-out">{t('checkout.typeSoldOut')}</span>
                      ) : type.remaining !== null && type.remaining <= 10 ? (
                        <span className="checkout__remaining">{t('checkout.remaining', { count: type.remaining })}</span>
                      ) : null}
                    </div>
                    <Stepper
                      label={type.name}
                      value={quantityOf(choice, type.id)}
                      onChange={(n) => setChoice(setTypeQuantity(choice, event, type.id, n))}
                      disabled={type.sold_out}
                      max={type.remaining ?? undefined}
                    />
                  </li>
                ))}
              </ul>
            )}
            <p className="checkout__total-line">
              <span>{t('checkout.ticketsTotal', { count: amount })}</span>
              <strong>{money(totals.subtotal)}</strong>
            </p>
            <FormMessage message={problem} />
            <div className="checkout__actions">
              <button type="button" className="btn btn--ghost" onClick={back}>
                {t('checkout.back')}
              </button>
              <button type="button" className="btn btn--secondary" disabled={join.isPending} onClick={buyLater}>
                {t('checkout.buyLater')}
              </button>
              {amount > 0 ? (
                <button type="button" className="btn btn--primary" onClick={chooseTickets}>
                  {t('checkout.next')}
                </button>
              ) : null}
            </div>
          </section>
        ) : null}

        {step === 'summary' ? (
          <section className="checkout__section" aria-label={t('checkout.steps.summary')}>
            <dl className="checkout__summary">
              {lines.map((line) => (
                <div key={line.ticket_type_id} className="checkout__summary-row">
                  <dt>{t('checkout.line', { count: line.quantity, name: isolate(line.name), price: isolate(money(line.unit_price)) })}</dt>
                  <dd>{money(line.unit_price * line.quantity)}</dd>
                </div>
              ))}
              <div className="checkout__summary-row">
                <dt>{t('checkout.fee', { percent: feePercent })}</dt>
                <dd>{money(totals.fee)}</dd>
              </div>
              <div className="checkout__summary-row checkout__summary-row--total">
                <dt>{t('checkout.youPay')}</dt>
                <dd>{money(totals.total)}</dd>
              </div>
            </dl>
            <p className="field__hint">{t('checkout.holdHint')}</p>
            <FormMessage message={problem} />
            <div className="checkout__actions">
              <button type="button" className="btn btn--ghost" onClick={back}>
                {t('checkout.back')}
              </button>
              <button type="button" className="btn btn--secondary" disabled={join.isPending} onClick={buyLater}>
                {t('checkout.buyLater')}
              </button>
              <button type="button" className="btn btn--primary" disabled={open.isPending} onClick={() => void toPayment(choice)}>
                {open.isPending ? <Spinner size="small" label={t('checkout.opening')} /> : null}
                {t('checkout.continueToPayment')}
              </button>
            </div>
          </section>
        ) : null}

        {step === 'payment' ? (
          <section className="checkout__section" aria-label={t('checkout.steps.payment')}>
            {checkout ? (
              <>
                <HoldTimer expiresAt={checkout.hold_expires_at} total={money(checkout.amount.total)} />
                {checkout.provider === 'stripe' && checkout.publishable_key ? (
                  <Suspense fallback={<Spinner label={t('checkout.opening')} />}>
                    <StripeEmbeddedCheckout publishableKey={checkout.publishable_key} clientSecret={checkout.client_secret} />
                  </Suspense>
                ) : (
                  <TestCardCheckout
                    sessionId={checkout.id}
                    onPaid={() => {
                      track('payment', { step: 'paid' });
                      setSessionId(checkout.id);
                      setStep('success');
                    }}
                  />
                )}
              </>
            ) : (
              <Spinner label={t('checkout.opening')} />
            )}
            <FormMessage message={problem} />
            <div className="checkout__actions">
              <button type="button" className="btn btn--ghost" onClick={back}>
                {t('checkout.back')}
              </button>
            </div>
          </section>
        ) : null}

        {step === 'success' && sessionId ? <PaymentResult sessionId={sessionId} onDone={onClose} onRetry={() => setStep('tickets')} /> : null}
      </div>
    </Sheet>
  );
}

/** A value of the other direction kept whole inside a sentence (a Latin name or a price in Hebrew). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** A quantity with − and + (whole, at least 0). */
function Stepper({ label, value, onChange, max, disabled = false }: { label: string; value: number; onChange: (n: number) => void; max?: number | undefined; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" className="stepper__button" aria-label={t('checkout.less', { name: label })} disabled={disabled || value <= 0} onClick={() => onChange(value - 1)}>
        −
      </button>
      <output className="stepper__value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={t('checkout.more', { name: label })}
        disabled={disabled || (max !== undefined && value >= max)}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}

/** How long the tickets stay held. */
function HoldTimer({ expiresAt, total }: { expiresAt: string; total: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="checkout__hold" role="status">
      <Icon name="clock" size={18} />
      <span>{t('checkout.heldFor', { time: holdCountdown(expiresAt, now), total })}</span>
    </p>
  );
}

/** Step 5: the payment's outcome, asked of the server until it is settled. */
function PaymentResult({ sessionId, onDone, onRetry }: { sessionId: string; onDone: () => void; onRetry: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useCheckoutStatus(sessionId);
  const order = status.data?.order;
  const settled = order !== undefined && order.status !== 'pending';
  // Settled: the page shows the buyer going with tickets (events §4: success after the event reloads).
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: eventsRootQueryKey });
  }, [settled, queryClient]);
  if (!order || order.status === 'pending') {
    return status.isError ? (
      <FormMessage message={t('checkout.statusFailed')} />
    ) : (
      <div className="checkout__result">
        <Spinner label={t('checkout.confirming')} />
        <p>{t('checkout.confirming')}</p>
      </div>
    );
  }
  if (order.status === 'paid') {
    return (
      <div className="checkout__result checkout__result--paid">
        <span className="checkout__result-icon" aria-hidden="true">
          <Icon name="check" size={32} />
        </span>
        <p className="checkout__result-title">{t('checkout.paid')}</p>
        <p>{t('checkout.paidText', { count: order.tickets })}</p>
        <div className="checkout__actions">
          <Link className="btn btn--secondary" to="/tickets">
            {t('checkout.viewTickets')}
          </Link>
          <button type="button" className="btn btn--primary" onClick={onDone}>
            {t('checkout.done')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="checkout__result">
      <p className="checkout__result-title">{order.status === 'refunded' ? t('checkout.refundedTitle') : t('checkout.notPaidTitle')}</p>
      <p>{order.status === 'refunded' ? t('checkout.refundedText') : t('checkout.notPaidText')}</p>
      <div className="checkout__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          {t('checkout.close')}
        </button>
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {t('checkout.tryAgain')}
        </button>
      </div>
    </div>
  );
}
