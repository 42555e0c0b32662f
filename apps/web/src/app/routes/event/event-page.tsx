import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { Icon } from '../../../components/icon.tsx';
import { EventCalendarBlock } from '../../../features/calendar/event-calendar-block.tsx';
import { CommentsSection } from '../../../features/comments/comments-section.tsx';
import { EventAttendees } from '../../../features/events/page/event-attendees.tsx';
import { EventDescription } from '../../../features/events/page/event-description.tsx';
import { EventFacts } from '../../../features/events/page/event-facts.tsx';
import { EventHost } from '../../../features/events/page/event-host.tsx';
import { EventLikeButton } from '../../../features/events/page/event-like-button.tsx';
import { useEventLiveUpdates } from '../../../features/events/page/use-event-live-updates.ts';
import { useCategoryName } from '../../../features/events/use-category-name.ts';
import { GallerySection } from '../../../features/gallery/gallery-section.tsx';
import { PaymentAlert } from '../../../features/payments/payment-alert.tsx';
import { RsvpBlock } from '../../../features/rsvp/rsvp-block.tsx';
import { ShareButton } from '../../../features/share/share-button.tsx';
import { EventTicketTypes } from '../../../features/tickets/event-ticket-types.tsx';

// The owner's and moderators' menu (its dialogs and calls) loads only for them (issue 16).
const EventManageMenu = lazy(() => import('../../../features/events/page/event-manage-menu.tsx').then((m) => ({ default: m.EventManageMenu })));

type EventPageProps = { event: Event; user: User | null };

/** The event page's content (events §2 "Event page"). */
export function EventPage({ event, user }: EventPageProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const categoryName = useCategoryName();
  const image = event.image ?? event.m_image;
  useEventLiveUpdates(event.id, user?.id ?? null);

  return (
    <article className="event-page" aria-labelledby={titleId}>
      {event.deleted_by_moderator ? (
        <p className="event-page__banner" role="status">
          <Icon name="shield" size={20} />
          {t('eventPage.deletedByModerator')}
        </p>
      ) : null}

      <div className={image ? 'event-hero' : 'event-hero event-hero--placeholder'}>
        {/* The page's largest paint: fetched at once (the server's HTML preloads the same file). */}
        {image ? <img className="event-hero__image" src={image} alt="" fetchPriority="high" width={800} height={500} /> : <Icon name="image" size={40} />}
      </div>

      <div className="event-page__heading">
        <h1 id={titleId} className="event-page__title" dir="auto">
          {event.name}
        </h1>
        {event.can_manage && user ? (
          <Suspense fallback={null}>
            <EventManageMenu event={event} user={user} />
          </Suspense>
        ) : null}
      </div>

      <EventFacts event={event} isSignedIn={user !== null} />

      <div className="event-page__actions">
        <EventLikeButton event={event} isSignedIn={user !== null} />
      </div>

      {/* RSVP: going / maybe / not going, and the join sheet (step 1 of the join flow). */}
      <div className="event-page__slot" data-slot="rsvp">
        <RsvpBlock event={event} user={user} />
      </div>

      <EventAttendees event={event} />

      {/* Tickets: the types with their prices; the owner's payment alert (needs verification, open an account, finish setup). */}
      <div className="event-page__slot" data-slot="tickets">
        <PaymentAlert event={event} />
        <EventTicketTypes event={event} />
      </div>

      <EventHost event={event} />

      {event.categories.length > 0 ? (
        <ul className="event-page__chips" aria-label={t('eventPage.categories')}>
          {event.categories.map((category) => (
            <li key={category.id} className="chip">
              {categoryName(category)}
            </li>
          ))}
        </ul>
      ) : null}

      <EventDescription text={event.description} />

      {/* Calendar block: 'Add to calendar' downloads the event's .ics file (issue 19). */}
      <div className="event-page__slot" data-slot="calendar">
        <EventCalendarBlock event={event} user={user} />
      </div>
      {/* Share: the panel with friends, SMS, WhatsApp, email, copy info and link. */}
      <div className="event-page__slot" data-slot="share">
        <ShareButton event={event} user={user} />
      </div>
      {/* Gallery: 'Photos and videos (N)', the newest nine, See all, the full view and the upload queue. */}
      <div className="event-page__slot" data-slot="gallery">
        <GallerySection event={event} user={user} />
      </div>
      {/* Comments: 'Comments (N)', the newest two, and the 'Comments: {event title}' panel. */}
      <div className="event-page__slot" data-slot="comments">
        <CommentsSection event={event} user={user} />
      </div>
    </article>
  );
}
