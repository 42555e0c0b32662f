import { describe, expect, it } from 'vitest';
import { eventSchema, type Event } from '@planns/shared/events/events.schemas';
import {
  activeUserIds,
  isGoingOrMaybe,
  isMyEventsTab,
  isPending,
  readRememberedTab,
  rememberTab,
  splitByTime,
  toggleInactive,
} from './my-events-tabs.ts';

/** A valid event as the server presents it (parsed with the shared schema, so it cannot drift). */
function buildEvent(overrides: Partial<Event> = {}): Event {
  return eventSchema.parse({
    id: 1, hash: 'Abcdefghij', name: 'Picnic', description: '', image: null, m_image: null,
    start_date: '2026-06-06T17:30:00.000Z', end_date: null, location_type: 'in_person', address: 'Park', venue: '',
    url: null, lat: null, lng: null, is_location_hidden: false, min: null, max: null, max_companions: null,
    price: null, currency: null, ticket_name: null, ticket_description: null, is_paid: false,
    visibility: 'private', is_public: false, is_private: true, is_friends: false, group_id: null, group: null,
    allow_whatsapp: true, user_id: 5, creator: { id: 5, name: 'Ana', avatar: null, avatar_s: null, phone: null },
    categories: [], users: [], doubt_users: [], friends: [], organizers: [], attendee_invites: [],
    users_count: 0, doubt_users_count: 0, rejected_users_count: 0, attendees_count: 0,
    is_joined: false, is_maybe: false, is_rejected: false, is_liked: false, my_companions: [], my_note: null,
    likes_count: 0, comments_count: 0,
    author_attending: false, author_companions: [], visits: null, is_owner: false, can_manage: false,
    deleted_by_moderator: false, clone_id: null, created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

describe('tabs', () => {
  it('knows the five tabs and remembers the chosen one', () => {
    expect(isMyEventsTab('pending')).toBe(true);
    expect(isMyEventsTab('favor')).toBe(false);
    expect(readRememberedTab()).toBe('joined');
    rememberTab('liked');
    expect(readRememberedTab()).toBe('liked');
    rememberTab('joined');
  });
});

describe('splitByTime', () => {
  const now = new Date('2026-06-10T12:00:00Z');

  it('lists coming events soonest first, then past ones newest first', () => {
    const later = buildEvent({ id: 1, start_date: '2026-07-01T10:00:00Z' });
    const soon = buildEvent({ id: 2, start_date: '2026-06-11T10:00:00Z' });
    const underWay = buildEvent({ id: 3, start_date: '2026-06-10T10:00:00Z', end_date: '2026-06-10T20:00:00Z' });
    const lastWeek = buildEvent({ id: 4, start_date: '2026-06-03T10:00:00Z', end_date: '2026-06-03T12:00:00Z' });
    const lastMonth = buildEvent({ id: 5, start_date: '2026-05-01T10:00:00Z' });
    const { upcoming, past } = splitByTime([lastMonth, later, lastWeek, soon, underWay], now);
    expect(upcoming.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(past.map((e) => e.id)).toEqual([4, 5]);
  });

  it('treats an event without an end as past once its start has passed', () => {
    const started = buildEvent({ start_date: '2026-06-10T11:00:00Z', end_date: null });
    expect(splitByTime([started], now).past).toHaveLength(1);
  });
});

describe('isPending', () => {
  it('keeps an invitation (of any visibility) the user neither owns nor answered', () => {
    expect(isPending(buildEvent())).toBe(true);
    expect(isPending(buildEvent({ visibility: 'friends', is_private: false, is_friends: true }))).toBe(true);
    expect(isPending(buildEvent({ visibility: 'public', is_public: true, is_private: false }))).toBe(true);
    expect(isPending(buildEvent({ is_owner: true }))).toBe(false);
    expect(isPending(buildEvent({ is_joined: true }))).toBe(false);
    expect(isPending(buildEvent({ is_maybe: true }))).toBe(false);
    expect(isPending(buildEvent({ is_rejected: true }))).toBe(false);
  });

  it('joined means going or maybe', () => {
    expect(isGoingOrMaybe(buildEvent({ is_maybe: true }))).toBe(true);
    expect(isGoingOrMaybe(buildEvent({ is_rejected: true }))).toBe(false);
  });
});

describe('community people', () => {
  it('filters the list by the people switched on, and a tap switches one', () => {
    let inactive: ReadonlySet<number> = new Set();
    expect(activeUserIds([9, 3, 5], inactive)).toEqual([3, 5, 9]);
    inactive = toggleInactive(inactive, 5);
    expect(activeUserIds([9, 3, 5], inactive)).toEqual([3, 9]);
    inactive = toggleInactive(inactive, 5);
    expect(activeUserIds([9, 3, 5], inactive)).toEqual([3, 5, 9]);
  });
});
