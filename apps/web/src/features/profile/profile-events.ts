import { parseId } from '@planns/shared/input/ids.rules';
import type { Event } from '@planns/shared/events/events.schemas';
import { isPastEvent } from '@planns/shared/events/events.rules';

/**
 * The profile's created events split by the shared rule (decision 0013: an event is past once its
 * end, or without one its start, has passed): upcoming soonest first, past newest first.
 */
export function splitCreatedEvents(events: readonly Event[], now: Date): { upcoming: Event[]; past: Event[] } {
  const upcoming: Event[] = [];
  const past: Event[] = [];
  for (const event of events) (isPastEvent(event, now) ? past : upcoming).push(event);
  const start = (event: Event) => new Date(event.start_date).getTime();
  upcoming.sort((a, b) => start(a) - start(b));
  past.sort((a, b) => start(b) - start(a));
  return { upcoming, past };
}

/** A route's id, or null when it cannot be a user id (the screen then shows 'not found'). */
export function parseProfileId(value: string): number | null {
  return parseId(value);
}
