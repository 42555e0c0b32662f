import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Guest } from '@planns/shared/guests/guests.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';

const guestListReplySchema = () => import('@planns/shared/guests/guests.schemas').then((m) => m.guestListReplySchema);

/**
 * Every guest query sits under the events root: a live join or rejection (use-event-live-updates.ts)
 * and the event mutations invalidate ['events'], so an open report refetches with them.
 */
export const guestsRootQueryKey = [...eventsRootQueryKey, 'guests'] as const;

export const guestListQueryKey = (eventId: number) => [...guestsRootQueryKey, eventId, 'list'] as const;

export type GuestList = {
  guests: Guest[];
  counts: { going: number; maybe: number; rejected: number };
  /** The header's tickets sold and used, for the whole event (events §2). */
  tickets: { sold: number; used: number };
};

/**
 * GET /api/events/{id}/guests: everyone who answered (companions, note, tickets held and used) and
 * the counts per status with companions, and the event's tickets sold and used. The owner and
 * moderators only (403 otherwise).
 */
export async function listGuests(eventId: number, signal?: AbortSignal): Promise<GuestList> {
  const reply = await apiRequest(`/api/events/${eventId}/guests`, { schema: guestListReplySchema, signal });
  return reply.data;
}

/** A report is read to act on it: fetched again each time it opens, not kept fresh for 30 s. */
export const guestListQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: guestListQueryKey(eventId), queryFn: ({ signal }) => listGuests(eventId, signal), staleTime: 0 });

export function useGuestList(eventId: number, options: { enabled: boolean }) {
  return useQuery({ ...guestListQueryOptions(eventId), enabled: options.enabled });
}
