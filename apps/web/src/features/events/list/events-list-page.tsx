import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutationState } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EventPreset } from '@planns/shared/events/event-presets.rules';
import type { Event } from '@planns/shared/events/events.schemas';
import { FIRST_SCREEN_CARDS } from '@planns/shared/events/events.rules';
import { useLikeEvent } from '../../../api/events/like-event.ts';
import { flattenEventPages, useEventsList } from '../../../api/events/list-events.ts';
import { useCurrentUser } from '../../../api/users/get-current-user.ts';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-messages.ts';
import {
  buildListParams,
  eventFiltersStore,
  firstDayOfWeek,
  hasActiveFilters,
  resetFilters,
  setGroupFilter,
  useEventFilters,
  useGroupFilter,
  type EventFilters,
} from './event-filters.ts';
import { requireLogin } from '../../../lib/login-prompt.ts';
import { EventCard } from './event-card.tsx';
import { EventsEmptyState } from './events-empty-state.tsx';
import { EventsSearchBar } from './events-search-bar.tsx';
import { useCloseToYou } from './use-close-to-you.ts';
import { useViewerTimeZone, yearIn } from '../../../lib/viewer-time-zone.tsx';
import { usePresetTitle } from './use-preset-title.ts';
import './events-list-page.css';

/** Cards rendered with the first paint: a phone's first screen and the next. */
const FIRST_RENDER_CARDS = 6;
/** Cards added per step after it: each step is one short task, so the page never stops answering. */
const CARDS_PER_STEP = 8;

const FiltersPanel = lazy(() => import('./filters-panel.tsx').then((module) => ({ default: module.FiltersPanel })));

type EventsListPageProps = { preset: EventPreset };

function useDateFormatter(language: string, timeZone: string): (date: Date) => string {
  return useMemo(() => {
    const thisYear = yearIn(new Date(), timeZone);
    const base: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone };
    const sameYear = new Intl.DateTimeFormat(language, base);
    const otherYear = new Intl.DateTimeFormat(language, { ...base, year: 'numeric' });
    return (date: Date) => (yearIn(date, timeZone) === thisYear ? sameYear : otherYear).format(date);
  }, [language, timeZone]);
}

/**
 * The events list (/events, events §2): the header's search and filters toggles open the search
 * field and the filters panel through ?search=open and ?filters=open; the list reloads when the
 * panel closes or the search text settles. Pages of 100 load as the end of the list comes near.
 */
