import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import {
  CARD_ADDRESS_LENGTH,
  CARD_AVATARS,
  DESCRIPTION_CARD_LENGTH,
  isAddressShown,
  truncate,
} from '@planns/shared/events/events.rules';
import { Avatar } from '../../../components/avatar.tsx';
import { Icon } from '../../../components/icon.tsx';
import { eventPriceText } from '../event-price.ts';
import { useLocaleTextKey } from '../../../lib/viewer-time-zone.tsx';

type EventCardProps = {
  event: Event;
  language: string;
  formatDate: (date: Date) => string;
  isLikePending: boolean;
  onLike: (event: Event) => void;
  /** One of the list's first-screen cards (FIRST_SCREEN_CARDS): its picture is the screen's largest paint, fetched at once (issue 16). */
  isFirstScreen?: boolean;
};

/** Four gradients for events without a picture, chosen by id so a card keeps its colour. */
const PLACEHOLDERS = 4;

/** The place line: the address cut at 40, 'Online' for virtual events, else the venue or the sign-in hint. */
function useWhere(event: Event): string | null {
  const { t } = useTranslation();
  if (event.location_type === 'virtual') return t('eventsList.online');
  if (event.address !== null && isAddressShown(event.address)) return truncate(event.address, CARD_ADDRESS_LENGTH);
  if (event.venue) return truncate(event.venue, CARD_ADDRESS_LENGTH);
  return event.is_location_hidden ? t('eventsList.signInForAddress') : null;
}

/**
 * One event in the list (events §2): picture, date, name, place, description cut at 100, up to
 * three people going, price and like. The whole card opens the event; the like button sits above
 * the card's link.
 */
export const EventCard = memo(function EventCard({ event, language, formatDate, isLikePending, onLike, isFirstScreen = false }: EventCardProps) {
  const { t } = useTranslation();
  const where = useWhere(event);
  const picture = event.m_image ?? event.image;
  const price = eventPriceText(event, language, (lowest) => t('eventsList.priceFrom', { price: lowest }));
  const shown = event.users.slice(0, CARD_AVATARS);
  const more = Math.max(0, event.users_count - shown.length);
  const description = event.description.trim();
  const localeTextKey = useLocaleTextKey();

  return (
    <article className="event-card">
      <div className={`event-card__media event-card__media--${event.id % PLACEHOLDERS}`}>
        {picture ? (
          <img
            className="event-card__image"
            src={picture}
            alt=""
            loading={isFirstScreen ? 'eager' : 'lazy'}
            fetchPriority={isFirstScreen ? 'high' : 'auto'}
            decoding="async"
            width={600}
            height={300}
          />
        ) : (
          <Icon name="calendar" size={40} className="event-card__placeholder-icon" />
        )}
        {event.visibility !== 'public' ? (
          <span className="event-card__badge">
            <Icon name={event.visibility === 'private' ? 'lock' : 'users'} size={14} />
            {event.visibility === 'private' ? t('eventsList.private') : t('eventsList.friendsOnly')}
          </span>
        ) : null}
      </div>

      <div className="event-card__body">
        <div className="event-card__meta">
          <time key={`date-${localeTextKey}`} suppressHydrationWarning className="event-card__date" dateTime={event.start_date}>
            {formatDate(new Date(event.start_date))}
          </time>
          <span key={`price-${localeTextKey}`} suppressHydrationWarning className={price ? 'event-card__price' : 'event-card__price event-card__price--free'}>
            {event.is_sold_out ? t('eventsList.soldOut') : (price ?? t('eventsList.free'))}
          </span>
        </div>
        <h2 className="event-card__name" dir="auto">
          <Link to={`/events/${encodeURIComponent(event.hash)}`} className="event-card__link">
            {event.name}
          </Link>
        </h2>
        {where ? (
          <p className="event-card__where">
            <Icon name="pin" size={16} />
            <span dir="auto">{where}</span>
          </p>
        ) : null}
        {description ? <p className="event-card__description" dir="auto">{truncate(description, DESCRIPTION_CARD_LENGTH)}</p> : null}

        <div className="event-card__footer">
          {shown.length > 0 ? (
            <p className="event-card__people">
              <span className="visually-hidden">{t('eventsList.going', { count: event.users_count })}</span>
              <span className="event-card__avatars" aria-hidden="true">
                {shown.map((person) => (
                  <Avatar key={person.id} src={person.avatar_s ?? person.avatar} name={person.name} size={28} />
                ))}
              </span>
              {more > 0 ? (
                <span className="event-card__more" aria-hidden="true">
                  {t('eventsList.moreGoing', { count: more })}
                </span>
              ) : null}
            </p>
          ) : (
            <span />
          )}
          <button
            type="button"
            className={event.is_liked ? 'event-card__like event-card__like--on' : 'event-card__like'}
            aria-pressed={event.is_liked}
            aria-busy={isLikePending}
            onClick={() => {
              if (!isLikePending) onLike(event);
            }}
          >
            {/* The name is what shows and what it does: 'Like 3' (WCAG 2.5.3, label in name). */}
            <span className="visually-hidden">{t('eventsList.like')}</span>
            <Icon name="heart" size={22} />
            {event.likes_count > 0 ? <span className="event-card__likes">{event.likes_count}</span> : null}
          </button>
        </div>
      </div>
    </article>
  );
});
