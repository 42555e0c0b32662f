import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Event } from '@planns/shared/events/events.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventListsQueryKey, type EventListData } from './list-events.ts';

const likeReplySchema = () => import('@planns/shared/events/events.schemas').then((m) => m.likeReplySchema);

/** POST /api/events/{id}/like toggles the like; the answer is whether the event is now liked. */
export async function likeEvent(id: number): Promise<boolean> {
  const reply = await apiRequest(`/api/events/${id}/like`, { method: 'POST', schema: likeReplySchema });
  return reply.data;
}

function withLike(event: Event, isLiked: boolean): Event {
  if (event.is_liked === isLiked) return event;
  return { ...event, is_liked: isLiked, likes_count: Math.max(0, event.likes_count + (isLiked ? 1 : -1)) };
}

/** Sets one event's like in every cached list and event page that holds it. */
export function setCachedLike(queryClient: QueryClient, id: number, isLiked: boolean): void {
  queryClient.setQueriesData<EventListData>({ queryKey: eventListsQueryKey }, (data) =>
    data?.pages.some((page) => page.data.some((event) => event.id === id))
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((event) => (event.id === id ? withLike(event, isLiked) : event)),
          })),
        }
      : data,
  );
  // The event page's cache (api/events/get-event.ts): ['events', 'detail', ref, viewer].
  queryClient.setQueriesData<Event>({ queryKey: ['events', 'detail'] }, (event) =>
    event && event.id === id ? withLike(event, isLiked) : event,
  );
}

/** The like as the cache knows it (lists first), or null when no cached list or page holds the event. */
export function cachedIsLiked(queryClient: QueryClient, id: number): boolean | null {
  for (const [, data] of queryClient.getQueriesData<EventListData>({ queryKey: eventListsQueryKey })) {
    for (const page of data?.pages ?? []) {
      const event = page.data.find((e) => e.id === id);
      if (event) return event.is_liked;
    }
  }
  for (const [, event] of queryClient.getQueriesData<Event>({ queryKey: ['events', 'detail'] })) {
    if (event?.id === id) return event.is_liked;
  }
  return null;
}

/**
 * Like or unlike, optimistically: the heart changes at once, the server's answer settles it,
 * and a failure puts it back.
 */
export function useLikeEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['events', 'like'],
    mutationFn: ({ id }: { id: number; wasLiked: boolean }) => likeEvent(id),
    onMutate: ({ id, wasLiked }) => setCachedLike(queryClient, id, !wasLiked),
    onSuccess: (isLiked, { id }) => setCachedLike(queryClient, id, isLiked),
    onError: (_error, { id, wasLiked }) => setCachedLike(queryClient, id, wasLiked),
  });
}

/**
 * The remembered like_event action after login: likes the event unless the freshly loaded lists
 * already show it liked (the call toggles, so liking twice would unlike).
 */
export async function likeAfterLogin(queryClient: QueryClient, id: number): Promise<void> {
  if (cachedIsLiked(queryClient, id) === true) return;
  setCachedLike(queryClient, id, true);
  try {
    setCachedLike(queryClient, id, await likeEvent(id));
  } catch (error) {
    setCachedLike(queryClient, id, false);
    throw error;
  }
}
