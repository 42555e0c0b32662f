import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { Icon } from '../../components/icon.tsx';
import { whatsappUrl } from '../events/event-format.ts';

/**
 * The event_full alert (events §4, §8): 'This event is full' with a link to contact the organiser
 * on WhatsApp when the event allows it and the phone is shared with the viewer.
 */
export function RsvpFullAlert({ event, isAnnounced = false }: { event: Event; isAnnounced?: boolean }) {
  const { t } = useTranslation();
  const contact = event.allow_whatsapp && !event.is_owner ? whatsappUrl(event.creator.phone) : null;
  return (
    <div className="rsvp-full" role={isAnnounced ? 'alert' : 'status'}>
      <Icon name="users" size={20} />
      <p className="rsvp-full__text">
        <strong>{t('rsvp.full.title')}</strong>
        {contact ? (
          <a className="rsvp-full__contact" href={contact} target="_blank" rel="noopener noreferrer nofollow">
            <Icon name="chat" size={16} />
            {t('rsvp.full.contact')}
          </a>
        ) : null}
      </p>
    </div>
  );
}
