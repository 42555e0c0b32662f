import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { formatMoney } from '@planns/shared/money/money.rules';
import { useLocaleTextKey } from '../../lib/viewer-time-zone.tsx';
import './event-ticket-types.css';

/**
 * The event page's tickets block (events §2): each ticket type of a paid event with its price in
 * the viewer's language, its description and, beyond the spec, its limit. Nothing for a free
 * event. While payments are not enabled (events §4), it says the tickets are not on sale yet.
 */
export function EventTicketTypes({ event }: { event: Event }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const localeTextKey = useLocaleTextKey();
  if (!event.is_paid || event.ticket_types.length === 0) return null;
  return (
    <section className="event-tickets" aria-labelledby={titleId}>
      <h2 id={titleId} className="event-tickets__title">
        {t('tickets.title')}
      </h2>
      <ul className="event-tickets__list">
        {event.ticket_types.map((type) => (
          <li key={type.id} className="event-tickets__type">
            <div className="event-tickets__row">
              <span className="event-tickets__name" dir="auto">
                {type.name}
              </span>
              <span key={localeTextKey} suppressHydrationWarning className="event-tickets__price">{formatMoney(type.price, type.currency, i18n.language)}</span>
            </div>
            {type.description ? (
              <p className="event-tickets__description" dir="auto">
                {type.description}
              </p>
            ) : null}
            {type.sold_out ? (
              <p className="event-tickets__sold-out">{t('eventPage.soldOut')}</p>
            ) : type.remaining !== null ? (
              <p className="event-tickets__limit">{t('tickets.limited', { count: type.remaining })}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {!event.payments_enabled && !event.is_owner ? <p className="event-tickets__note">{t('tickets.notOnSale')}</p> : null}
    </section>
  );
}
