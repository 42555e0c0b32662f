import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutPage } from '../../api/test-provider/get-checkout-page.ts';
import { usePayCheckout } from '../../api/test-provider/pay-checkout.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import {
  cardBody,
  checkCard,
  cvcDigits,
  editDigits,
  fieldOfDecline,
  formatCardNumber,
  formatExpiry,
  isDeclineCode,
  OFFERED_TEST_CARDS,
  sampleExpiry,
  testCardOutcomeOf,
  type CardField,
  type CardInput,
  type CardProblems,
} from './card-fields.ts';
import { DestinationLink, useFollowUrl } from './destination-link.tsx';

type CardFormProps = { session: CheckoutPage; totalText: string; onPaidWithoutRedirect: () => void };

/**
 * The card: number (grouped in fours as typed), expiry MM / YY and CVC, checked before sending
 * (Luhn, month, CVC); a refusal (402 card_declined) shows the provider's own message by the field
 * it names; a closed session (409) makes the page show its state. The card lives only in this
 * component's state: it is never logged, cached or stored.
 */
export function CardForm({ session, totalText, onPaidWithoutRedirect }: CardFormProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const followUrl = useFollowUrl();
  const pay = usePayCheckout(session.id);
  const id = useId();

  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [problems, setProblems] = useState<CardProblems>({});
  const [declines, setDeclines] = useState<Partial<Record<CardField, string>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const refs = { number: numberRef, expiry: expiryRef, cvc: cvcRef };
  /** Where the caret goes once a formatted value is shown. */
  const caret = useRef<{ field: 'number' | 'expiry'; position: number } | null>(null);

  useLayoutEffect(() => {
    const pending = caret.current;
    if (!pending) return;
    caret.current = null;
    const input = refs[pending.field].current;
    if (input && document.activeElement === input) input.setSelectionRange(pending.position, pending.position);
  });

  function clearField(field: CardField) {
    setProblems((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setDeclines((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setGeneralError(null);
  }

  function onFormattedChange(field: 'number' | 'expiry', event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const format = field === 'number' ? formatCardNumber : formatExpiry;
    const edit = editDigits(card[field], input.value, input.selectionStart ?? input.value.length, format);
    caret.current = { field, position: edit.caret };
    setCard((current) => ({ ...current, [field]: edit.value }));
    clearField(field);
  }

  function fillTestCard(number: string) {
    const now = new Date();
    setCard((current) => ({
      number: formatCardNumber(number),
      expiry: current.expiry === '' ? sampleExpiry(now) : current.expiry,
      cvc: current.cvc === '' ? '123' : current.cvc,
    }));
    setProblems({});
    setDeclines({});
    setGeneralError(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isPaying) return;
    setGeneralError(null);
    setDeclines({});
    const found = checkCard(card, new Date());
    setProblems(found);
    const first = (['number', 'expiry', 'cvc'] as const).find((field) => found[field]);
    const body = cardBody(card);
    if (first || !body) {
      refs[first ?? 'expiry'].current?.focus();
      return;
    }
    setIsPaying(true);
    try {
      const reply = await pay.mutateAsync(body);
      if (!followUrl(reply.redirect_url ?? session.success_url)) onPaidWithoutRedirect();
    } catch (failure) {
      setIsPaying(false);
      if (isApiError(failure) && failure.code === 'card_declined') {
        const field = fieldOfDecline(failure.fields);
        // The provider's message in the buyer's language, as Stripe's own form shows it; a refusal
        // this form does not know keeps the provider's English, isolated so that its full stop
        // stays at its end in a right-to-left page.
        const code = failure.fields.decline_code;
        const message = isDeclineCode(code) ? t(`testProvider.checkout.declined.${code}`) : `\u2068${failure.message}\u2069`;
        if (field) {
          setDeclines({ [field]: message });
          refs[field].current?.focus();
        } else setGeneralError(message);
      } else if (isApiError(failure) && failure.code === 'checkout_closed') {
        // The session is refetched (usePayCheckout): the page then shows it paid or expired.
        setGeneralError(t('testProvider.checkout.closed'));
      } else {
        setGeneralError(errorMessage(failure));
      }
    } finally {
      // The request's variables (the card) are not kept in the mutation's state.
      pay.reset();
    }
  }

  const problemText = (field: CardField): string | null => {
    const problem = problems[field];
    if (problem) return t(`testProvider.checkout.problems.${problem}`);
    return declines[field] ?? null;
  };
  const describedBy = (field: CardField) => (problemText(field) ? `${id}-${field}-error` : undefined);

  return (
    <form className="tp-card tp-pay" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="tp-section__title" id={`${id}-title`}>
        {t('testProvider.checkout.cardTitle')}
      </h2>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-number`}>
          {t('testProvider.checkout.cardNumber')}
        </label>
        <input
          ref={numberRef}
          id={`${id}-number`}
          className="input tp-ltr-input tp-card-number"
          dir="ltr"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          value={card.number}
          onChange={(event) => onFormattedChange('number', event)}
          aria-invalid={problemText('number') ? true : undefined}
          aria-describedby={describedBy('number')}
        />
        <FormMessage id={`${id}-number-error`} message={problemText('number')} />
      </div>

      <div className="tp-pair">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-expiry`}>
            {t('testProvider.checkout.expiry')}
          </label>
          <input
            ref={expiryRef}
            id={`${id}-expiry`}
            className="input tp-ltr-input"
            dir="ltr"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('testProvider.checkout.expiryPlaceholder')}
            maxLength={7}
            value={card.expiry}
            onChange={(event) => onFormattedChange('expiry', event)}
            aria-invalid={problemText('expiry') ? true : undefined}
            aria-describedby={describedBy('expiry')}
          />
          <FormMessage id={`${id}-expiry-error`} message={problemText('expiry')} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-cvc`}>
            {t('testProvider.checkout.cvc')}
          </label>
          <input
            ref={cvcRef}
            id={`${id}-cvc`}
            className="input tp-ltr-input"
            dir="ltr"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            onChange={(event) => {
              setCard((current) => ({ ...current, cvc: cvcDigits(event.target.value) }));
              clearField('cvc');
            }}
            aria-invalid={problemText('cvc') ? true : undefined}
            aria-describedby={describedBy('cvc')}
          />
          <FormMessage id={`${id}-cvc-error`} message={problemText('cvc')} />
        </div>
      </div>

      <FormMessage message={generalError} />
      <button type="submit" className="btn btn--primary btn--block tp-pay__button" disabled={isPaying}>
        <Icon name="lock" size={18} />
        {isPaying ? t('testProvider.checkout.paying') : t('testProvider.checkout.pay', { amount: totalText })}
      </button>
      <DestinationLink url={session.cancel_url} fallback="/" className="btn btn--ghost btn--block">
        {t('testProvider.checkout.cancel')}
      </DestinationLink>

      <div className="tp-test-cards">
        <h3 className="tp-test-cards__title">{t('testProvider.checkout.testCards')}</h3>
        <p className="field__hint">{t('testProvider.checkout.testCardsHint')}</p>
        <ul className="tp-test-cards__list">
          {OFFERED_TEST_CARDS.map((number) => (
            <li key={number}>
              <button type="button" className="tp-test-card" onClick={() => fillTestCard(number)} disabled={isPaying}>
                <span className="tp-test-card__number" dir="ltr">
                  {formatCardNumber(number)}
                </span>
                <span className={`tp-test-card__outcome tp-test-card__outcome--${testCardOutcomeOf(number)}`}>
                  {t(`testProvider.checkout.outcomes.${testCardOutcomeOf(number)}`)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
