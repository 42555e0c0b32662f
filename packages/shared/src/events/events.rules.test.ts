import { describe, expect, it } from 'vitest';

import { defaultEventStart, isPastEvent as isPast } from './events.rules.ts';

describe('isPastEvent', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('uses the end date when there is one, else the start', () => {
    expect(isPast({ start_date: '2026-04-30T10:00:00Z', end_date: '2026-05-02T10:00:00Z' }, now)).toBe(false);
    expect(isPast({ start_date: '2026-04-30T10:00:00Z', end_date: '2026-04-30T12:00:00Z' }, now)).toBe(true);
    expect(isPast({ start_date: '2026-04-30T10:00:00Z', end_date: null }, now)).toBe(true);
    expect(isPast({ start_date: '2026-05-03T10:00:00Z', end_date: null }, now)).toBe(false);
  });
});

describe('defaultEventStart', () => {
  it('is the next whole hour in the day, 19:00 of that day when the next hour is at night', () => {
    expect(defaultEventStart(new Date(2026, 4, 10, 14, 20))).toEqual(new Date(2026, 4, 10, 15, 0, 0));
    expect(defaultEventStart(new Date(2026, 4, 10, 7, 5))).toEqual(new Date(2026, 4, 10, 8, 0, 0));
    expect(defaultEventStart(new Date(2026, 4, 10, 2, 0))).toEqual(new Date(2026, 4, 10, 19, 0, 0));
    expect(defaultEventStart(new Date(2026, 4, 10, 6, 59))).toEqual(new Date(2026, 4, 10, 19, 0, 0));
    // 23:30: the next hour is midnight, the next day: its evening.
    expect(defaultEventStart(new Date(2026, 4, 10, 23, 30))).toEqual(new Date(2026, 4, 11, 19, 0, 0));
  });
});
