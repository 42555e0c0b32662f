import { Dialog } from 'radix-ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizePhone, PHONE_ERROR_MIN_LENGTH } from '@planns/shared/auth/phone.rules';
import { composePhone, splitPhone } from '@planns/shared/auth/phone-country.rules';
import { useSendCode } from '../../api/auth/send-code.ts';
import { defaultPhoneCountry, PhoneInput } from '../../components/phone-input.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';

type LoginPhoneStepProps = {
  /** The number a code was already sent to, when coming back from step 2. */
  initialPhone: string;
  onCodeSent: (phone: string, resendAfterSeconds: number) => void;
  /** The Google button and 'or' divider, between the text and the phone (when Google sign-in is on). */
  google?: ReactNode;
};

/** 'Sign In or Sign Up': a phone number, and a send-code button once it is valid. */
export function LoginPhoneStep({ initialPhone, onCodeSent, google }: LoginPhoneStepProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const sendCode = useSendCode();
  const [initial] = useState(() => splitPhone(initialPhone || null, defaultPhoneCountry()));
  const [country, setCountry] = useState(initial.country);
  const [number, setNumber] = useState(initial.national);

  const phone = normalizePhone(composePhone(country, number));
  const showPhoneError = phone === null && number.trim().length >= PHONE_ERROR_MIN_LENGTH;
  const canSend = phone !== null && !sendCode.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSend) return;
    sendCode.mutate(phone, { onSuccess: (reply) => onCodeSent(phone, reply.resend_after) });
  }

  // A failed code request shows the phone message (accounts §5), except for waits and lost connections.
  const requestError = !sendCode.error
    ? null
    : isApiError(sendCode.error) && (sendCode.error.code === 'too_many_requests' || sendCode.error.code === 'network_error')
      ? errorMessage(sendCode.error)
      : t('errors.phoneWrong');

  return (
    <form className="login-step" onSubmit={onSubmit} noValidate>
      <Dialog.Title className="login-step__title">{t('login.phone.title')}</Dialog.Title>
      <p className="login-step__text">{t('login.phone.text')}</p>
      {google}
      <PhoneInput
        label={t('login.phone.label')}
        country={country}
        onCountryChange={(next) => {
          setCountry(next);
          sendCode.reset();
        }}
        value={number}
        onValueChange={(next) => {
          setNumber(next);
          sendCode.reset();
        }}
        error={requestError ?? (showPhoneError ? t('errors.phoneWrong') : null)}
        disabled={sendCode.isPending}
        autoFocus
      />
      <div className="login-step__actions">
        {sendCode.isPending ? <Spinner label={t('login.phone.sending')} /> : null}
        {canSend ? (
          <button type="submit" className="btn btn--primary btn--block">
            {t('login.phone.send')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
