import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { Icon, type IconName } from '../../components/icon.tsx';
import { requireLogin } from '../../lib/login-prompt.ts';

type Tab = {
  to: string;
  icon: IconName;
  label: string;
  isActive: boolean;
  /** The action remembered when a signed-out user taps a tab that needs an account. */
  loginAction?: 'open_my_plans' | 'open_create' | 'open_profile';
};

/** Re-tapping the active Home tab reloads it with a timestamp query (events §2). */
function homeReloadPath(): string {
  return `/?t=${Date.now()}`;
}

function isHomePath(pathname: string): boolean {
  return pathname === '/' || pathname === '/home';
}

export function AppFooter() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();

  const tabs: Tab[] = [
    { to: '/', icon: 'home', label: t('nav.home'), isActive: isHomePath(pathname) || pathname.startsWith('/events') },
    { to: '/my-events', icon: 'calendar', label: t('nav.myPlans'), isActive: pathname === '/my-events', loginAction: 'open_my_plans' },
    { to: '/new-event', icon: 'plus', label: t('nav.create'), isActive: pathname === '/new-event', loginAction: 'open_create' },
    { to: '/privacy-policy', icon: 'shield', label: t('nav.privacy'), isActive: pathname === '/privacy-policy' },
    { to: '/my-user', icon: 'user', label: t('nav.account'), isActive: pathname === '/my-user', loginAction: 'open_profile' },
  ];

  function onTabClick(event: MouseEvent<HTMLAnchorElement>, tab: Tab) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (tab.loginAction && user === null) {
      event.preventDefault();
      requireLogin({ name: tab.loginAction });
      return;
    }
    if (tab.to === '/' && isHomePath(pathname)) {
      event.preventDefault();
      void navigate(homeReloadPath());
    }
  }

  return (
    <nav className="app-footer" aria-label={t('nav.label')}>
      <ul className="app-footer__tabs">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              className={['app-footer__tab', tab.to === '/new-event' ? 'app-footer__tab--create' : ''].filter(Boolean).join(' ')}
              aria-current={tab.isActive ? 'page' : undefined}
              onClick={(event) => onTabClick(event, tab)}
            >
              <span className="app-footer__icon">
                <Icon name={tab.icon} size={tab.to === '/new-event' ? 22 : 24} />
              </span>
              <span className="app-footer__label">{tab.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
