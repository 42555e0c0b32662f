import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketListReplySchema, type Ticket } from '@planns/shared/tickets/tickets.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';

/**
 * An event's tickets sit under the events root, as its guest list does: a live join, an event
 * mutation, a ticket given or refunded invalidate ['events'] and an open list refetches with them.
 */
export const eventTicketsQueryKey = (eventId: number) => [...eventsRootQueryKey, 'tickets', eventId] as const;

/**
 * GET /api/tickets/event/{id}: every ticket of the event (valid and refunded, bought, issued and
 * gifted) for its owner and moderators; only the caller's own for anyone else who sees the event.
 */
export async function listEventTickets(eventId: number, signal?: AbortSignal): Promise<Ticket[]> {
  const reply = await apiRequest(`/api/tickets/event/${eventId}`, { schema: ticketListReplySchema, signal });
  return reply.data;
}

/** Read to act on (refunds): fetched again whenever it is shown, as the guest list is. */
export const eventTicketsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: eventTicketsQueryKey(eventId), queryFn: ({ signal }) => listEventTickets(eventId, signal), staleTime: 0 });

export function useEventTickets(eventId: number, options: { enabled: boolean }) {
  return useQuery({ ...eventTicketsQueryOptions(eventId), enabled: options.enabled });
}
