import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PHONE_TAKEN_MESSAGE } from '@planns/shared/users/users.rules';
import { isApiError, type ApiError } from './api-client.ts';

/** Error codes whose field messages are translated here rather than shown as the server wrote them. */
export function translatedMessage(error: ApiError, t: TFunction): string | null {
  switch (error.code) {
    case 'phone_invalid':
      return t('errors.phoneWrong');
    case 'code_wrong':
      return t('errors.codeWrong');
    case 'email_taken':
      return t('errors.emailTaken');
    case 'code_not_approved':
      return t('errors.codeExpired');
    case 'conflict':
      return error.fields.phone === PHONE_TAKEN_MESSAGE ? t('errors.phoneTaken') : null;
    case 'too_many_requests':
      return error.retryAfter ? t('errors.tooManyRequestsIn', { seconds: error.retryAfter }) : t('errors.tooManyRequests');
    case 'payload_too_large':
      return t('errors.tooLarge');
    case 'provider_unavailable':
      return t('errors.providerUnavailable');
    case 'payment_account_required':
      return t('errors.paymentAccountRequired');
    case 'price_changed':
      return t('errors.priceChanged');
    case 'unauthenticated':
      return t('errors.signedOut');
    case 'network_error':
      return t('errors.network');
    case 'internal_error':
    case 'service_unavailable':
    case 'invalid_response':
      return t('errors.unknown');
    default:
      return null;
  }
}

/** Maps any thrown error to a translated message; unknown codes show the server's message. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return t('errors.unknown');
      return translatedMessage(error, t) ?? (error.message || t('errors.unknown'));
    },
    [t],
  );
}

/** The message for one form field, or null when the error says nothing about that field. */
export function useFieldError(): (error: unknown, field: string) => string | null {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, field: string) => {
      if (!isApiError(error)) return null;
      const message = error.fields[field];
      if (message === undefined) return null;
      return translatedMessage(error, t) ?? message;
    },
    [t],
  );
}

/** True when the error is only about fields, so a form shows no general message besides them. */
export function hasOnlyFieldErrors(error: unknown, fields: readonly string[]): boolean {
  return isApiError(error) && Object.keys(error.fields).length > 0 && Object.keys(error.fields).every((f) => fields.includes(f));
}
