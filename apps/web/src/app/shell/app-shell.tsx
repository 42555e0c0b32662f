import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { useScrollRestoration } from '../../lib/use-scroll-restoration.ts';
import { useTrackNavigationHistory } from '../../lib/use-navigation-history.ts';
import { isEventPagePath } from '../../lib/navigation-history.ts';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { CookiesBanner } from './cookies-banner.tsx';
import { LoginModalHost } from './login-modal-host.tsx';
import { NoticeHost } from './notice-host.tsx';
import { RouteError } from './route-error.tsx';
import { RouteLoading } from './route-loading.tsx';
import { ScrollTopButton } from './scroll-top-button.tsx';
import { useGroupInvites } from '../../features/groups/use-group-invites.ts';
import { usePageViews } from './use-page-views.ts';
import './app-shell.css';

/** The 430 px column: header, the routed screen, footer tabs, and the app-wide overlays. */
export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useTrackNavigationHistory();
  useScrollRestoration();
  usePageViews();
  useGroupInvites();
  const { user } = useCurrentUser();
  // The test payment provider's hosted pages stand in for Stripe's: they bring their own header
  // (hosted-frame) and show none of planns' navigation, signed in or not.
  const isHostedPage = pathname.startsWith('/test-provider/');
  // The footer on the event page shows only to signed-out visitors (events §2).
  const hasFooter = !isHostedPage && (!isEventPagePath(pathname) || user === null);
  return (
    <div className={isHostedPage ? 'app app--hosted' : 'app'}>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      {isHostedPage ? null : <AppHeader />}
      <main id="main" className="app__main" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname} fallback={<RouteError />}>
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <div className="app__bottom">
        <ScrollTopButton />
        <NoticeHost />
        <CookiesBanner />
        {hasFooter ? <AppFooter /> : null}
      </div>
      <LoginModalHost />
    </div>
  );
}
