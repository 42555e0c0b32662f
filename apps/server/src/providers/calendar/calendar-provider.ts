/**
 * Calendars (issue 19, decision 0039; CONVENTIONS §6). `ics` (default): people take events into
 * their own calendar apps as RFC 5545 files, the event's download and their private feed, which
 * the calendar app fetches again. A provider that writes into an account the person connects
 * (`google`, later) implements the same interface and adds its own connection routes; the files
 * stay available with every provider.
 */

/** One event as a calendar entry (a VEVENT): what every provider writes, whatever its medium. */
export interface CalendarEntry {
  /** Stable across edits and across the download and the feed (a calendar app updates, not duplicates). */
  uid: string;
  /** RFC 5545 SEQUENCE: goes up when the time, place, name or status changes. */
  sequence: number;
  start: Date;
  /** Null when the event has no end (then the entry takes no time: no DTEND). */
  end: Date | null;
  /** IANA zone of the place; null (online, or no coordinates): the times are written in UTC. */
  timeZone: string | null;
  summary: string;
  description: string;
  /** What the person may see of the place (venue and address, or the online link). */
  location: string | null;
  geo: { lat: number; lng: number } | null;
  /** The event page. */
  url: string;
  status: 'CONFIRMED' | 'CANCELLED';
  lastModified: Date;
}

export interface CalendarOptions {
  /** When the file was written (DTSTAMP). */
  stamp: Date;
  /** A feed's name in the calendar app (X-WR-CALNAME, RFC 7986 NAME) and how often to fetch it again. */
  feed?: { name: string; refreshMinutes: number };
}

export interface CalendarProvider {
  readonly name: 'ics' | 'google';
  /** The calendar file (text/calendar) of these entries: the event's 'Add to calendar' download and the feed. */
  calendarFile(entries: readonly CalendarEntry[], options: CalendarOptions): string;
}
