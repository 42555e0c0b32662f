import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarFeedStatusReplySchema, type CalendarFeedStatus } from '@planns/shared/calendar/calendar.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export const calendarFeedQueryKey = ['calendar', 'feed'] as const;

/** GET /api/calendar/feed: whether the person has a feed address (shown only when made), and when it was last read. */
export async function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  const reply = await apiRequest('/api/calendar/feed', { schema: calendarFeedStatusReplySchema, signal });
  return reply.data;
}

export const calendarFeedQueryOptions = () => queryOptions({ queryKey: calendarFeedQueryKey, queryFn: ({ signal }) => getCalendarFeed(signal) });

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}
