import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOnboardingPage } from '../../../api/test-provider/get-onboarding-page.ts';
import { HostedState } from '../../../features/test-provider/hosted-state.tsx';
import { OnboardingForm } from '../../../features/test-provider/onboarding-form.tsx';
import { HostedLoadState, HostedScreen, isLinkGone } from './hosted-screen.tsx';

/**
 * /test-provider/onboarding/{linkId} (PAYMENTS_PROVIDER=test): the hosted onboarding page an
 * Account Link opens. No sign-in: the link is the secret. An expired or unknown link sends the
 * person back to the payout settings, which make a fresh one.
 */
export function OnboardingRoute() {
  const { linkId = '' } = useParams();
  return (
    <HostedScreen>
      <OnboardingScreen key={linkId} linkId={linkId} />
    </HostedScreen>
  );
}

function OnboardingScreen({ linkId }: { linkId: string }) {
  const { t } = useTranslation();
  const query = useOnboardingPage(linkId);
  if (query.isError && isLinkGone(query.error)) {
    return (
      <HostedState icon="clock" tone="warning" title={t('testProvider.linkGone.onboardingTitle')} text={t('testProvider.linkGone.onboardingText')}>
        <Link to="/stripe-settings" className="btn btn--primary btn--block">
          {t('testProvider.linkGone.toSettings')}
        </Link>
      </HostedState>
    );
  }
  if (!query.data) return <HostedLoadState error={query.error} onRetry={() => void query.refetch()} />;
  return <OnboardingForm linkId={linkId} page={query.data} />;
}
