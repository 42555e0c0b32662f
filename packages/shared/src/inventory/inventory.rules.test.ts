import { describe, expect, it } from 'vitest';
import { fitsQuota } from './inventory.rules.ts';

describe('quota counting', () => {
  it('fits a claim only while the total stays within the size', () => {
    expect(fitsQuota(8, 2, 10)).toBe(true);
    expect(fitsQuota(8, 3, 10)).toBe(false);
    expect(fitsQuota(10, 1, 10)).toBe(false);
    expect(fitsQuota(10_000, 5, null)).toBe(true);
  });

  it('always fits a claim of no places, even on a full or shrunk quota', () => {
    expect(fitsQuota(12, 0, 10)).toBe(true);
  });
});
