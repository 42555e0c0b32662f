import { lazy, Suspense } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { BackButton } from '../../components/back-button.tsx';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { Icon } from '../../components/icon.tsx';
import { eventFiltersStore, useEventFilters, useHasActiveFilters } from '../../features/events/list/event-filters.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

/** Signed in only, and in its own chunk: the first load carries just this line. */
const NotificationBell = lazy(() => import('../../features/notifications/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })));

/** Screens with their own back button in their page header (the legal pages). */
const OWN_BACK_BUTTON_PATHS: ReadonlySet<string> = new Set(['/terms', '/privacy-policy', '/cookies-policy']);

/**
 * The events list's search and filters toggles. They talk to the list through the address
 * (?search=open, ?filters=open), so the header never loads the filters panel's code; from home
 * they open the list with the search or the panel showing.
 */
function ListToggles({ isList }: { isList: boolean }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useEventFilters();
  const hasActiveFilters = useHasActiveFilters();
  const isSearchOpen = isList && (searchParams.get('search') === 'open' || filters.search !== '');
  const filtersLabel = hasActiveFilters ? `${t('filters.open')}, ${t('filters.active')}` : t('filters.open');
  const dot = hasActiveFilters ? <span className="app-header__dot" aria-hidden="true" /> : null;

  if (!isList) {
    return (
      <>
        <Link to="/events?search=open" className="icon-button app-header__tool" aria-label={t('eventsList.search')}>
          <Icon name="search" size={22} />
        </Link>
        <Link to="/events?filters=open" className="icon-button app-header__tool" aria-label={filtersLabel}>
          <Icon name="sliders" size={22} />
          {dot}
        </Link>
      </>
    );
  }

  const toggle = (name: 'search' | 'filters', open: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(name, 'open');
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <button
        type="button"
        className="icon-button app-header__tool"
        aria-label={t('eventsList.search')}
        aria-pressed={isSearchOpen}
        aria-controls={isSearchOpen ? 'events-search' : undefined}
        onClick={() => {
          if (isSearchOpen) eventFiltersStore.set((current) => (current.search === '' ? current : { ...current, search: '' }));
          toggle('search', !isSearchOpen);
        }}
      >
        <Icon name="search" size={22} />
      </button>
      <button
        type="button"
        className="icon-button app-header__tool"
        aria-label={filtersLabel}
        aria-haspopup="dialog"
        onClick={() => toggle('filters', true)}
      >
        <Icon name="sliders" size={22} />
        {dot}
      </button>
    </>
  );
}

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const isHome = path === '/' || path === '/home';
  const isList = path === '/events';
  const showBack = !isHome && !OWN_BACK_BUTTON_PATHS.has(path);
  const { user } = useCurrentUser();
  return (
    <header className="app-header">
      <div className="app-header__start">
        {showBack ? <BackButton /> : null}
        <Link to="/events" className="app-header__logo" aria-label={t('shell.logoLabel')}>
          <span aria-hidden="true">planns</span>
          <span className="app-header__logo-dot" aria-hidden="true" />
        </Link>
      </div>
      <div className="app-header__end">
        {isHome || isList ? <ListToggles isList={isList} /> : null}
        {user ? (
          <ErrorBoundary resetKey={String(user.id)} fallback={null}>
            <Suspense fallback={null}>
              <NotificationBell userId={user.id} />
            </Suspense>
          </ErrorBoundary>
        ) : null}
        <LanguageSwitcher />
      </div>
    </header>
  );
}
