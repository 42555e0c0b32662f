import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEvent } from '../../../api/events/get-event.ts';
import { useCurrentUser } from '../../../api/users/get-current-user.ts';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-messages.ts';
import { EventPage } from './event-page.tsx';
import './event-page-screen.css';

/**
 * /events/{hash or id} (events §2): loads the event for the signed-in user or the visitor and
 * shows it; an event that does not exist or is hidden from the viewer is a 404 with its own state.
 * The group_invite parameter is handled by the shell for every page (features/groups/use-group-invites.ts).
 */
export function EventPageScreen({ eventRef }: { eventRef: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { user } = useCurrentUser();
  const query = useEvent(eventRef);

  // A failed load is asked again when the page is opened anew: a tap on a link to this same
  // address (the invitation's notification, over the not-found state) navigates without remounting.
  const navigationKey = useLocation().key;
  const openedWith = useRef(navigationKey);
  const { isError, refetch } = query;
  useEffect(() => {
    if (openedWith.current === navigationKey) return;
    openedWith.current = navigationKey;
    if (isError) void refetch();
  }, [navigationKey, isError, refetch]);

  if (user === undefined || query.isPending) {
    return (
      <div className="route-loading">
        <Spinner />
      </div>
    );
  }

  if (query.isError) {
    const isMissing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="state-screen" role={isMissing ? undefined : 'alert'}>
        <span className="empty-state__icon">
          <Icon name="calendar" size={32} />
        </span>
        <h1 className="state-screen__title">{isMissing ? t('eventPage.notFound.title') : t('eventPage.loadFailed')}</h1>
        {isMissing ? <p className="state-screen__text">{t('eventPage.notFound.text')}</p> : <p className="state-screen__text">{errorMessage(query.error)}</p>}
        <div className="state-screen__actions">
          {isMissing ? null : (
            <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          )}
          <Link to="/events" className="btn btn--primary">
            {t('eventPage.notFound.toEvents')}
          </Link>
        </div>
      </div>
    );
  }

  return <EventPage event={query.data} user={user} />;
}
