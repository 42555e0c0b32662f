import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Comment } from '@planns/shared/comments/comments.schemas';
import type { Event } from '@planns/shared/events/events.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { commentsQueryKey, prependComment, type CommentPages } from './list-comments.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const commentReplySchema = () => import('@planns/shared/comments/comments.schemas').then((m) => m.commentReplySchema);

/** POST /api/events/{id}/comment {comment}: answers the new comment (422 fields.comment when blank or too long). */
export async function postComment(eventId: number, comment: string): Promise<Comment> {
  const reply = await apiRequest(`/api/events/${eventId}/comment`, { method: 'POST', body: { comment }, schema: commentReplySchema });
  return reply.data;
}

/**
 * Puts a new comment in the cache: on top of the event's comments and, once, in the event page's
 * comments_count. The event page is not refetched (each GET of it counts a visit); it is only
 * marked stale, so its next natural refetch settles the count.
 */
export function addCachedComment(queryClient: QueryClient, comment: Comment): void {
  const key = commentsQueryKey(comment.event_id);
  const cached = queryClient.getQueryData<CommentPages>(key);
  const next = prependComment(cached, comment);
  if (cached !== undefined && next === cached) return; // already there: counted before
  if (cached === undefined) void queryClient.invalidateQueries({ queryKey: key });
  else queryClient.setQueryData<CommentPages>(key, next);

  // The event page's cache (api/events/get-event.ts): ['events', 'detail', ref, viewer].
  queryClient.setQueriesData<Event>({ queryKey: ['events', 'detail'] }, (event) =>
    event && event.id === comment.event_id ? { ...event, comments_count: event.comments_count + 1 } : event,
  );
  void queryClient.invalidateQueries({ queryKey: ['events', 'detail'], refetchType: 'none' });
}

export function usePostComment(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['comments', 'post', eventId],
    mutationFn: (text: string) => postComment(eventId, text),
    onSuccess: (comment) => addCachedComment(queryClient, comment),
  });
}
