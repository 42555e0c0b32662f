import { describe, expect, it } from 'vitest';
import type { EventPage } from '@planns/shared/events/events.schemas';
import { eventListRequestPath } from '@planns/shared/events/events.rules';
import { nextEventPage } from './list-events.ts';

const page = (over: Partial<EventPage>): EventPage => ({ data: [], current_page: 1, per_page: 100, total: null, has_more: true, next_after: null, ...over });

describe('the events list’s pages', () => {
  it('ask for the next page after the last event where the server gives a cursor, else by number, and stop at the end', () => {
    expect(nextEventPage(page({ current_page: 1, next_after: '1796000000000000.42' }))).toEqual({ page: 2, after: '1796000000000000.42' });
    expect(nextEventPage(page({ current_page: 3, next_after: null }))).toEqual({ page: 4, after: null });
    expect(nextEventPage(page({ has_more: false, total: 7 }))).toBeUndefined();
  });

  it('put the cursor in the address only when there is one (the first page’s address is the one the HTML preloads)', () => {
    expect(eventListRequestPath({}, { isSignedIn: false, page: 1 })).toBe('/api/events-na?per_page=100&page=1&with_users=3&with_doubt_users=0');
    expect(eventListRequestPath({ search: 'jazz' }, { isSignedIn: true, page: 2, after: '1796000000000000.42' })).toBe(
      '/api/events?search=jazz&per_page=100&page=2&after=1796000000000000.42&with_users=3&with_doubt_users=0',
    );
  });
});
