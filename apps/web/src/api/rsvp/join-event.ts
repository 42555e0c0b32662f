import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Event } from '@planns/shared/events/events.schemas';
import type { JoinBody } from '@planns/shared/rsvp/rsvp.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventQueryKey } from '../events/get-event.ts';
import { eventListsQueryKey } from '../events/list-events.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const eventReplySchema = () => import('@planns/shared/events/events.schemas').then((m) => m.eventReplySchema);

export type JoinEventInput = { eventId: number; body: JoinBody };

/**
 * POST /api/events/{id}/join {maybe, companions, note, use_google_calendar}: going, or maybe with
 * `maybe`; answers the updated event. A going answer past max is a 409 event_full; companions that
 * are not the caller's, or more than max_companions, are a 422 with fields.companions.
 */
export async function joinEvent({ eventId, body }: JoinEventInput): Promise<Event> {
  const reply = await apiRequest(`/api/events/${eventId}/join`, { method: 'POST', body, schema: eventReplySchema });
  return reply.data;
}

/**
 * Puts an answered event (the join or reject reply) in the cache: every signed-in event page that
 * shows it, and under its hash so opening /events/{hash} shows it at once; the lists refetch.
 */
export function setAnsweredEvent(queryClient: QueryClient, event: Event): void {
  queryClient.setQueriesData<Event>(
    { queryKey: ['events', 'detail'], predicate: (query) => query.queryKey[3] === 'user' },
    (cached) => (cached && cached.id === event.id ? event : cached),
  );
  queryClient.setQueryData(eventQueryKey(event.hash, true), event);
  void queryClient.invalidateQueries({ queryKey: eventListsQueryKey });
}

export function useJoinEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rsvp', 'join'],
    mutationFn: joinEvent,
    onSuccess: (event) => setAnsweredEvent(queryClient, event),
  });
}
