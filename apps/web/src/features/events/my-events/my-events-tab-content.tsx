import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { flattenEventPages, useEventsList } from '../../../api/events/list-events.ts';
import { useFollowed } from '../../../api/friends/list-followed.ts';
import { profileQueryOptions } from '../../../api/profile/get-profile.ts';
import { Spinner } from '../../../components/spinner.tsx';
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
  /**
   * Narrows what the server listed, so an answer or an unlike made elsewhere takes the event off
   * the tab at once, before the list is fetched again.
   */
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

/** Invited and not answered yet; liked by me (the list call's `invited` and `liked`, planns' additions). */
const PENDING_PARAMS = { invited: '1' } as const;
const LIKED_PARAMS = { liked: '1' } as const;

export function PendingTab() {
  const { t } = useTranslation();
  return <ListEventsTab params={PENDING_PARAMS} select={isPending} emptyHint={t('myEvents.empty.pending')} isInvitation />;
}

export function LikedTab() {
  const { t } = useTranslation();
  return <ListEventsTab params={LIKED_PARAMS} select={isLiked} emptyHint={t('myEvents.empty.liked')} />;
}

type CommunityTabProps = {
  inactive: ReadonlySet<number>;
  onToggle: (id: number) => void;
};

/** Events created or joined by the people the user follows (GET user/follows), friends or not. */
export function CommunityTab({ inactive, onToggle }: CommunityTabProps) {
  const { t } = useTranslation();
  const following = useFollowed();
  const followed = useMemo(() => following.data ?? [], [following.data]);
  const followedIds = useMemo(() => followed.map((person) => person.id), [followed]);
  const active = useMemo(() => activeUserIds(followedIds, inactive), [followedIds, inactive]);
  const params = useMemo(() => ({ users: active.join(',') }), [active]);

  if (following.isError) {
    return (
      <div className="state-screen state-screen--inline" role="alert">
        <p className="state-screen__text">{t('myEvents.loadFailed')}</p>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void following.refetch()}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (following.isPending) {
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
