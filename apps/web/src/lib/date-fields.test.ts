import { describe, expect, it } from 'vitest';
import { dateFieldOrder, fromIsoDay, fromParts, hourLabel, minuteChoices, monthNames, toIsoDay, toParts, twoDigits, withField, yearChoices } from './date-fields.ts';

describe('date fields in the app’s language', () => {
  it('orders the fields as each language writes a date', () => {
    expect(dateFieldOrder('en')).toEqual(['month', 'day', 'year']);
    expect(dateFieldOrder('he')).toEqual(['day', 'month', 'year']);
    expect(dateFieldOrder('es')).toEqual(['day', 'month', 'year']);
    expect(dateFieldOrder('ru')).toEqual(['day', 'month', 'year']);
    expect(dateFieldOrder('ca')).toEqual(['day', 'month', 'year']);
    expect(dateFieldOrder('ja')).toEqual(['year', 'month', 'day']);
  });

  it('names the months standing alone and the hours as the language says them', () => {
    expect(monthNames('en')[10]).toBe('November');
    expect(monthNames('ru')[0]).toBe('январь');
    expect(monthNames('he')[10]).toBe('נובמבר');
    expect(hourLabel(15, 'en')).toBe('3 PM');
    expect(hourLabel(15, 'he')).toBe('15');
    expect(hourLabel(9, 'ja')).toBe('9時');
    expect(twoDigits(5, 'en')).toBe('05');
  });

  it('keeps the day inside its month when the month or year changes', () => {
    const last = { year: 2027, month: 1, day: 31, hour: 19, minute: 30 };
    expect(withField(last, 'month', 2)).toEqual({ year: 2027, month: 2, day: 28, hour: 19, minute: 30 });
    expect(withField({ ...last, month: 2, day: 29, year: 2028 }, 'year', 2027)).toMatchObject({ month: 2, day: 28 });
    expect(withField(last, 'hour', 8)).toEqual({ ...last, hour: 8 });
  });

  it('turns parts into local dates and days, and back', () => {
    const date = new Date(2026, 11, 31, 23, 45);
    expect(fromParts(toParts(date))).toEqual(date);
    expect(toIsoDay(toParts(date))).toBe('2026-12-31');
    expect(fromIsoDay('2026-12-31')).toEqual({ year: 2026, month: 12, day: 31, hour: 0, minute: 0 });
    expect(fromIsoDay('2026-02-31')).toBeNull();
    expect(fromIsoDay(null)).toBeNull();
  });

  it('offers the chosen year and minute though they lie outside the usual choices', () => {
    expect(yearChoices(2026, 2028, null)).toEqual([2026, 2027, 2028]);
    expect(yearChoices(2026, 2028, 2024)).toEqual([2024, 2025, 2026, 2027, 2028]);
    expect(minuteChoices(null)).toHaveLength(12);
    expect(minuteChoices(7)).toContain(7);
    expect(minuteChoices(7)).toHaveLength(13);
  });
});
