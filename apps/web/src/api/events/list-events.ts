import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Event, EventPage } from '@planns/shared/events/events.schemas';
import { eventListRequestPath } from '@planns/shared/events/events.rules';
import { apiRequest } from '../../lib/api-client.ts';

/** Loaded with the request (zod stays out of the first bundle). */
const eventListReplySchema = () => import('@planns/shared/events/events.schemas').then((m) => m.eventListReplySchema);

/** Every events list; under get-event.ts's ['events'] root, so event mutations refresh the lists too. */
export const eventListsQueryKey = ['events', 'list'] as const;

export const eventListQueryKey = (params: Readonly<Record<string, string>>, isSignedIn: boolean) =>
  [...eventListsQueryKey, isSignedIn ? 'user' : 'visitor', params] as const;

/** A page to load: its number, and where the order allows, the cursor of the page before's last event (keyset paging). */
export interface EventListPageParam {
  page: number;
  after: string | null;
}

export type EventListData = InfiniteData<EventPage, EventListPageParam>;

/**
 * GET /api/events (signed in) or /api/events-na (signed out) with the filter parameters of
 * features/events/list/event-filters.ts's buildListParams, one page of 100 with the people a card
 * shows. The list is data.data.data.
 */
export async function listEvents(
  params: Readonly<Record<string, string>>,
  options: { isSignedIn: boolean; page: number; after?: string | null; signal?: AbortSignal },
): Promise<EventPage> {
  const path = eventListRequestPath(params, options);
  // The list's answer (anyone may read it) will need its schema: fetched while the request is
  // under way rather than after the reply (issue 16: one round trip less before the first cards).
  const schema = eventListReplySchema();
  schema.catch(() => {}); // a failure is thrown by apiRequest, once the reply is in
  const reply = await apiRequest(path, { schema: () => schema, signal: options.signal });
  return reply.data;
}

/** The next page while the server says more follow: after the last event where the order allows (a later page then costs what the first does), else by number. */
export function nextEventPage(last: EventPage): EventListPageParam | undefined {
  return last.has_more ? { page: last.current_page + 1, after: last.next_after } : undefined;
}

export const eventListQueryOptions = (params: Readonly<Record<string, string>>, isSignedIn: boolean) =>
  infiniteQueryOptions({
    queryKey: eventListQueryKey(params, isSignedIn),
    queryFn: ({ pageParam, signal }) => listEvents(params, { isSignedIn, page: pageParam.page, after: pageParam.after, signal }),
    initialPageParam: { page: 1, after: null } as EventListPageParam,
    getNextPageParam: nextEventPage,
  });

/** The events of every loaded page, without the duplicates a shifting list can bring across pages. */
export function flattenEventPages(data: { pages: readonly EventPage[] } | undefined): Event[] {
  if (!data) return [];
  const seen = new Set<number>();
  const events: Event[] = [];
  for (const page of data.pages) {
    for (const event of page.data) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      events.push(event);
    }
  }
  return events;
}

/** `enabled` waits for what the parameters depend on (the current user, a location being asked for). */
export function useEventsList(params: Readonly<Record<string, string>>, options: { isSignedIn: boolean; enabled: boolean }) {
  return useInfiniteQuery({ ...eventListQueryOptions(params, options.isSignedIn), enabled: options.enabled });
}
