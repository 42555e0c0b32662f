import { describe, expect, it } from 'vitest';
import { yearIn } from './viewer-time-zone.tsx';

describe('yearIn', () => {
  it('is the calendar year in the zone, not in the runtime’s', () => {
    const newYearUtc = new Date('2027-01-01T02:00:00Z');
    expect(yearIn(newYearUtc, 'UTC')).toBe(2027);
    expect(yearIn(newYearUtc, 'America/New_York')).toBe(2026);
    expect(yearIn(newYearUtc, 'Asia/Tokyo')).toBe(2027);
  });
});
