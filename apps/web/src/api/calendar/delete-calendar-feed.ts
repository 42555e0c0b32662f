import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@planns/shared/http/envelope';
import { apiRequest } from '../../lib/api-client.ts';
import { calendarFeedQueryKey } from './get-calendar-feed.ts';

/** DELETE /api/calendar/feed: turns the feed off; its address answers 404 from now on. */
export async function deleteCalendarFeed(): Promise<void> {
  await apiRequest('/api/calendar/feed', { method: 'DELETE', schema: okSchema });
}

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar', 'feed', 'delete'],
    mutationFn: deleteCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryKey }),
  });
}
