import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardUrl } from '../../api/payments/get-dashboard-url.ts';
import { useOnboardingUrl } from '../../api/payments/get-onboarding-url.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useLeaving } from './use-leaving.ts';

/**
 * The provider's hosted pages open in this tab: the onboarding link is single-use and comes back to
 * /stripe_registered, the dashboard comes back to /stripe-settings, and a tab opened after a
 * request would be stopped by pop-up blockers. Between the answer and the page leaving, the
 * button stays busy.
 */
function goTo(url: string): void {
  window.location.assign(url);
}

/** Verification (the provider's hosted onboarding): a fresh link, then there. */
export function useOpenVerification() {
  const { t } = useTranslation();
  const link = useOnboardingUrl();
  const [isLeaving, setIsLeaving] = useLeaving();
  const { mutate } = link;
  const open = useCallback(
    () =>
      mutate(undefined, {
        onSuccess: (url) => {
          setIsLeaving(true);
          goTo(url);
        },
      }),
    [mutate, setIsLeaving],
  );
  return {
    open,
    isBusy: link.isPending || isLeaving,
    error: link.isError ? t('payments.messages.verificationUrlFailed') : null,
  };
}

/** The account's dashboard at the provider, whose way back leads to /stripe-settings. */
export function useOpenDashboard() {
  const { t } = useTranslation();
  const link = useDashboardUrl();
  const [isLeaving, setIsLeaving] = useLeaving();
  const { mutate } = link;
  const open = useCallback(
    () =>
      mutate(new URL('/stripe-settings', window.location.origin).toString(), {
        onSuccess: (url) => {
          setIsLeaving(true);
          goTo(url);
        },
      }),
    [mutate, setIsLeaving],
  );
  // The server answered a refusal: no link. Otherwise (unreachable, unreadable answer) it could not be opened.
  const error = !link.isError
    ? null
    : isApiError(link.error) && link.error.status >= 400 && link.error.code !== 'invalid_response'
      ? t('payments.messages.loginUrlFailed')
      : t('payments.messages.dashboardFailed');
  return { open, isBusy: link.isPending || isLeaving, error };
}
