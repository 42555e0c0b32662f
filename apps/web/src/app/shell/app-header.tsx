import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../components/back-button.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

/** Screens with their own back button in their page header (the legal pages). */
const OWN_BACK_BUTTON_PATHS: ReadonlySet<string> = new Set(['/terms', '/privacy-policy', '/cookies-policy']);

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isHome = pathname === '/' || pathname === '/home';
  const showBack = !isHome && !OWN_BACK_BUTTON_PATHS.has(pathname.replace(/\/+$/, ''));
  return (
    <header className="app-header">
      <div className="app-header__start">{showBack ? <BackButton /> : null}</div>
      <Link to="/events" className="app-header__logo" aria-label={t('shell.logoLabel')}>
        <span aria-hidden="true">planns</span>
        <span className="app-header__logo-dot" aria-hidden="true" />
      </Link>
      <div className="app-header__end">
        <LanguageSwitcher />
      </div>
    </header>
  );
}
