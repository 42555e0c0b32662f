import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { Icon } from '../../../components/icon.tsx';

type MyEventRowProps = {
  event: Event;
  formatDate: (date: Date) => string;
  /** On the pending tab every row is an invitation waiting for an answer. */
  isInvitation?: boolean;
  /** The 'mine' tab says nothing on each row: every one is the user's own. */
  hasStatus?: boolean;
};

type Status = 'invited' | 'organiser' | 'going' | 'maybe' | 'notGoing';

function statusOf(event: Event, isInvitation: boolean): Status | null {
  if (isInvitation) return 'invited';
  if (event.is_owner) return 'organiser';
  if (event.is_joined) return 'going';
  if (event.is_maybe) return 'maybe';
  if (event.is_rejected) return 'notGoing';
  return null;
}

/** One plan: picture, date, name, place and the user's part in it; the whole row opens the event. */
export const MyEventRow = memo(function MyEventRow({ event, formatDate, isInvitation = false, hasStatus = true }: MyEventRowProps) {
  const { t } = useTranslation();
  const picture = event.m_image ?? event.image;
  const status = hasStatus ? statusOf(event, isInvitation) : null;
  const where = event.location_type === 'virtual' ? t('myEvents.online') : event.venue || event.address;

  return (
    <article className="my-event">
      <span className="my-event__media">
        {picture ? (
          <img className="my-event__image" src={picture} alt="" loading="lazy" decoding="async" width={72} height={72} />
        ) : (
          <Icon name="calendar" size={28} />
        )}
      </span>
      <div className="my-event__body">
        <time className="my-event__date" dateTime={event.start_date}>
          {formatDate(new Date(event.start_date))}
        </time>
        <h2 className="my-event__name" dir="auto">
          <Link to={`/events/${encodeURIComponent(event.hash)}`} className="my-event__link">
            {event.name}
          </Link>
        </h2>
        {where ? (
          <p className="my-event__where" dir="auto">
            {where}
          </p>
        ) : null}
      </div>
      {status ? <span className={`my-event__status my-event__status--${status}`}>{t(`myEvents.status.${status}`)}</span> : null}
    </article>
  );
});
