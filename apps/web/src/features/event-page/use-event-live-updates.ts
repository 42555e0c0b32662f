import { useQueryClient } from '@tanstack/react-query';
import { commentsQueryKey } from '../../api/comments/list-comments.ts';
import { eventsRootQueryKey } from '../../api/events/get-event.ts';
import { useEventLive } from '../../lib/realtime.ts';

/**
 * Applies other people's changes to this event as they happen (events §4): a join or rejection
 * refreshes the event (counts, avatars) and the lists; a comment refreshes the comments and the
 * event's comment count. The viewer's own changes are ignored: their replies updated the page.
 */
export function useEventLiveUpdates(eventId: number, viewerId: number | null): void {
  const queryClient = useQueryClient();
  useEventLive(eventId, viewerId, (kind) => {
    void queryClient.invalidateQueries({ queryKey: eventsRootQueryKey });
    if (kind === 'comment_posted') void queryClient.invalidateQueries({ queryKey: commentsQueryKey(eventId) });
  });
}
