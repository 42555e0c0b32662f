/**
 * When a demo event happens, relative to the clock and in the demo city's time zone: so "tomorrow
 * at 19:00" and "this Saturday" read right on the event page and match the date filters.
 */
export type DemoWhen =
  /** Days from today (negative: in the past) at a local time; today's events never start in the past. */
  | { day: number; at: string }
  /** The weekend of the 'weekend' preset (the coming or current Saturday and Sunday), or the one after. */
  | { weekend: 'this' | 'next'; day: 'sat' | 'sun'; at: string }
  /** Started a little while ago and still going (give it an end). */
  | { now: true };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 Sunday .. 6 Saturday */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The zone's offset from UTC at an instant, in ms (Europe/Madrid in summer: +2 h). */
function offsetMs(instant: number, timeZone: string): number {
  const p = localParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return asUtc - Math.floor(instant / MINUTE) * MINUTE;
}

/** The instant a wall-clock time happens in a zone (month/day may overflow: day 32 is the 1st of the next month). */
export function zonedTime(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}

/** Next whole half hour strictly after `now`. */
function nextHalfHour(now: Date): number {
  const step = 30 * MINUTE;
  return Math.floor(now.getTime() / step) * step + step;
}

/**
 * The start of a demo event. `slot` staggers today's and this weekend's events that would
 * otherwise fall in the past (seeded late on a Sunday, say): they move to the next hours instead.
 */
export function resolveStart(when: DemoWhen, now: Date, timeZone: string, slot = 0): Date {
  if ('now' in when) return new Date(nextHalfHour(now) - 90 * MINUTE);
  const today = localParts(now, timeZone);
  const [hour = 0, minute = 0] = when.at.split(':').map(Number);
  let offset: number;
  if ('weekend' in when) {
    const saturday = today.weekday === 0 ? -1 : 6 - today.weekday;
    offset = saturday + (when.day === 'sun' ? 1 : 0) + (when.weekend === 'next' ? 7 : 0);
  } else {
    offset = when.day;
  }
  const start = zonedTime(today.year, today.month, today.day + offset, hour, minute, timeZone);
  const mustBeAhead = ('weekend' in when && when.weekend === 'this') || (!('weekend' in when) && when.day === 0);
  if (!mustBeAhead || start.getTime() > now.getTime()) return start;
  // Saturday is over: the same time on Sunday, if that is still ahead.
  if ('weekend' in when && when.day === 'sat') {
    const sunday = zonedTime(today.year, today.month, today.day + offset + 1, hour, minute, timeZone);
    if (sunday.getTime() > now.getTime()) return sunday;
  }
  return new Date(nextHalfHour(now) + (slot + 1) * HOUR);
}
