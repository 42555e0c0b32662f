import { describe, expect, it } from 'vitest';
import { attendeeWeight, isAlmostFull, isFull } from './rsvp.rules.ts';

describe('RSVP counting', () => {
  it('counts a going person once plus companions', () => {
    expect(attendeeWeight(0)).toBe(1);
    expect(attendeeWeight(3)).toBe(4);
    expect(attendeeWeight(-2)).toBe(1);
  });

  it('is almost full above 70% of max and full at max', () => {
    expect(isAlmostFull(7, 10)).toBe(false);
    expect(isAlmostFull(8, 10)).toBe(true);
    expect(isAlmostFull(10, 10)).toBe(false);
    expect(isFull(9, 10)).toBe(false);
    expect(isFull(10, 10)).toBe(true);
    expect(isFull(500, null)).toBe(false);
    expect(isAlmostFull(500, null)).toBe(false);
  });
});
