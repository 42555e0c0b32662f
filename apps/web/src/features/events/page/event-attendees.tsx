import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_AVATARS } from '@planns/shared/events/events.rules';
import type { Event } from '@planns/shared/events/events.schemas';
import { Avatar } from '../../../components/avatar.tsx';

/** Who is going: up to 7 avatars (events §9) with the going, maybe and total counts. */
export function EventAttendees({ event }: { event: Event }) {
  const { t } = useTranslation();
  const id = useId();
  const shown = event.users.slice(0, PAGE_AVATARS);
  const hidden = Math.max(0, event.users_count - shown.length);
  const companions = Math.max(0, event.attendees_count - event.users_count);

  return (
    <section className="event-page__section" aria-labelledby={id}>
      <h2 id={id} className="event-page__section-title">
        {t('eventPage.attendees.title')}
      </h2>
      {event.users_count === 0 ? (
        <p className="event-page__muted">{t('eventPage.attendees.none')}</p>
      ) : (
        <ul className="event-attendees" aria-label={t('eventPage.attendees.going', { count: event.users_count })}>
          {shown.map((person) => (
            <li key={person.id} className="event-attendees__person" title={person.name ?? undefined}>
              <Avatar src={person.avatar_s ?? person.avatar} name={person.name} size={40} />
              <span className="visually-hidden">{person.name || t('eventPage.attendees.noName')}</span>
            </li>
          ))}
          {hidden > 0 ? (
            <li className="event-attendees__more" aria-label={t('eventPage.attendees.others', { count: hidden })}>
              +{hidden}
            </li>
          ) : null}
        </ul>
      )}
      <p className="event-attendees__counts">
        <span>{t('eventPage.attendees.going', { count: event.users_count })}</span>
        {companions > 0 ? <span>{t('eventPage.attendees.companions', { count: companions })}</span> : null}
        {event.doubt_users_count > 0 ? <span>{t('eventPage.attendees.maybe', { count: event.doubt_users_count })}</span> : null}
      </p>
    </section>
  );
}
