import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPaymentEmail, PAYMENT_EMAIL_MAX_LENGTH } from '@planns/shared/payments/payments.rules';
import { useCreatePaymentAccount } from '../../api/payments/create-payment-account.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { showNotice } from '../../lib/notice.ts';

type PaymentEmailFormProps = {
  /**
   * The newer screen checks the address against a simple email pattern before sending (accounts
   * §5); the older one only keeps its button disabled while the field is empty, and the server checks.
   */
  checksFormat: boolean;
  /** The user's own email, offered as the start value. */
  defaultEmail?: string | null;
};

/** No payout account yet (accounts §4 none): the payment email, then the account is created. */
export function PaymentEmailForm({ checksFormat, defaultEmail }: PaymentEmailFormProps) {
  const { t } = useTranslation();
  const create = useCreatePaymentAccount();
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [isChecked, setIsChecked] = useState(false);

  const isEmpty = email.trim() === '';
  const formatError = checksFormat && isChecked && !isPaymentEmail(email) ? t('payments.messages.invalidEmail') : null;
  const serverFieldError = isApiError(create.error) && create.error.fields.email ? t('payments.messages.invalidEmail') : null;
  const failure = create.isError && !serverFieldError ? t('payments.messages.createFailed') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (isEmpty || (checksFormat && !isPaymentEmail(email))) return;
    // The promise rather than mutate's callbacks: once the account exists this form is gone, and the
    // notice must still show. Failures show in the form (create.error).
    create.mutateAsync(email.trim()).then(
      () => showNotice({ title: t('payments.create.created') }),
      () => undefined,
    );
  };

  return (
    <form className="pay-form pay-form--card" noValidate onSubmit={submit}>
      <div className="pay-form__intro">
        <h2 className="pay-form__title">{t('payments.create.title')}</h2>
        <p className="pay-form__text">{t('payments.create.text')}</p>
      </div>
      <TextField
        label={t('payments.create.emailLabel')}
        hint={t('payments.create.emailHint')}
        type="email"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        maxLength={PAYMENT_EMAIL_MAX_LENGTH}
        value={email}
        error={formatError ?? serverFieldError}
        onChange={(event) => {
          setEmail(event.target.value);
          if (create.isError) create.reset();
        }}
      />
      <FormMessage message={failure} />
      <button type="submit" className="btn btn--primary btn--block" disabled={create.isPending || (!checksFormat && isEmpty)}>
        {create.isPending ? t('payments.create.creating') : t('payments.create.submit')}
      </button>
    </form>
  );
}
