import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { Avatar } from '../../../components/avatar.tsx';
import { Icon } from '../../../components/icon.tsx';
import { whatsappUrl } from '../event-format.ts';

/**
 * Hosted by: the organiser's picture and name, each opening /profile/{id}, and the WhatsApp
 * contact link when the event allows it and the phone is shared.
 */
export function EventHost({ event }: { event: Event }) {
  const { t } = useTranslation();
  // The organiser does not need a link to message themselves.
  const whatsapp = event.allow_whatsapp && !event.is_owner ? whatsappUrl(event.creator.phone) : null;
  const profile = `/profile/${event.creator.id}`;
  return (
    <div className="event-host">
      {/* The name is the link for keyboards and screen readers; the picture is a bigger target for fingers. */}
      <Link to={profile} tabIndex={-1} aria-hidden="true">
        <Avatar src={event.creator.avatar_s ?? event.creator.avatar} name={event.creator.name} size={44} />
      </Link>
      <p className="event-host__text">
        <span className="event-host__label">{t('eventPage.hostedBy')}</span>
        <Link to={profile} className="event-host__name">
          {event.creator.name || t('eventPage.attendees.noName')}
        </Link>
      </p>
      {whatsapp ? (
        <a className="btn btn--secondary btn--small" href={whatsapp} target="_blank" rel="noopener noreferrer nofollow">
          <Icon name="chat" size={18} />
          {t('eventPage.contactWhatsapp')}
        </a>
      ) : null}
    </div>
  );
}