export function EventsListPage({ preset }: EventsListPageProps) {
  const { t, i18n } = useTranslation();
  const title = usePresetTitle(preset);
  const errorMessage = useErrorMessage();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useEventFilters();
  const groupId = useGroupFilter();
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const isSignedIn = user !== null && user !== undefined;
  const closeStatus = useCloseToYou(preset === 'close');
  const [now] = useState(() => new Date());
  const timeZone = useViewerTimeZone();
  const formatDate = useDateFormatter(i18n.language, timeZone);

  const userGroupIds = useMemo(() => (user?.groups ?? []).map((group) => group.id), [user]);
  const paramsFor = useCallback(
    (chosen: EventFilters, chosenGroupId: number | null) =>
      buildListParams(chosen, {
        now,
        timeZone,
        firstDay: firstDayOfWeek(i18n.language),
        isSignedIn,
        preset,
        groupId: chosenGroupId,
        userGroupIds,
      }),
    [now, timeZone, i18n.language, isSignedIn, preset, userGroupIds],
  );
  const params = useMemo(() => paramsFor(filters, groupId), [paramsFor, filters, groupId]);

  const needsSignIn = preset === 'friends' && !isUserLoading && !isSignedIn;
  const list = useEventsList(params, { isSignedIn, enabled: !isUserLoading && closeStatus !== 'locating' && !needsSignIn });
  const events = useMemo(() => flattenEventPages(list.data), [list.data]);
  // The first screen renders at once (the server's HTML has it); the rest of the page (up to 100
  // cards) right after, a few cards per task, each step a transition started once the browser is
  // free again: the main thread is never held for the whole list (issue 16: total blocking time).
  const [renderedCards, setRenderedCards] = useState(FIRST_RENDER_CARDS);
  useEffect(() => {
    if (events.length <= renderedCards) return;
    const step = setTimeout(() => startTransition(() => setRenderedCards((count) => count + CARDS_PER_STEP)), 0);
    return () => clearTimeout(step);
  }, [events.length, renderedCards]);
  const shownEvents = events.length > renderedCards ? events.slice(0, renderedCards) : events;

  const isSearchOpen = searchParams.get('search') === 'open' || filters.search !== '';
  const isFiltersOpen = searchParams.get('filters') === 'open';
  const isFiltered = hasActiveFilters(filters, groupId) || filters.search.trim() !== '';

  const { refetch, isPending: isListPending } = list;
  const closeFilters = useCallback(
    (next: EventFilters, nextGroupId: number | null) => {
      // The list reloads when the panel closes (events §2): with new filters by itself, else here.
      const isSameQuery = JSON.stringify(paramsFor(next, nextGroupId)) === JSON.stringify(params);
      if (isSameQuery && !isListPending) void refetch();
      eventFiltersStore.set(next);
      if (nextGroupId !== groupId) setGroupFilter(nextGroupId);
      setSearchParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.delete('filters');
          return copy;
        },
        { replace: true },
      );
    },
    [groupId, isListPending, params, paramsFor, refetch, setSearchParams],
  );

  // Likes: optimistic per event. Signed-out users log in first; the remembered like_event
  // (app/remembered-action-handlers.ts, registered at start) likes it 1 s after login.
  const { mutate: mutateLike } = useLikeEvent();
  const pendingLikes = useMutationState({
    filters: { mutationKey: ['events', 'like'], status: 'pending' },
    select: (mutation) => (mutation.state.variables as { id: number } | undefined)?.id,
  });
  const onLike = useCallback(
    (event: Event) => {
      if (!isSignedIn) {
        requireLogin({ name: 'like_event', params: { id: event.id } });
        return;
      }
      mutateLike(
        { id: event.id, wasLiked: event.is_liked },
        {
          onError: (error) => {
            if (isApiError(error) && error.status === 401) requireLogin({ name: 'like_event', params: { id: event.id } });
          },
        },
      );
    },
    [isSignedIn, mutateLike],
  );

  // The next page loads as the end of the list comes near.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, events.length]);

  let content;
  if (needsSignIn) {
    content = (
      <div className="state-screen state-screen--inline">
        <p className="state-screen__text">{t('eventsList.friendsSignIn')}</p>
        <button type="button" className="btn btn--primary" onClick={() => requireLogin()}>
          {t('eventsList.signIn')}
        </button>
      </div>
    );
  } else if (list.isError) {
    content = (
      <div className="state-screen state-screen--inline" role="alert">
        <p className="state-screen__text">{t('eventsList.loadFailed')}</p>
        {isApiError(list.error) && list.error.code === 'network_error' ? (
          <p className="state-screen__text">{errorMessage(list.error)}</p>
        ) : null}
        <button type="button" className="btn btn--secondary" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (list.isPending) {
    content = (
      <div className="events-screen__loading">
        <Spinner label={closeStatus === 'locating' ? t('eventsList.locating') : undefined} />
        {closeStatus === 'locating' ? <p className="events-screen__note">{t('eventsList.locating')}</p> : null}
      </div>
    );
  } else if (events.length === 0) {
    content = (
      <>
        <EventsEmptyState />
        {isFiltered ? (
          <button
            type="button"
            className="btn btn--secondary events-screen__clear"
            onClick={() => {
              eventFiltersStore.set((current) => ({ ...resetFilters(current), search: '' }));
              setGroupFilter(null);
            }}
          >
            {t('eventsList.clearFilters')}
          </button>
        ) : null}
      </>
    );
  } else {
    content = (
      <>
        <ul className="events-screen__list" aria-busy={list.isFetching}>
          {shownEvents.map((event, index) => (
            <li key={event.id}>
              <EventCard
                isFirstScreen={index < FIRST_SCREEN_CARDS}
                event={event}
                language={i18n.language}
                formatDate={formatDate}
                isLikePending={pendingLikes.includes(event.id)}
                onLike={onLike}
              />
            </li>
          ))}
        </ul>
        <div ref={sentinel} className="events-screen__more">
          {isFetchingNextPage ? <Spinner size="small" label={t('eventsList.loadingMore')} /> : null}
        </div>
      </>
    );
  }

  return (
    <div className="events-screen">
      {isSearchOpen ? <EventsSearchBar autoFocus={searchParams.get('search') === 'open' && filters.search === ''} /> : null}
      <div className="events-screen__heading">
        <p className="events-screen__eyebrow">{t('events.eyebrow')}</p>
        {/* A search says what was searched (the preset's title read as if nothing was). */}
        <h1 className="events-screen__title">{filters.search.trim() !== '' ? t('events.searchTitle', { query: filters.search.trim() }) : title}</h1>
      </div>
      {!isSignedIn && groupId !== null ? (
        // A visitor from a group's shared link sees that group's events (group_context): said, and undone in one tap.
        <div className="events-screen__group" role="status">
          <Icon name="users" size={18} />
          <span>{t('eventsList.groupContext')}</span>
          <button type="button" className="events-screen__group-clear" onClick={() => setGroupFilter(null)}>
            {t('eventsList.groupContextClear')}
          </button>
        </div>
      ) : null}
      {closeStatus === 'denied' || closeStatus === 'unavailable' ? (
        <p className="events-screen__notice" role="status">
          {t('eventsList.closeFallback')}
        </p>
      ) : null}
      {content}
      {isFiltersOpen ? (
        <Suspense fallback={null}>
          <FiltersPanel filters={filters} groupId={groupId} user={user ?? null} onClose={closeFilters} />
        </Suspense>
      ) : null}
    </div>
  );
}
