import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarFeedLinkReplySchema, type CalendarFeedLink } from '@planns/shared/calendar/calendar.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { calendarFeedQueryKey } from './get-calendar-feed.ts';

/**
 * POST /api/calendar/feed: a new secret feed address (https and webcal://). The server keeps only
 * its hash, so this answer is the one time it is seen; the previous address answers 404 from now on.
 */
export async function resetCalendarFeed(): Promise<CalendarFeedLink> {
  const reply = await apiRequest('/api/calendar/feed', { method: 'POST', schema: calendarFeedLinkReplySchema });
  return reply.data;
}

/** The new address stays in the mutation's own state (memory only, never stored in the browser). */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar', 'feed', 'reset'],
    mutationFn: resetCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryKey }),
  });
}
