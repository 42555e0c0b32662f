import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizePhone } from '@planns/shared/auth/phone.rules';
import { composePhone, splitPhone } from '@planns/shared/auth/phone-country.rules';
import { isNameValid, joinName } from '@planns/shared/users/users.rules';
import type { User } from '@planns/shared/users/users.schemas';
import { useCheckCode } from '../../api/auth/check-code.ts';
import { useSendCode } from '../../api/auth/send-code.ts';
import { useConfig } from '../../api/config/get-config.ts';
import { useUpdateUser } from '../../api/users/update-user.ts';
import { Avatar } from '../../components/avatar.tsx';
import { CodeInput } from '../../components/code-input.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { defaultPhoneCountry, PhoneInput } from '../../components/phone-input.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isApiError } from '../../lib/api-client.ts';
import type { AvatarUpload } from '../../lib/crop-image.ts';
import { hasOnlyFieldErrors, useErrorMessage, useFieldError } from '../../lib/error-messages.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { AvatarEditButton } from './avatar-edit-button.tsx';
import './profile.css';

type ProfileEditFormProps = { user: User; onDone: () => void };

type LocalErrors = { name?: string; phone?: string };

/**
 * Name, phone, email and picture. A new phone number is confirmed first: a code goes to it
 * (send-code), the user types it (check-code), and the update carries check-code's approval_token.
 */
export function ProfileEditForm({ user, onDone }: ProfileEditFormProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const fieldError = useFieldError();
  const { otp_length: codeLength } = useConfig();
  const updateUser = useUpdateUser();
  const sendCode = useSendCode();
  const checkCode = useCheckCode();

  const [initialPhone] = useState(() => splitPhone(user.phone, defaultPhoneCountry()));
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [email, setEmail] = useState(user.email ?? '');
  const [country, setCountry] = useState(initialPhone.country);
  const [national, setNational] = useState(initialPhone.national);
  const [avatar, setAvatar] = useState<AvatarUpload | null>(null);
  const [localErrors, setLocalErrors] = useState<LocalErrors>({});
  const [error, setError] = useState<unknown>(null);
  const [verifyingPhone, setVerifyingPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendUntil, setResendUntil] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendUntil);

  const isBusy = updateUser.isPending || sendCode.isPending || checkCode.isPending;

  async function requestCode(phone: string) {
    try {
      const reply = await sendCode.mutateAsync(phone);
      setResendUntil(Date.now() + reply.resend_after * 1000);
      setVerifyingPhone(phone);
    } catch (failure) {
      if (isApiError(failure) && failure.retryAfter) setResendUntil(Date.now() + failure.retryAfter * 1000);
      if (verifyingPhone) setCodeError(errorMessage(failure));
      else setError(failure);
    }
  }

  async function save(approvalToken?: string) {
    setError(null);
    const name = joinName(firstName, lastName);
    const phone = normalizePhone(composePhone(country, national));
    const errors: LocalErrors = {};
    if (!isNameValid(name)) errors.name = t('profile.nameTooShort');
    if (!phone) errors.phone = t('errors.phoneWrong');
    setLocalErrors(errors);
    if (!phone || errors.name) return;

    if (phone !== user.phone && !approvalToken) {
      await requestCode(phone);
      return;
    }
    try {
      await updateUser.mutateAsync({
        id: user.id,
        name,
        email: email.trim() === '' ? null : email.trim(),
        phone,
        ...(avatar ? { avatar_upload: { base64: avatar.base64, extension: avatar.extension } } : {}),
        ...(approvalToken ? { approval_token: approvalToken } : {}),
      });
      onDone();
    } catch (failure) {
      setVerifyingPhone(null);
      setError(failure);
    }
  }

  async function onCodeChange(digits: string) {
    setCode(digits);
    setCodeError(null);
    if (digits.length !== codeLength || !verifyingPhone || isBusy) return;
    try {
      const { approval_token } = await checkCode.mutateAsync({ to: verifyingPhone, code: digits });
      await save(approval_token);
    } catch (failure) {
      setCodeError(isApiError(failure) && failure.code === 'code_wrong' ? t('errors.codeWrong') : errorMessage(failure));
    } finally {
      setCode('');
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isBusy) void save();
  }

  const fields = ['name', 'email', 'phone', 'approval_token'];
  const generalError = error && !hasOnlyFieldErrors(error, fields) ? errorMessage(error) : null;

  if (verifyingPhone) {
    return (
      <section className="profile-edit" aria-labelledby="verify-phone-title">
        <h2 id="verify-phone-title" className="section-title">
          {t('profile.verify.title')}
        </h2>
        <p className="profile-edit__text">{t('profile.verify.text', { phone: `\u2068${verifyingPhone}\u2069` })}</p>
        <CodeInput
          label={t('login.code.label')}
          length={codeLength}
          value={code}
          onValueChange={(digits) => void onCodeChange(digits)}
          disabled={isBusy}
          autoFocus
          error={codeError}
        />
        <div className="profile-edit__actions">
          <button type="button" className="btn btn--secondary" onClick={() => setVerifyingPhone(null)} disabled={isBusy}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => void requestCode(verifyingPhone)}
            disabled={secondsLeft > 0 || isBusy}
          >
            {secondsLeft > 0 ? t('login.code.resendIn', { seconds: secondsLeft }) : t('login.code.resend')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="profile-edit" onSubmit={onSubmit} noValidate aria-labelledby="profile-edit-title">
      <h2 id="profile-edit-title" className="visually-hidden">
        {t('profile.editTitle')}
      </h2>
      <div className="profile-edit__avatar">
        <Avatar src={avatar?.dataUrl ?? user.avatar_m ?? user.avatar} name={user.name} size={96} />
        <AvatarEditButton onCropped={setAvatar} disabled={isBusy} />
      </div>
      <TextField
        label={t('profile.firstName')}
        value={firstName}
        onChange={(event) => setFirstName(event.target.value)}
        autoComplete="given-name"
        error={localErrors.name ?? fieldError(error, 'name')}
      />
      <TextField
        label={t('profile.lastName')}
        value={lastName}
        onChange={(event) => setLastName(event.target.value)}
        autoComplete="family-name"
      />
      <PhoneInput
        label={t('profile.phone')}
        country={country}
        onCountryChange={setCountry}
        value={national}
        onValueChange={setNational}
        error={localErrors.phone ?? fieldError(error, 'phone') ?? fieldError(error, 'approval_token')}
      />
      <TextField
        label={t('profile.email')}
        type="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
        error={fieldError(error, 'email')}
      />
      <FormMessage message={generalError} />
      <div className="profile-edit__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone} disabled={isBusy}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={isBusy}>
          {isBusy ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
