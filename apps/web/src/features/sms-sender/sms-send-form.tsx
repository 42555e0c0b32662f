import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { composePhone } from '@planns/shared/auth/phone-country.rules';
import { formatPhone, normalizePhone, PHONE_ERROR_MIN_LENGTH } from '@planns/shared/auth/phone.rules';
import { SMS_MESSAGE_MAX, SMS_RECIPIENT_TYPES, smsLength, type SmsRecipientType } from '@planns/shared/sms/sms.rules';
import { useSmsRecipientCount } from '../../api/sms-sender/count-sms-recipients.ts';
import { useSendSms } from '../../api/sms-sender/send-sms.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { defaultPhoneCountry, PhoneInput } from '../../components/phone-input.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { hasOnlyFieldErrors, useErrorMessage, useFieldError } from '../../lib/error-messages.ts';
import { showNotice } from '../../lib/notice.ts';
import '../../components/check-list.css';
import './sms-sender.css';

type SmsSendFormProps = { event: { hash: string; name: string } };

/**
 * The SMS sender's form (accounts §2, events §5): who receives it (All, Ticket Owners, Going,
 * Going + Doubt, Rejected, Specific Number), the message with its length in characters and SMS,
 * how many people it will reach before anything is sent, and Send after a confirmation. Send is
 * offered only with a recipient type and a message, and for Specific Number a valid phone
 * (otherwise the number is null).
 */
export function SmsSendForm({ event }: SmsSendFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [type, setType] = useState<SmsRecipientType | null>(null);
  const [message, setMessage] = useState('');
  const [country, setCountry] = useState(defaultPhoneCountry);
  const [national, setNational] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [sentTo, setSentTo] = useState<string[] | null>(null);
  const send = useSendSms();
  const errorMessage = useErrorMessage();
  const fieldError = useFieldError();
  const count = useSmsRecipientCount(event.hash, type);

  const phone = type === 'number' ? normalizePhone(composePhone(country, national)) : null;
  const text = message.trim();
  const length = smsLength(message);
  const audience = type === 'number' ? (phone ? 1 : 0) : (count.data ?? null);
  const canSend = type !== null && text !== '' && (type !== 'number' || phone !== null) && audience !== null && audience > 0 && !send.isPending;
  const phoneError = type === 'number' && national.trim().length >= PHONE_ERROR_MIN_LENGTH && phone === null ? t('errors.phoneWrong') : fieldError(send.error, 'phone');

  function submit() {
    if (!canSend) return;
    setIsConfirming(false);
    send.mutate(
      { hash: event.hash, message: text, phone, type },
      {
        onSuccess: (reply) => {
          setSentTo(reply.data);
          setMessage('');
          showNotice({ title: t('smsSender.sent'), text: t('smsSender.sentText', { count: reply.data.length }) });
        },
      },
    );
  }

  return (
    <form
      className="sms-form"
      noValidate
      onSubmit={(submitEvent) => {
        submitEvent.preventDefault();
        if (canSend) setIsConfirming(true);
      }}
    >
      <fieldset className="field">
        <legend className="field__label">{t('smsSender.recipients')}</legend>
        <div className="check-list__list">
          {SMS_RECIPIENT_TYPES.map((option) => (
            <label key={option} className="check-list__item">
              <input
                type="radio"
                name={`${id}-type`}
                className="check-list__input"
                value={option}
                checked={type === option}
                onChange={() => {
                  setType(option);
                  send.reset();
                }}
              />
              <span>{t(`smsSender.types.${option}`)}</span>
            </label>
          ))}
        </div>
        {/* The list emptied since it was counted: the server's reason, in the app's language. */}
        <FormMessage message={fieldError(send.error, 'type') ? t('smsSender.audienceNone') : null} />
      </fieldset>

      {type === 'number' ? (
        <PhoneInput
          label={t('smsSender.phone')}
          country={country}
          onCountryChange={setCountry}
          value={national}
          onValueChange={(value) => {
            setNational(value);
            send.reset();
          }}
          error={phoneError}
        />
      ) : null}

      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          {t('smsSender.message')}
        </label>
        <textarea
          id={`${id}-message`}
          className="input sms-form__message"
          rows={5}
          dir="auto"
          maxLength={SMS_MESSAGE_MAX}
          value={message}
          aria-describedby={`${id}-length`}
          aria-invalid={fieldError(send.error, 'message') ? true : undefined}
          onChange={(changeEvent) => {
            setMessage(changeEvent.target.value);
            send.reset();
          }}
        />
        <p id={`${id}-length`} className="field__hint sms-form__length">
          <span>{t('smsSender.characters', { count: length.units })}</span>
          <span aria-hidden="true"> · </span>
          <span>{t('smsSender.segments', { count: length.segments })}</span>
          {length.encoding === 'ucs2' && length.units > 0 ? <span className="sms-form__unicode">{t('smsSender.unicodeNote')}</span> : null}
        </p>
        <FormMessage message={fieldError(send.error, 'message')} />
      </div>

      {type !== null ? (
        <p className="sms-form__audience" role="status">
          {type !== 'number' && count.isFetching && count.data === undefined ? (
            t('smsSender.audienceLoading')
          ) : audience === 0 && type !== 'number' ? (
            t('smsSender.audienceNone')
          ) : audience !== null && audience > 0 ? (
            t('smsSender.audience', { count: audience })
          ) : null}
        </p>
      ) : null}
      {count.isError ? <FormMessage message={errorMessage(count.error)} /> : null}
      {send.isError && !hasOnlyFieldErrors(send.error, ['type', 'message', 'phone']) ? <FormMessage message={errorMessage(send.error)} /> : null}

      <button type="submit" className="btn btn--primary btn--block" disabled={!canSend}>
        {send.isPending ? <Spinner size="small" label={t('smsSender.sending')} /> : null}
        {t('smsSender.send')}
      </button>

      {sentTo ? (
        <div className="sms-form__sent" role="status">
          <p className="sms-form__sent-title">{t('smsSender.sentTo', { count: sentTo.length })}</p>
          <ul className="sms-form__numbers">
            {sentTo.map((number) => (
              <li key={number} dir="ltr">
                {formatPhone(number)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('smsSender.confirmTitle', { count: audience ?? 0 })}
        description={t('smsSender.confirmText', { name: event.name })}
        confirmLabel={t('smsSender.send')}
        onConfirm={submit}
      />
    </form>
  );
}
