import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  directionsUrl,
  isAddressShown,
  truncatePageAddress,
} from '@planns/shared/events/events.rules';
import type { Event } from '@planns/shared/events/events.schemas';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { requireLogin } from '../../../lib/login-prompt.ts';
import { formatEventDates } from '../event-format.ts';
import { useLocaleTextKey, useViewerTimeZone } from '../../../lib/viewer-time-zone.tsx';
import { eventPriceText } from '../event-price.ts';
import { safeHref } from '../../../lib/linkify.ts';

const VISIBILITY_ICONS: Record<Event['visibility'], IconName> = { public: 'globe', private: 'lock', friends: 'users' };

const EXTERNAL_LINK = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

type EventFactsProps = { event: Event; isSignedIn: boolean };

/** Dates, place (or link), price, visibility and group. */
export function EventFacts({ event, isSignedIn }: EventFactsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const timeZone = useViewerTimeZone();
  const localeTextKey = useLocaleTextKey();
  const start = new Date(event.start_date);
  const end = event.end_date ? new Date(event.end_date) : null;
  const virtualUrl = event.url ? safeHref(event.url) : null;
  const signInToSee = !isSignedIn && event.is_location_hidden;

  const visibilityLabel = {
    public: t('eventPage.visibility.public'),
    private: t('eventPage.visibility.private'),
    friends: t('eventPage.visibility.friends'),
  }[event.visibility];

  return (
    <ul className="event-facts">
      <li className="event-facts__row">
        <Icon name="calendar" size={20} />
        <span key={localeTextKey} suppressHydrationWarning className="event-facts__text">
          <span className="visually-hidden">{t('eventPage.when')} </span>
          {formatEventDates(start, end, locale, undefined, timeZone)}
        </span>
      </li>

      {event.location_type === 'virtual' ? (
        <li className="event-facts__row">
          <Icon name="link" size={20} />
          <span className="event-facts__text">
            <span className="event-facts__label">{t('eventPage.virtual')}</span>
            {virtualUrl ? (
              <a className="event-facts__link" href={virtualUrl} {...EXTERNAL_LINK}>
                {event.url}
              </a>
            ) : signInToSee ? (
              <SignInToSee hash={event.hash} label={t('eventPage.signInToSeeLink')} />
            ) : null}
          </span>
        </li>
      ) : isAddressShown(event.address) || event.venue || signInToSee ? (
        <li className="event-facts__row">
          <Icon name="pin" size={20} />
          <span className="event-facts__text">
            {event.venue ? <span className="event-facts__label" dir="auto">{event.venue}</span> : null}
            {event.address && isAddressShown(event.address) ? (
              <>
                <PageAddress address={event.address} />
                <a className="event-facts__link" href={directionsUrl(event.address, event.lat, event.lng)} {...EXTERNAL_LINK}>
                  <Icon name="directions" size={16} />
                  {t('eventPage.directions')}
                </a>
              </>
            ) : signInToSee ? (
              <SignInToSee hash={event.hash} label={t('eventPage.signInToSeeAddress')} />
            ) : null}
          </span>
        </li>
      ) : null}

      <li className="event-facts__row">
        <Icon name="tag" size={20} />
        <span key={localeTextKey} suppressHydrationWarning className="event-facts__text">
          <span className="visually-hidden">{t('eventPage.price')} </span>
          {eventPriceText(event, locale, (lowest) => t('eventPage.priceFrom', { price: lowest })) ?? t('eventPage.free')}
          {event.is_sold_out ? <strong className="event-facts__sold-out"> · {t('eventPage.soldOut')}</strong> : null}
        </span>
      </li>

      <li className="event-facts__row">
        <Icon name={VISIBILITY_ICONS[event.visibility]} size={20} />
        <span className="event-facts__text">{visibilityLabel}</span>
      </li>

      {event.group ? (
        <li className="event-facts__row">
          <Icon name="users" size={20} />
          <span className="event-facts__text">{t('eventPage.group', { name: event.group.name })}</span>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The address as the page shows it (events §9 cuts it to its length): when cut, a tap shows it
 * whole (and again cut), so a long street name can be read.
 */
function PageAddress({ address }: { address: string }) {
  const { t } = useTranslation();
  const [isWhole, setIsWhole] = useState(false);
  const cut = truncatePageAddress(address);
  if (cut === address) return <span dir="auto">{address}</span>;
  return (
    <button
      type="button"
      className="event-facts__address"
      aria-expanded={isWhole}
      aria-label={isWhole ? undefined : t('eventPage.wholeAddress', { address })}
      onClick={() => setIsWhole((whole) => !whole)}
    >
      <span dir="auto">{isWhole ? address : cut}</span>
    </button>
  );
}

/** Visitors never get the address: a button that opens the login and comes back here. */
function SignInToSee({ hash, label }: { hash: string; label: string }) {
  return (
    <button type="button" className="inline-link" onClick={() => requireLogin({ name: 'open_event', params: { id: hash } })}>
      {label}
    </button>
  );
}
