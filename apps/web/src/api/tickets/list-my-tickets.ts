import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketListReplySchema, type Ticket } from '@planns/shared/tickets/tickets.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** Every query of the person's own tickets; the remembered action open_tickets refreshes them all. */
export const myTicketsRootQueryKey = ['tickets', 'mine'] as const;
/** One person's tickets: a sign-in as someone else never shows the previous person's. */
export const myTicketsQueryKey = (userId: number) => [...myTicketsRootQueryKey, userId] as const;

/** GET /api/tickets: the signed-in person's tickets, every event's (accounts §2 My tickets). */
export async function listMyTickets(signal?: AbortSignal): Promise<Ticket[]> {
  const reply = await apiRequest('/api/tickets', { schema: ticketListReplySchema, signal });
  return reply.data;
}

/**
 * Kept for the whole visit (gcTime Infinity): once loaded, the tickets stay readable at the door
 * even when the network goes and a refetch fails (TanStack keeps the data; the page says so).
 */
export const myTicketsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: myTicketsQueryKey(userId), queryFn: ({ signal }) => listMyTickets(signal), gcTime: Infinity });

export function useMyTickets(userId: number) {
  return useQuery(myTicketsQueryOptions(userId));
}
