import { Checkbox, Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { isNameValid, joinName } from '@planns/shared/users/users.rules';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { useSetName } from '../../api/users/set-name.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { LegalDialog, type LegalDocumentName } from '../../components/legal/legal-dialog.tsx';
import { TextField } from '../../components/text-field.tsx';
import { hasOnlyFieldErrors, useErrorMessage, useFieldError } from '../../lib/error-messages.ts';

/** 'Your Name': first and last name, optional email, and the terms checkbox. */
export function LoginNameStep({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const checkboxId = useId();
  const { user } = useCurrentUser();
  const setName = useSetName();
  const errorMessage = useErrorMessage();
  const fieldError = useFieldError();
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [hasAgreed, setHasAgreed] = useState(false);
  const [openDocument, setOpenDocument] = useState<LegalDocumentName | null>(null);

  const name = joinName(firstName, lastName);
  const canSubmit = isNameValid(name) && hasAgreed && !setName.isPending && user != null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || !user) return;
    setName.mutate(
      { id: user.id, name, email: email.trim() === '' ? null : email.trim(), terms_accepted: true },
      { onSuccess: onSaved },
    );
  }

  const error = setName.error;
  const nameError = fieldError(error, 'name');
  const emailError = fieldError(error, 'email');
  const generalError = error && !hasOnlyFieldErrors(error, ['name', 'email']) ? errorMessage(error) : null;

  return (
    <form className="login-step" onSubmit={onSubmit} noValidate>
      <Dialog.Title className="login-step__title">{t('login.name.title')}</Dialog.Title>
      <TextField
        label={t('profile.firstName')}
        value={firstName}
        onChange={(event) => setFirstName(event.target.value)}
        autoComplete="given-name"
        error={nameError}
        autoFocus
      />
      <TextField
        label={t('profile.lastName')}
        value={lastName}
        onChange={(event) => setLastName(event.target.value)}
        autoComplete="family-name"
      />
      <TextField
        label={t('login.name.email')}
        type="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
        error={emailError}
      />
      <div className="checkbox-row">
        <Checkbox.Root
          id={checkboxId}
          className="checkbox"
          checked={hasAgreed}
          onCheckedChange={(checked) => setHasAgreed(checked === true)}
        >
          <Checkbox.Indicator className="checkbox__indicator">
            <Icon name="check" size={16} />
          </Checkbox.Indicator>
        </Checkbox.Root>
        <label htmlFor={checkboxId} className="checkbox-row__label">
          <Trans
            i18nKey="login.name.agree"
            components={{
              terms: <button type="button" className="inline-link" onClick={() => setOpenDocument('terms')} />,
              privacy: <button type="button" className="inline-link" onClick={() => setOpenDocument('privacy')} />,
            }}
          />
        </label>
      </div>
      <FormMessage message={generalError} />
      <div className="login-step__actions">
        <button type="submit" className="btn btn--primary btn--block" disabled={!canSubmit}>
          {setName.isPending ? t('common.saving') : t('common.next')}
        </button>
      </div>
      <LegalDialog document={openDocument} onClose={() => setOpenDocument(null)} />
    </form>
  );
}
