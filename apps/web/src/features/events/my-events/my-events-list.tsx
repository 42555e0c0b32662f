import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { MyEventRow } from './my-event-row.tsx';
import { splitByTime } from './my-events-tabs.ts';

function useDateFormatter(language: string): (date: Date) => string {
  return useMemo(() => {
    const thisYear = new Date().getFullYear();
    const base: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
    const sameYear = new Intl.DateTimeFormat(language, base);
    const otherYear = new Intl.DateTimeFormat(language, { ...base, year: 'numeric' });
    return (date: Date) => (date.getFullYear() === thisYear ? sameYear : otherYear).format(date);
  }, [language]);
}

type MyEventsListProps = {
  events: readonly Event[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** A line under 'No events...yet' saying what this tab would hold. */
  emptyHint: string;
  /** An action under the empty state (discover, create ...). */
  emptyAction?: ReactNode;
  isInvitation?: boolean;
  /** False on the 'mine' tab (see MyEventRow). */
  hasStatus?: boolean;
  /** Lists read from one page of the events list: a button loads the next. */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
};

/** A tab's events: coming ones soonest first, then the past ones; loading, failure and empty states. */
export function MyEventsList({
  events,
  isPending,
  isError,
  onRetry,
  emptyHint,
  emptyAction,
  isInvitation = false,
  hasStatus = true,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
}: MyEventsListProps) {
  const { t, i18n } = useTranslation();
  const formatDate = useDateFormatter(i18n.language);
  const [now] = useState(() => new Date());
  const { upcoming, past } = useMemo(() => splitByTime(events, now), [events, now]);

  if (isError) {
    return (
      <div className="state-screen state-screen--inline" role="alert">
        <p className="state-screen__text">{t('myEvents.loadFailed')}</p>
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="my-events__loading">
        <Spinner />
      </div>
    );
  }

  const more = hasMore ? (
    <div className="my-events__more">
      <button type="button" className="btn btn--secondary" disabled={isLoadingMore} onClick={onLoadMore}>
        {isLoadingMore ? t('myEvents.loadingMore') : t('myEvents.loadMore')}
      </button>
    </div>
  ) : null;

  if (events.length === 0) {
    return (
      <>
        <div className="empty-state">
          <span className="empty-state__icon">
            <Icon name="calendar" size={32} />
          </span>
          <p className="empty-state__title">{t('events.empty')}</p>
          <p className="state-screen__text">{emptyHint}</p>
          {emptyAction}
        </div>
        {more}
      </>
    );
  }

  const rows = (list: Event[]) => (
    <ul className="my-events__list">
      {list.map((event) => (
        <li key={event.id}>
          <MyEventRow event={event} formatDate={formatDate} isInvitation={isInvitation} hasStatus={hasStatus} />
        </li>
      ))}
    </ul>
  );

  return (
    <>
      {upcoming.length > 0 ? rows(upcoming) : null}
      {past.length > 0 ? (
        <section className="my-events__past" aria-label={t('myEvents.past')}>
          <h2 className="my-events__section-title">{t('myEvents.past')}</h2>
          {rows(past)}
        </section>
      ) : null}
      {more}
    </>
  );
}
