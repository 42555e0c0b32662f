import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@planns/shared/users/users.schemas';
import { useAuthCreate } from '../../api/auth/auth-create.ts';
import { useCheckCode } from '../../api/auth/check-code.ts';
import { useSendCode } from '../../api/auth/send-code.ts';
import { useConfig } from '../../api/config/get-config.ts';
import { showNotice } from '../../lib/notice.ts';
import { CodeInput } from '../../components/code-input.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { useFormat } from '../../lib/format.ts';
import { useCountdown } from '../../lib/use-countdown.ts';

type LoginCodeStepProps = {
  phone: string;
  resendUntil: number | null;
  onResendWait: (seconds: number) => void;
  onSignedIn: (user: User) => void;
};

/** 'Confirm Code': submitted automatically when complete, cleared after each attempt. */
export function LoginCodeStep({ phone, resendUntil, onResendWait, onSignedIn }: LoginCodeStepProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const format = useFormat();
  const { otp_length: codeLength } = useConfig();
  const checkCode = useCheckCode();
  const authCreate = useAuthCreate();
  const resend = useSendCode();
  const secondsLeft = useCountdown(resendUntil);
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [resendNotice, setResendNotice] = useState<string | null>(null);
  const isChecking = checkCode.isPending || authCreate.isPending;

  async function submit(complete: string) {
    setError(null);
    try {
      const { approval_token } = await checkCode.mutateAsync({ to: phone, code: complete });
      const { user, isGoogleLinked } = await authCreate.mutateAsync({ phone, approval_token });
      if (isGoogleLinked) showNotice({ title: t('login.google.linked') });
      onSignedIn(user);
    } catch (failure) {
      setError(failure);
    } finally {
      setCode('');
    }
  }

  function onCodeChange(digits: string) {
    setCode(digits);
    if (error) setError(null);
    if (digits.length === codeLength && !isChecking) void submit(digits);
  }

  function onResend() {
    setResendNotice(null);
    setError(null);
    resend.mutate(phone, {
      onSuccess: (reply) => {
        onResendWait(reply.resend_after);
        setResendNotice(t('login.code.resent'));
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.retryAfter) onResendWait(failure.retryAfter);
        setError(failure);
      },
    });
  }

  const codeError = error
    ? isApiError(error) && error.code === 'code_wrong'
      ? t('errors.codeWrong')
      : errorMessage(error)
    : null;

  return (
    <div className="login-step">
      <Dialog.Title className="login-step__title">{t('login.code.title')}</Dialog.Title>
      <p className="login-step__text">
        {t('login.code.text', { n: format.number(codeLength), phone: `\u2068${phone}\u2069` })}
      </p>
      <CodeInput
        label={t('login.code.label')}
        length={codeLength}
        value={code}
        onValueChange={onCodeChange}
        disabled={isChecking}
        autoFocus
        error={codeError}
      />
      {isChecking ? <Spinner label={t('login.code.checking')} /> : null}
      <FormMessage message={resendNotice} tone="info" />
      <div className="login-step__actions">
        <button
          type="button"
          className="link-button"
          onClick={onResend}
          disabled={secondsLeft > 0 || resend.isPending || isChecking}
        >
          {secondsLeft > 0 ? t('login.code.resendIn', { seconds: secondsLeft }) : t('login.code.resend')}
        </button>
      </div>
    </div>
  );
}
