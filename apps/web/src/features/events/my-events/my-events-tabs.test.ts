import { describe, expect, it } from 'vitest';
import type { Event } from '@planns/shared/events/events.schemas';
import { buildEvent as buildTestEvent } from '../test-event.ts';
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

/** The events here are private unless a test says otherwise (pending is about invitations). */
function buildEvent(overrides: Partial<Event> = {}): Event {
  return buildTestEvent({ id: 1, visibility: 'private', is_public: false, is_private: true, ...overrides });
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
