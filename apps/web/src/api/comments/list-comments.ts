import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { COMMENTS_PAGE_SIZE } from '@planns/shared/comments/comments.rules';
import type { Comment } from '@planns/shared/comments/comments.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const commentListReplySchema = () => import('@planns/shared/comments/comments.schemas').then((m) => m.commentListReplySchema);

/** Every comments query; one event's comments sit under ['comments', eventId]. */
export const commentsRootQueryKey = ['comments'] as const;

/** Visitors and signed-in people read the same comments, so the key does not name the viewer. */
export const commentsQueryKey = (eventId: number) => [...commentsRootQueryKey, eventId] as const;

/** Pages of comments, newest first; a page's param is the `before` id it was loaded with (null: the newest). */
export type CommentPages = InfiniteData<Comment[], number | null>;

/**
 * GET /api/events/{id}/comments: the newest 100, or the 100 before the comment `before` (older
 * ones). Visitors may read the comments of the events they may open.
 */
export async function listComments(eventId: number, before: number | null, signal?: AbortSignal): Promise<Comment[]> {
  const query = before === null ? '' : `?before=${before}`;
  const reply = await apiRequest(`/api/events/${eventId}/comments${query}`, { schema: commentListReplySchema, signal });
  return reply.data;
}

/** The `before` cursor of the next (older) page: a full page may have more behind it, a shorter one was the last. */
export function olderCommentsCursor(lastPage: readonly Comment[]): number | undefined {
  return lastPage.length >= COMMENTS_PAGE_SIZE ? lastPage.at(-1)?.id : undefined;
}

/** The comments of every loaded page, newest first, each once. */
export function flattenCommentPages(data: { pages: readonly (readonly Comment[])[] } | undefined): Comment[] {
  if (!data) return [];
  const seen = new Set<number>();
  const comments: Comment[] = [];
  for (const page of data.pages) {
    for (const comment of page) {
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      comments.push(comment);
    }
  }
  return comments;
}

/**
 * The cached pages with a new comment on top of the newest page; unchanged when nothing is cached
 * yet or the comment is already there (a later live update may bring the same comment again).
 */
export function prependComment(data: CommentPages | undefined, comment: Comment): CommentPages | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.some((c) => c.id === comment.id))) return data;
  const [newest = [], ...older] = data.pages;
  return { ...data, pages: [[comment, ...newest], ...older] };
}

export const commentsQueryOptions = (eventId: number) =>
  infiniteQueryOptions({
    queryKey: commentsQueryKey(eventId),
    queryFn: ({ pageParam, signal }) => listComments(eventId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: olderCommentsCursor,
  });

/** One event's comments, newest first, with fetchNextPage for older ones. */
export function useComments(eventId: number, options: { enabled: boolean }) {
  return useInfiniteQuery({ ...commentsQueryOptions(eventId), enabled: options.enabled });
}
