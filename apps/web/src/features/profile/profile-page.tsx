import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { Profile } from '@planns/shared/profile/profile.schemas';
import { useFollowStatus } from '../../api/friends/get-follow-status.ts';
import { friendshipActions } from '../../api/friends/relationship-state.ts';
import { useRelationshipActions } from '../../api/friends/use-relationship-actions.ts';
import { Avatar } from '../../components/avatar.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { splitCreatedEvents } from './profile-events.ts';
import './profile-page.css';

/**
 * One person's profile: name header with back, avatar, the friend and follow buttons, friends
 * (count and list) and the upcoming, past and joined event lists, each with its count.
 */
export function ProfilePage({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const { user } = profile;
  const name = user.name || t('friends.noName');
  const actions = useRelationshipActions();
  const follow = useFollowStatus(user.id);
  const [now] = useState(() => new Date());
  const { upcoming, past } = useMemo(() => splitCreatedEvents(profile.created_events, now), [profile.created_events, now]);
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language]);
  const target = { id: user.id, name: user.name, request_id: profile.request_id };
  const isBusy = actions.isBusy(user.id);
  const isFollowed = follow.data?.is_followed_by_me ?? false;

  const friendship = friendshipActions(profile);
  const friendshipButton = (action: (typeof friendship)[number]) => (
    <button key={action} type="button" className={friendshipButtonClass(action)} disabled={isBusy} onClick={() => actions.run(action, target)}>
      {t(`friends.actions.${action}`)}
    </button>
  );

  return (
    <div className="profile-page">
      <PageHeader title={name} />

      <section className="profile-page__card" aria-label={name}>
        <Avatar src={user.avatar_m ?? user.avatar} name={user.name} size={96} />
        <p className="profile-page__meta">
          <span>{t('profilePage.friendsCount', { count: profile.friends_count })}</span>
          {follow.data?.is_following_me ? <span className="profile-page__chip">{t('friends.status.followsYou')}</span> : null}
          {profile.is_friend ? (
            <span className="profile-page__chip profile-page__chip--friends">
              <Icon name="check" size={14} />
              {t('friends.status.friends')}
            </span>
          ) : null}
        </p>
        <div className="profile-page__actions">
          {friendship.filter(isLeading).map(friendshipButton)}
          <button
            type="button"
            className={isFollowed ? 'btn btn--secondary btn--small' : 'btn btn--primary btn--small'}
            aria-pressed={isFollowed}
            disabled={isBusy || follow.isPending}
            onClick={() => actions.run(isFollowed ? 'unfollow' : 'follow', target)}
          >
            {isFollowed ? <Icon name="check" size={16} /> : null}
            {isFollowed ? t('friends.actions.following') : t('friends.actions.follow')}
          </button>
          {friendship.filter((action) => !isLeading(action)).map(friendshipButton)}
        </div>
      </section>

      <section className="profile-page__section" aria-labelledby="profile-friends">
        <h2 id="profile-friends" className="profile-page__title">
          {t('profilePage.friendsTitle')}
          <span className="profile-page__count">{profile.friends_count}</span>
        </h2>
        {profile.friends.length === 0 ? (
          <p className="profile-page__empty">{t('profilePage.noFriends')}</p>
        ) : (
          <ul className="profile-page__friends" aria-label={t('profilePage.friendsLabel', { name })}>
            {profile.friends.map((friend) => (
              <li key={friend.id}>
                <Link to={`/profile/${friend.id}`} className="profile-page__friend">
                  <Avatar src={friend.avatar_s ?? friend.avatar} name={friend.name} size={56} />
                  <span className="profile-page__friend-name">{friend.name || t('friends.noName')}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <EventList id="profile-upcoming" title={t('profilePage.lists.upcoming')} events={upcoming} formatDate={formatDate} />
      <EventList id="profile-past" title={t('profilePage.lists.past')} events={past} formatDate={formatDate} />
      <EventList id="profile-joined" title={t('profilePage.lists.joined')} events={profile.joined_events} formatDate={formatDate} />

      <ConfirmDialog {...actions.confirm} />
    </div>
  );
}

type EventListProps = { id: string; title: string; events: readonly Event[]; formatDate: (iso: string) => string };

/** One of the three lists: a title with its count; each item's image, name and start date open the event. */
function EventList({ id, title, events, formatDate }: EventListProps) {
  const { t } = useTranslation();
  return (
    <section className="profile-page__section" aria-labelledby={id}>
      <h2 id={id} className="profile-page__title">
        {title}
        <span className="profile-page__count">{events.length}</span>
      </h2>
      {events.length === 0 ? (
        <p className="profile-page__empty">{t('profilePage.noEvents')}</p>
      ) : (
        <ul className="profile-page__events">
          {events.map((event) => {
            const picture = event.m_image ?? event.image;
            return (
              <li key={event.id}>
                <Link to={`/events/${encodeURIComponent(event.hash)}`} className="profile-page__event">
                  <span className="profile-page__event-media">
                    {picture ? (
                      <img src={picture} alt="" loading="lazy" decoding="async" width={64} height={64} />
                    ) : (
                      <Icon name="calendar" size={24} />
                    )}
                  </span>
                  <span className="profile-page__event-text">
                    <span className="profile-page__event-name" dir="auto">
                      {event.name}
                    </span>
                    <time className="profile-page__event-date" dateTime={event.start_date}>
                      {formatDate(event.start_date)}
                    </time>
                  </span>
                  <Icon name="forward" size={18} className="profile-page__event-chevron" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * A friendship action's weight: adding and accepting lead (before Follow); ending a friendship or
 * declining is there but quiet (a ghost button after Follow), so the destructive choice is never
 * the loudest.
 */
const isLeading = (action: string) => action === 'add' || action === 'accept';

function friendshipButtonClass(action: string): string {
  if (isLeading(action)) return 'btn btn--primary btn--small';
  if (action === 'unfriend' || action === 'decline') return 'btn btn--ghost btn--small';
  return 'btn btn--secondary btn--small';
}
