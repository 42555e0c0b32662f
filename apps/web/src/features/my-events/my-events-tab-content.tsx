import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { flattenEventPages, useEventsList } from '../../api/events/list-events.ts';
import { useFriends } from '../../api/friends/list-friends.ts';
import { useFollowing } from '../../api/my-events/list-following.ts';
import { profileQueryOptions } from '../../api/profile/get-profile.ts';
import { Spinner } from '../../components/spinner.tsx';
import { CommunityPeople } from './community-people.tsx';
import { MyEventsList } from './my-events-list.tsx';
import { activeUserIds, isLiked, isPending } from './my-events-tabs.ts';

/** 'joined' and 'mine': the user's own profile lists (GET profile/{own id}), past ones included. */
export function ProfileEventsTab({ userId, kind }: { userId: number; kind: 'joined' | 'mine' }) {
  const { t } = useTranslation();
  // Answers and new events change these lists without touching the profile cache: reload on open.
  const query = useQuery({ ...profileQueryOptions(userId), refetchOnMount: 'always' });
  const events = kind === 'mine' ? query.data?.created_events : query.data?.joined_events;
  return (
    <MyEventsList
      events={events ?? []}
      isPending={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      emptyHint={t(kind === 'mine' ? 'myEvents.empty.mine' : 'myEvents.empty.joined')}
      hasStatus={kind !== 'mine'}
      emptyAction={
        kind === 'mine' ? (
          <Link to="/new-event" className="btn btn--primary">
            {t('myEvents.create')}
          </Link>
        ) : (
          <Link to="/events" className="btn btn--primary">
            {t('myEvents.discover')}
          </Link>
        )
      }
    />
  );
}

type ListTabProps = {
  params: Readonly<Record<string, string>>;
  /** Client-side narrowing of the list (pending, liked): the call has no such filter. */
  select?: (event: Event) => boolean;
  emptyHint: string;
  isInvitation?: boolean;
  enabled?: boolean;
};

/**
 * A tab read from GET /api/events (coming events, soonest first, pages of 100): the list helper's
 * query and cache, so likes and answers elsewhere show here too.
 */
function ListEventsTab({ params, select, emptyHint, isInvitation = false, enabled = true }: ListTabProps) {
  const list = useEventsList(params, { isSignedIn: true, enabled });
  const events = useMemo(() => {
    const all = flattenEventPages(list.data);
    return select ? all.filter(select) : all;
  }, [list.data, select]);
  return (
    <MyEventsList
      events={events}
      isPending={list.isPending}
      isError={list.isError}
      onRetry={() => void list.refetch()}
      emptyHint={emptyHint}
      isInvitation={isInvitation}
      hasMore={list.hasNextPage}
      isLoadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
    />
  );
}

/** Private and friends events only: public ones are never invitations. */
const PENDING_PARAMS = { hide_public: '1' } as const;
const LIKED_PARAMS = {} as const;

export function PendingTab() {
  const { t } = useTranslation();
  return <ListEventsTab params={PENDING_PARAMS} select={isPending} emptyHint={t('myEvents.empty.pending')} isInvitation />;
}

export function LikedTab() {
  const { t } = useTranslation();
  return <ListEventsTab params={LIKED_PARAMS} select={isLiked} emptyHint={t('myEvents.empty.liked')} />;
}

type CommunityTabProps = {
  userId: number;
  inactive: ReadonlySet<number>;
  onToggle: (id: number) => void;
};

/**
 * Events created or joined by the people the user follows. There is no "whom I follow" call: the
 * user's friends are asked about with GET user/{me}/following?users=<friend ids>.
 */
export function CommunityTab({ userId, inactive, onToggle }: CommunityTabProps) {
  const { t } = useTranslation();
  const friends = useFriends();
  const friendIds = useMemo(() => (friends.data ?? []).map((friend) => friend.id).sort((a, b) => a - b), [friends.data]);
  const following = useFollowing(userId, friendIds);
  const followed = useMemo(() => {
    const ids = new Set(following.data ?? []);
    return (friends.data ?? []).filter((friend) => ids.has(friend.id));
  }, [friends.data, following.data]);
  const followedIds = useMemo(() => followed.map((person) => person.id), [followed]);
  const active = useMemo(() => activeUserIds(followedIds, inactive), [followedIds, inactive]);
  const params = useMemo(() => ({ users: active.join(',') }), [active]);

  const isLoadingPeople = friends.isPending || (friendIds.length > 0 && following.isPending);
  if (friends.isError || following.isError) {
    return (
      <div className="state-screen state-screen--inline" role="alert">
        <p className="state-screen__text">{t('myEvents.loadFailed')}</p>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void (friends.isError ? friends.refetch() : following.refetch())}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (isLoadingPeople) {
    return (
      <div className="my-events__loading">
        <Spinner />
      </div>
    );
  }
  if (followed.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">{t('myEvents.community.noneTitle')}</p>
        <p className="state-screen__text">{t('myEvents.community.noneText')}</p>
      </div>
    );
  }
  return (
    <>
      <CommunityPeople people={followed} inactive={inactive} onToggle={onToggle} />
      {active.length === 0 ? (
        <p className="my-events__hint">{t('myEvents.community.allOff')}</p>
      ) : (
        <ListEventsTab params={params} emptyHint={t('myEvents.empty.community')} />
      )}
    </>
  );
}
