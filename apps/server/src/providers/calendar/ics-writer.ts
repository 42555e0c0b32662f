import type { CalendarEntry, CalendarOptions } from './calendar-provider.ts';
import { isAmbiguousLocalTime, localTime, vtimezoneLines } from './vtimezone.ts';

/*
 * RFC 5545 text, written by hand (decision 0039): CRLF line ends, lines folded at 75 octets
 * without splitting a UTF-8 character, TEXT values escaped, DATE-TIMEs in the place's zone with
 * its VTIMEZONE (or in UTC).
 */

export const ICS_PRODID = '-//planns//planns calendar 1.0//EN';
const LINE_OCTETS = 75;
const encoder = new TextEncoder();

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break
 * written as \n; other control characters (not allowed in TEXT) dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- the control characters TEXT may not hold (HTAB and LF stay)
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[\\;,\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/**
 * Folds one content line (RFC 5545 §3.1): no line longer than 75 octets, each continuation
 * starting with a space. Splits only between characters (code points), so a Hebrew, Japanese or
 * emoji character is never cut in its UTF-8 bytes.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation holds the space and 74 more.
    const limit = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A UTC DATE-TIME: 20260201T180000Z. */
export function formatUtc(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** In the zone's local time with its TZID; in UTC without a zone, or in the hour clocks go back (it happens twice). */
function dateTimeProperty(name: string, at: Date, timeZone: string | null): string {
  return timeZone && !isAmbiguousLocalTime(timeZone, at) ? `${name};TZID=${timeZone}:${localTime(timeZone, at)}` : `${name}:${formatUtc(at)}`;
}

/** GEO's FLOAT;FLOAT, at most six decimals (about 10 cm). */
function formatGeo(geo: { lat: number; lng: number }): string {
  const n = (v: number) => String(Math.round(v * 1e6) / 1e6);
  return `${n(geo.lat)};${n(geo.lng)}`;
}

function veventLines(entry: CalendarEntry, stamp: Date): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${entry.uid}`,
    `DTSTAMP:${formatUtc(stamp)}`,
    `SEQUENCE:${entry.sequence}`,
    dateTimeProperty('DTSTART', entry.start, entry.timeZone),
  ];
  // DTEND must be later than DTSTART (RFC 5545 §3.6.1); without one the entry takes no time.
  if (entry.end && entry.end.getTime() > entry.start.getTime()) lines.push(dateTimeProperty('DTEND', entry.end, entry.timeZone));
  lines.push(`SUMMARY:${escapeText(entry.summary)}`);
  if (entry.location) lines.push(`LOCATION:${escapeText(entry.location)}`);
  if (entry.geo) lines.push(`GEO:${formatGeo(entry.geo)}`);
  if (entry.description) lines.push(`DESCRIPTION:${escapeText(entry.description)}`);
  lines.push(`URL:${entry.url}`, `STATUS:${entry.status}`, `LAST-MODIFIED:${formatUtc(entry.lastModified)}`, 'END:VEVENT');
  return lines;
}

/** The zones the entries name, each with the span of dates its VTIMEZONE must cover. */
function zoneSpans(entries: readonly CalendarEntry[]): Map<string, { from: Date; to: Date }> {
  const spans = new Map<string, { from: Date; to: Date }>();
  for (const entry of entries) {
    if (!entry.timeZone) continue;
    const last = entry.end && entry.end > entry.start ? entry.end : entry.start;
    const span = spans.get(entry.timeZone);
    if (!span) spans.set(entry.timeZone, { from: entry.start, to: last });
    else spans.set(entry.timeZone, { from: entry.start < span.from ? entry.start : span.from, to: last > span.to ? last : span.to });
  }
  return spans;
}

/** A whole VCALENDAR (METHOD:PUBLISH) with one VTIMEZONE per zone used, as text/calendar. */
export function writeCalendar(entries: readonly CalendarEntry[], options: CalendarOptions): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${ICS_PRODID}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (options.feed) {
    const name = escapeText(options.feed.name);
    lines.push(`NAME:${name}`, `X-WR-CALNAME:${name}`, `REFRESH-INTERVAL;VALUE=DURATION:PT${options.feed.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${options.feed.refreshMinutes}M`);
  }
  for (const [zone, span] of [...zoneSpans(entries)].sort(([a], [b]) => a.localeCompare(b))) lines.push(...vtimezoneLines(zone, span.from, span.to));
  for (const entry of entries) lines.push(...veventLines(entry, options.stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
