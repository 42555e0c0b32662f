/**
 * VTIMEZONE components (RFC 5545 §3.6.5) written from the runtime's own time-zone data (Intl, the
 * IANA database ICU ships), so no zone file is bundled. Each component lists the zone's actual
 * offsets over a window of whole years: the offset in force at the window's start, then every
 * transition inside it as its own observance (explicit DTSTART, no RRULE), which RFC 5545 allows
 * and which stays right for zones whose rules changed or have no rule at all.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset', year: 'numeric' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes (east positive): 'GMT+05:30' -> 330. */
export function offsetMinutes(timeZone: string, at: number): number {
  const name = formatterFor(timeZone).formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(name);
  if (!match || !match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

export interface Transition {
  /** The first instant of the new offset. */
  at: number;
  from: number;
  to: number;
}

/** The zone's offset changes in [from, to): found day by day, then to the minute. */
export function transitions(timeZone: string, from: number, to: number): Transition[] {
  const found: Transition[] = [];
  let previousAt = from;
  let previous = offsetMinutes(timeZone, from);
  for (let at = from + DAY; at < to + DAY; at += DAY) {
    const current = offsetMinutes(timeZone, Math.min(at, to));
    if (current !== previous) {
      // The change lies in (previousAt, at]: narrow it to the minute.
      let low = previousAt;
      let high = Math.min(at, to);
      while (high - low > MINUTE) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
        if (offsetMinutes(timeZone, middle) === previous) low = middle;
        else high = middle;
      }
      found.push({ at: high, from: previous, to: current });
      previous = current;
    }
    previousAt = Math.min(at, to);
  }
  return found;
}

/** '+0130', '-0500' (UTC-OFFSET, RFC 5545 §3.3.14). */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** A local DATE-TIME (no zone): the instant shifted by `offset` minutes, written as 20260201T190000. */
export function formatLocal(at: number, offset: number): string {
  return new Date(at + offset * MINUTE).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** The zone's local time at an instant (DTSTART;TZID=...). */
export function localTime(timeZone: string, at: Date): string {
  return formatLocal(at.getTime(), offsetMinutes(timeZone, at.getTime()));
}

/**
 * Whether the zone's local time at this instant also names another instant: the hour repeated when
 * clocks go back. RFC 5545 reads such a time as its first occurrence, but not every calendar does
 * (ical.js, Thunderbird's, takes the second), so such a time is written in UTC instead.
 */
export function isAmbiguousLocalTime(timeZone: string, at: Date): boolean {
  const t = at.getTime();
  const local = t + offsetMinutes(timeZone, t) * MINUTE;
  // Another instant with the same local time has one of the offsets in force around this one.
  for (const other of new Set([offsetMinutes(timeZone, t - DAY), offsetMinutes(timeZone, t + DAY)])) {
    const candidate = local - other * MINUTE;
    if (candidate !== t && offsetMinutes(timeZone, candidate) === other) return true;
  }
  return false;
}

/**
 * The VTIMEZONE lines for a zone, covering the whole UTC years from `from` to `to`: every
 * DATE-TIME in that span written with this TZID resolves through it.
 */
export function vtimezoneLines(timeZone: string, from: Date, to: Date): string[] {
  const start = Date.UTC(from.getUTCFullYear(), 0, 1);
  const end = Date.UTC(to.getUTCFullYear() + 1, 0, 1);
  const changes = transitions(timeZone, start, end);
  const initial = offsetMinutes(timeZone, start);
  const lowest = Math.min(initial, ...changes.map((c) => c.to));
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', at: number, offsetFrom: number, offsetTo: number) => [
    `BEGIN:${kind}`,
    // The onset in the local time in force before it (RFC 5545: DTSTART is in TZOFFSETFROM's time).
    `DTSTART:${formatLocal(at, offsetFrom)}`,
    `TZOFFSETFROM:${formatOffset(offsetFrom)}`,
    `TZOFFSETTO:${formatOffset(offsetTo)}`,
    `END:${kind}`,
  ];
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(initial > lowest ? 'DAYLIGHT' : 'STANDARD', start, initial, initial),
    ...changes.flatMap((c) => observance(c.to > c.from ? 'DAYLIGHT' : 'STANDARD', c.at, c.from, c.to)),
    'END:VTIMEZONE',
  ];
}
