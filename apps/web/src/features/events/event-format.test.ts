import { describe, expect, it } from 'vitest';
import { formatEventDates, whatsappUrl } from './event-format.ts';

describe('formatEventDates', () => {
  const now = new Date(2026, 0, 10);

  it('shows one date-time without an end', () => {
    const text = formatEventDates(new Date(2026, 5, 6, 19, 0), null, 'en', now);
    expect(text).toContain('June 6');
    expect(text).toContain('7:00');
    expect(text).not.toContain('2026');
  });

  it('shows a range with the end, and the year when it is not this year', () => {
    const text = formatEventDates(new Date(2027, 5, 6, 19, 0), new Date(2027, 5, 6, 22, 30), 'en', now);
    expect(text).toContain('2027');
    expect(text).toContain('10:30');
  });
});

describe('whatsappUrl', () => {
  it('keeps the digits only', () => {
    expect(whatsappUrl('+1 (202) 555-0100')).toBe('https://wa.me/12025550100');
    expect(whatsappUrl(null)).toBeNull();
    expect(whatsappUrl('n/a')).toBeNull();
  });
});
