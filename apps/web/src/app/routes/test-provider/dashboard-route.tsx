import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDashboardPage } from '../../../api/test-provider/get-dashboard-page.ts';
import { DASHBOARD_FALLBACK, DashboardView } from '../../../features/test-provider/dashboard-view.tsx';
import { HostedState } from '../../../features/test-provider/hosted-state.tsx';
import { HostedLoadState, HostedScreen, isLinkGone } from './hosted-screen.tsx';

/**
 * /test-provider/dashboard/{linkId} (PAYMENTS_PROVIDER=test): the payout account's dashboard a
 * Login Link opens, for an hour. No sign-in: the link is the secret.
 */
export function DashboardRoute() {
  const { linkId = '' } = useParams();
  return (
    <HostedScreen>
      <DashboardScreen key={linkId} linkId={linkId} />
    </HostedScreen>
  );
}

function DashboardScreen({ linkId }: { linkId: string }) {
  const { t } = useTranslation();
  const query = useDashboardPage(linkId);
  if (query.isError && isLinkGone(query.error)) {
    return (
      <HostedState icon="clock" tone="warning" title={t('testProvider.linkGone.dashboardTitle')} text={t('testProvider.linkGone.dashboardText')}>
        <Link to={DASHBOARD_FALLBACK} className="btn btn--primary btn--block">
          {t('testProvider.linkGone.toSettings')}
        </Link>
      </HostedState>
    );
  }
  if (!query.data) return <HostedLoadState error={query.error} onRetry={() => void query.refetch()} />;
  return <DashboardView page={query.data} />;
}
