import { yearIn } from '../../lib/viewer-time-zone.tsx';

/**
 * Start and end in the viewer's language and time zone, as one range ('Sat, June 6, 7:00 – 10:00 PM');
 * the year shows only when it is not the current one.
 */
export function formatEventDates(start: Date, end: Date | null, locale: string, now: Date = new Date(), timeZone?: string): string {
  const zone = timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone;
  const thisYear = yearIn(now, zone);
  const showYear = yearIn(start, zone) !== thisYear || (end !== null && yearIn(end, zone) !== thisYear);
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    ...(showYear ? { year: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  });
  if (!end || end.getTime() <= start.getTime()) return format.format(start);
  return format.formatRange(start, end);
}

/** The organiser's WhatsApp link: wa.me takes the number's digits only. */
export function whatsappUrl(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? `https://wa.me/${digits}` : null;
}
