import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { COMMENTS_PAGE_SIZE } from '@planns/shared/comments/comments.rules';
import type { Comment } from '@planns/shared/comments/comments.schemas';
import type { Event } from '@planns/shared/events/events.schemas';
import { commentsQueryKey, flattenCommentPages, olderCommentsCursor, prependComment, type CommentPages } from './list-comments.ts';
import { addCachedComment } from './post-comment.ts';

function comment(id: number, eventId = 7): Comment {
  return {
    id,
    event_id: eventId,
    comment: `comment ${id}`,
    created_at: new Date(2025, 0, 1, 0, 0, id).toISOString(),
    user: { id: 1, name: 'Ada', avatar: null, avatar_s: null },
  };
}

/** Ids from newest to oldest. */
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => comment(from - i));

describe('olderCommentsCursor', () => {
  it('asks for comments before the oldest of a full page', () => {
    const page = range(250, COMMENTS_PAGE_SIZE);
    expect(olderCommentsCursor(page)).toBe(250 - COMMENTS_PAGE_SIZE + 1);
  });

  it('stops after a page that was not full', () => {
    expect(olderCommentsCursor(range(40, 40))).toBeUndefined();
    expect(olderCommentsCursor([])).toBeUndefined();
  });
});

describe('flattenCommentPages', () => {
  it('keeps the newest-first order across pages and lists each comment once', () => {
    const pages = [[comment(9), comment(8)], [comment(8), comment(7)]];
    expect(flattenCommentPages({ pages }).map((c) => c.id)).toEqual([9, 8, 7]);
    expect(flattenCommentPages(undefined)).toEqual([]);
  });
});

describe('prependComment', () => {
  const data: CommentPages = { pages: [[comment(5), comment(4)], [comment(3)]], pageParams: [null, 4] };

  it('puts a new comment on top of the newest page', () => {
    const next = prependComment(data, comment(6));
    expect(next?.pages.map((page) => page.map((c) => c.id))).toEqual([[6, 5, 4], [3]]);
    expect(next?.pageParams).toEqual([null, 4]);
  });

  it('leaves the pages alone when the comment is already there or nothing is cached', () => {
    expect(prependComment(data, comment(3))).toBe(data);
    expect(prependComment(undefined, comment(6))).toBeUndefined();
  });
});

describe('addCachedComment', () => {
  const event = { id: 7, hash: 'abc', comments_count: 2 } as Event;

  it('adds the comment to the list and counts it once on the event page', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<CommentPages>(commentsQueryKey(7), { pages: [[comment(2), comment(1)]], pageParams: [null] });
    queryClient.setQueryData(['events', 'detail', 'abc', 'user'], event);
    queryClient.setQueryData(['events', 'detail', '8', 'user'], { ...event, id: 8 });

    addCachedComment(queryClient, comment(3));
    addCachedComment(queryClient, comment(3)); // the same comment again (a live update of one's own post)

    expect(queryClient.getQueryData<CommentPages>(commentsQueryKey(7))?.pages[0]?.map((c) => c.id)).toEqual([3, 2, 1]);
    expect(queryClient.getQueryData<Event>(['events', 'detail', 'abc', 'user'])?.comments_count).toBe(3);
    expect(queryClient.getQueryData<Event>(['events', 'detail', '8', 'user'])?.comments_count).toBe(2);
    expect(queryClient.getQueryState(['events', 'detail', 'abc', 'user'])?.isInvalidated).toBe(true);
  });
});
