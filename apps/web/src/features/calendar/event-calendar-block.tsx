import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { eventCalendarFileUrl } from '../../api/calendar/event-calendar-file.ts';
import { useConfig } from '../../api/config/get-config.ts';
import { Icon } from '../../components/icon.tsx';
import { GoogleCalendarBlock } from './google-calendar-block.tsx';
import './calendar.css';

type EventCalendarBlockProps = { event: Event; user: User | null };

/**
 * The event page's calendar block (events §2, issue 19): 'Add to calendar' downloads the event as
 * an .ics file, which every calendar app opens. Signed-in people are pointed to their feed, which
 * keeps all their plans in their calendar. An event removed by a moderator is not offered. With
 * CALENDAR_PROVIDER=google, signed-in people also get the Google Calendar block (decision 0043).
 */
export function EventCalendarBlock({ event, user }: EventCalendarBlockProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const config = useConfig();
  if (event.deleted_by_moderator) return null;
  return (
    <section className="calendar-block" aria-labelledby={titleId}>
      <h2 id={titleId} className="calendar-block__title">
        <Icon name="calendar" size={20} />
        {t('calendar.block.title')}
      </h2>
      <p className="calendar-block__text">{t('calendar.block.text')}</p>
      {/* A plain link: the browser downloads the file with the session cookie, as the page itself. */}
      <a className="btn btn--secondary btn--block" href={eventCalendarFileUrl(event.id)} download>
        <Icon name="plus" size={20} />
        {t('calendar.block.add')}
      </a>
      {user && config.calendar_provider === 'google' ? <GoogleCalendarBlock eventId={event.id} /> : null}
      {user ? (
        <p className="calendar-block__feed">
          <Link to="/my-user" state={{ open: 'calendar' }} className="inline-link">
            {t('calendar.block.feedLink')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
