import { useQueryClient } from '@tanstack/react-query';
import { addCachedComment } from '../../../api/comments/post-comment.ts';
import { commentsQueryKey } from '../../../api/comments/list-comments.ts';
import { eventsRootQueryKey } from '../../../api/events/get-event.ts';
import { reservedSeatsQueryKey } from '../../../api/seats/get-reserved-seats.ts';
import { LEFT_EVENT } from '@planns/shared/realtime/realtime.rules';
import { useEventLive } from '../../../lib/realtime.ts';

const commentSchema = () => import('@planns/shared/comments/comments.schemas').then((m) => m.commentSchema);

/**
 * Applies other people's changes to this event as they happen (events §4). A comment arrives
 * whole: it goes on top of the comments and into the count, with no request (a busy event's
 * comments would otherwise make every open page fetch it again). A join or rejection refreshes
 * the event (counts, avatars, as this viewer sees them) and the lists; such refreshes are not
 * counted as visits (api/events/get-event.ts). The viewer's own changes are ignored: their
 * replies updated the page. When the server stops the page following the event (deleted, or no
 * longer visible to this viewer), the event and its comments are fetched again: the page then
 * shows what this viewer may see now.
 */
export function useEventLiveUpdates(eventId: number, viewerId: number | null): void {
  const queryClient = useQueryClient();
  useEventLive(eventId, viewerId, (kind, change) => {
    if (kind === 'comment_posted') {
      void commentSchema().then((schema) => {
        const parsed = schema.safeParse((change as { comment?: unknown }).comment);
        if (parsed.success && parsed.data.event_id === eventId) addCachedComment(queryClient, parsed.data);
        else void queryClient.invalidateQueries({ queryKey: commentsQueryKey(eventId) });
      });
      return;
    }
    if (kind === 'seats_changed') {
      // Someone held, bought or freed seats: an open seat chart fetches them again (not the event).
      void queryClient.invalidateQueries({ queryKey: reservedSeatsQueryKey(eventId) });
      return;
    }
    if (kind === LEFT_EVENT) void queryClient.invalidateQueries({ queryKey: commentsQueryKey(eventId) });
    void queryClient.invalidateQueries({ queryKey: eventsRootQueryKey });
  });
}
