import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-messages.ts';
import { HostedFrame } from '../../../features/test-provider/hosted-frame.tsx';
import { LanguageSwitcher } from '../../shell/language-switcher.tsx';

/**
 * A hosted page of the test payment provider: the provider's frame (its name, the test mode
 * banner) with the shell's language switcher. The shell shows no planns header or footer tabs on
 * /test-provider/... (app-shell.tsx): these pages stand in for Stripe's.
 */
export function HostedScreen({ cards, children }: { cards?: 'inline' | 'below' | 'none'; children: ReactNode }) {
  return (
    <HostedFrame headerEnd={<LanguageSwitcher />} cards={cards}>
      {children}
    </HostedFrame>
  );
}

/** Loading, or a failure other than "no such link" with Try again. */
export function HostedLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  if (!error) {
    return (
      <div className="route-loading">
        <Spinner />
      </div>
    );
  }
  return (
    <div className="state-screen state-screen--inline" role="alert">
      <p className="state-screen__title">{t('testProvider.loadFailed')}</p>
      <FormMessage message={errorMessage(error)} />
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** A 404 (unknown or expired) or a 422 (not even a link's shape) from a hosted page's load. */
export function isLinkGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 422);
}
