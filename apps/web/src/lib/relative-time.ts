const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something happened (a comment, a notification), short and in the viewer's language: 'now', '5 min. ago', '3 hr. ago',
 * 'yesterday', '4 days ago' within a week, then the date ('Jun 6', with the year when it is not
 * the current one). A time slightly in the future (clock drift) counts as now.
 */
export function relativeTimeLabel(createdAt: Date, locale: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - createdAt.getTime();
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (elapsed < MINUTE) return relative.format(0, 'second');
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  const isThisYear = createdAt.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(isThisYear ? {} : { year: 'numeric' }) }).format(createdAt);
}

/** The full date and time, for the label's tooltip. */
export function fullDateTime(createdAt: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(createdAt);
}
