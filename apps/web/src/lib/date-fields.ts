/**
 * Date and time as fields in the app's language (issue 18): the browser's own date inputs follow the
 * browser's language, not the app's, so a Hebrew page showed '11/26/2026, 03:00 PM'. These helpers
 * give the fields' order, month names and hour labels from Intl in the app's language, and turn the
 * fields into a day that exists.
 */

export type DateField = 'day' | 'month' | 'year';

/** A local date, its month 1-12, with the time when the field has one. */
export type DateParts = { year: number; month: number; day: number; hour: number; minute: number };

const SAMPLE = new Date(2030, 10, 23, 15, 0); // day 23, month 11: no two fields read alike

/** The order a person of `language` writes a date in: day-month-year (he, es, ru, ca), month-day-year (en-US), year-month-day (ja). */
export function dateFieldOrder(language: string): DateField[] {
  const parts = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric' }).formatToParts(SAMPLE);
  const order = parts.map((part) => part.type).filter((type): type is DateField => type === 'day' || type === 'month' || type === 'year');
  return order.length === 3 ? order : ['day', 'month', 'year'];
}

/** The twelve months' names as they stand alone in `language` ('январь', not the genitive 'января'). */
export function monthNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'long' });
  return Array.from({ length: 12 }, (_, index) => format.format(new Date(2030, index, 1)));
}

/** An hour as `language` says it: '3 PM' in English, '15' in Hebrew or Spanish. */
export function hourLabel(hour: number, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: 'numeric' }).format(new Date(2030, 0, 1, hour, 0));
}

/** A number in `language`'s digits, two wide for minutes ('05'). */
export function twoDigits(value: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumIntegerDigits: 2, useGrouping: false }).format(value);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(year, month, 0).getDate();
}

/** The parts of a local date. */
export function toParts(date: Date): DateParts {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours(), minute: date.getMinutes() };
}

/**
 * One field changed: the day is kept inside the month (31 January moved to February is 28 or 29
 * February, not 3 March), so the fields always name a day that exists.
 */
export function withField(parts: DateParts, field: keyof DateParts, value: number): DateParts {
  const next = { ...parts, [field]: value };
  return { ...next, day: Math.min(next.day, daysInMonth(next.year, next.month)) };
}

/** The local date the parts name. */
export function fromParts(parts: DateParts): Date {
  return new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
}

/** 'YYYY-MM-DD' of the parts (the filters' day values). */
export function toIsoDay(parts: DateParts): string {
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}

/** The parts of a 'YYYY-MM-DD' day, or null when it is none. */
export function fromIsoDay(value: string | null): DateParts | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day, hour: 0, minute: 0 };
}

/** The years offered: from `first` to `last`, and the chosen one though it lies outside. */
export function yearChoices(first: number, last: number, chosen: number | null): number[] {
  const years = [];
  for (let year = Math.min(first, chosen ?? first); year <= Math.max(last, chosen ?? last); year += 1) years.push(year);
  return years;
}

/** Minutes by fives, and the chosen one though it is not (an event imported at 19:07 keeps 07). */
export function minuteChoices(chosen: number | null): number[] {
  const minutes = Array.from({ length: 12 }, (_, index) => index * 5);
  if (chosen !== null && !minutes.includes(chosen)) minutes.push(chosen);
  return minutes.sort((a, b) => a - b);
}
