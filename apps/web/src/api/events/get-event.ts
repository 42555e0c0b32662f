import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventRequestPath } from '@planns/shared/events/events.rules';
import type { Event } from '@planns/shared/events/events.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { useCurrentUser } from '../users/get-current-user.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const eventReplySchema = () => import('@planns/shared/events/events.schemas').then((m) => m.eventReplySchema);

/** Every events query (lists and pages) starts with this key; mutations invalidate it whole. */
export const eventsRootQueryKey = ['events'] as const;

/** One event page; signed-in and visitor replies differ (address, is_liked ...), so both are keyed. */
export const eventQueryKey = (ref: string | number, isSignedIn: boolean) =>
  [...eventsRootQueryKey, 'detail', String(ref), isSignedIn ? 'user' : 'visitor'] as const;

/**
 * GET /api/events/{hash or id}?full=true&no_comments=1 (signed in) or
 * GET /api/events-no-auth/{hash or id}?full=true (visitors). Counts a visit on the server, unless
 * `isRefresh` (the page is already open and only fetched again: `no_visit=1`).
 */
export async function getEvent(ref: string | number, isSignedIn: boolean, signal?: AbortSignal, isRefresh = false): Promise<Event> {
  const reply = await apiRequest(eventRequestPath(ref, { isSignedIn, isRefresh }), { schema: eventReplySchema, signal });
  return reply.data;
}

export const eventQueryOptions = (ref: string | number, isSignedIn: boolean) =>
  queryOptions({
    queryKey: eventQueryKey(ref, isSignedIn),
    // Data already in the cache means this is a refetch (a live update, focus), not a new visit.
    queryFn: ({ signal, client, queryKey }) => getEvent(ref, isSignedIn, signal, client.getQueryData(queryKey) !== undefined),
  });

/** The event by hash or id, fetched once the current user is known (the path depends on it). */
export function useEvent(ref: string | number | null) {
  const { user } = useCurrentUser();
  const isSignedIn = user !== null && user !== undefined;
  return useQuery({
    ...eventQueryOptions(ref ?? '', isSignedIn),
    enabled: ref !== null && ref !== '' && user !== undefined,
  });
}
