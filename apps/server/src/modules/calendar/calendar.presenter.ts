import type { Selectable } from 'kysely';
import type { EventsTable } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { CalendarEntry } from '../../providers/calendar/calendar-provider.ts';
import { isKnownTimeZone } from '../../providers/calendar/vtimezone.ts';
import { eventTimeZone } from '../events/event-share-preview.ts';

/** The event's columns a calendar entry is made of. */
export type CalendarEventRow = Pick<
  Selectable<EventsTable>,
  | 'id' | 'hash' | 'name' | 'description' | 'start_date' | 'end_date' | 'location_type' | 'address' | 'venue' | 'url'
  | 'lat' | 'lng' | 'deleted_by_moderator_at' | 'updated_at' | 'calendar_sequence'
>;

/** The address of the event's page (the entry's URL). */
export function eventPageUrl(deps: AppDeps, hash: string): string {
  return new URL(`/events/${hash}`, deps.config.publicUrl).toString();
}

/**
 * Chooses what of the event goes into a calendar (decision 0039). The place (address, online link,
 * coordinates) only for a viewer who may see it on the page (signed in, events policy); a visitor
 * gets the venue's name. The UID is the event's own, the same in the download and the feed.
 */
export function toCalendarEntry(deps: AppDeps, row: CalendarEventRow, options: { showLocation: boolean }): CalendarEntry {
  const isVirtual = row.location_type === 'virtual';
  const zone = isVirtual ? null : eventTimeZone(row.lat, row.lng);
  const pageUrl = eventPageUrl(deps, row.hash);
  let location: string | null;
  if (isVirtual) location = options.showLocation && row.url ? row.url : null;
  else location = [row.venue, options.showLocation ? row.address : ''].filter((part) => part.trim() !== '').join(', ') || null;
  return {
    uid: `event-${row.id}@${deps.config.publicUrl.hostname}`,
    sequence: row.calendar_sequence,
    start: row.start_date,
    end: row.end_date,
    timeZone: zone && isKnownTimeZone(zone) ? zone : null,
    summary: row.name,
    // Many calendar apps show no URL property: the page's address ends the description too.
    description: row.description.trim() ? `${row.description.trim()}\n\n${pageUrl}` : pageUrl,
    location,
    geo: !isVirtual && options.showLocation && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    url: pageUrl,
    status: row.deleted_by_moderator_at ? 'CANCELLED' : 'CONFIRMED',
    lastModified: row.updated_at,
  };
}
