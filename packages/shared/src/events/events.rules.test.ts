import { describe, expect, it } from 'vitest';

import { isPastEvent as isPast } from './events.rules.ts';

describe('isPastEvent', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('uses the end date when there is one, else the start', () => {
    expect(isPast({ start_date: '2026-04-30T10:00:00Z', end_date: '2026-05-02T10:00:00Z' }, now)).toBe(false);
    expect(isPast({ start_date: '2026-04-30T10:00:00Z', end_date: '2026-04-30T12:00:00Z' }, now)).toBe(true);
    expect(isPast({ start_date: '2026-04-30T10:00:00Z', end_date: null }, now)).toBe(true);
    expect(isPast({ start_date: '2026-05-03T10:00:00Z', end_date: null }, now)).toBe(false);
  });
});
