import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../lib/error-messages.ts';
import { FormMessage } from './form-message.tsx';
import { Spinner } from './spinner.tsx';

type QueryFallbackProps = { isError: boolean; error: unknown; onRetry: () => void };

/** What a list shows until its data is there: a spinner while it loads, or the error and Retry. */
export function QueryFallback({ isError, error, onRetry }: QueryFallbackProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  if (!isError) {
    return (
      <div className="route-loading">
        <Spinner />
      </div>
    );
  }
  return (
    <div className="state-screen state-screen--inline">
      <FormMessage message={errorMessage(error)} />
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
