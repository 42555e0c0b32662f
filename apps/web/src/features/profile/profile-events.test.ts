import { describe, expect, it } from 'vitest';
import type { Event } from '@planns/shared/events/events.schemas';
import { parseProfileId, splitCreatedEvents } from './profile-events.ts';

const now = new Date('2030-06-15T12:00:00Z');

function event(id: number, start: string, end: string | null): Event {
  return { id, start_date: start, end_date: end } as Event;
}

describe('splitCreatedEvents', () => {
  it('puts an event whose end has passed in past, and one under way in upcoming', () => {
    const { upcoming, past } = splitCreatedEvents(
      [event(1, '2030-06-10T10:00:00Z', '2030-06-10T12:00:00Z'), event(2, '2030-06-15T10:00:00Z', '2030-06-15T20:00:00Z')],
      now,
    );
    expect(upcoming.map((e) => e.id)).toEqual([2]);
    expect(past.map((e) => e.id)).toEqual([1]);
  });

  it('treats an event without an end as past once its start has passed', () => {
    const { upcoming, past } = splitCreatedEvents([event(1, '2030-06-15T11:00:00Z', null), event(2, '2030-06-15T13:00:00Z', null)], now);
    expect(past.map((e) => e.id)).toEqual([1]);
    expect(upcoming.map((e) => e.id)).toEqual([2]);
  });

  it('orders upcoming soonest first and past newest first', () => {
    const { upcoming, past } = splitCreatedEvents(
      [
        event(1, '2030-07-20T10:00:00Z', null),
        event(2, '2030-06-01T10:00:00Z', null),
        event(3, '2030-07-01T10:00:00Z', null),
        event(4, '2030-05-01T10:00:00Z', null),
      ],
      now,
    );
    expect(upcoming.map((e) => e.id)).toEqual([3, 1]);
    expect(past.map((e) => e.id)).toEqual([2, 4]);
  });
});

describe('parseProfileId', () => {
  it('accepts positive integer ids only', () => {
    expect(parseProfileId('12')).toBe(12);
    expect(parseProfileId('0')).toBeNull();
    expect(parseProfileId('abc')).toBeNull();
    expect(parseProfileId('1e3')).toBeNull();
    expect(parseProfileId('9007199254740992')).toBeNull();
    expect(parseProfileId('99999999999')).toBe(99999999999);
  });
});
