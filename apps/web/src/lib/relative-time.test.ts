import { describe, expect, it } from 'vitest';
import { relativeTimeLabel } from './relative-time.ts';

const now = new Date(2025, 5, 20, 12, 0, 0); // 20 June 2025, 12:00 local time
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

describe('relativeTimeLabel', () => {
  it('says now for the last minute, and for a time slightly ahead of the clock', () => {
    expect(relativeTimeLabel(ago(30_000), 'en', now)).toBe('now');
    expect(relativeTimeLabel(ago(-5_000), 'en', now)).toBe('now');
  });

  it('counts minutes, then hours, then days within a week', () => {
    expect(relativeTimeLabel(ago(5 * MINUTE + 10_000), 'en', now)).toBe('5 min. ago');
    expect(relativeTimeLabel(ago(3 * 60 * MINUTE), 'en', now)).toBe('3 hr. ago');
    expect(relativeTimeLabel(ago(26 * 60 * MINUTE), 'en', now)).toBe('yesterday');
    expect(relativeTimeLabel(ago(4 * 24 * 60 * MINUTE), 'en', now)).toBe('4 days ago');
  });

  it('shows the date after a week, with the year only when it is another year', () => {
    expect(relativeTimeLabel(new Date(2025, 5, 6, 9, 30), 'en', now)).toBe('Jun 6');
    expect(relativeTimeLabel(new Date(2024, 11, 24, 9, 30), 'en', now)).toBe('Dec 24, 2024');
  });

  it('speaks the viewer language', () => {
    expect(relativeTimeLabel(ago(10_000), 'he', now)).toBe('עכשיו');
    expect(relativeTimeLabel(new Date(2025, 5, 6, 9, 30), 'es', now)).toBe('6 jun');
  });
});
