import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketListReplySchema, type Ticket } from '@planns/shared/tickets/tickets.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';
import { ticketCheckRootQueryKey } from './get-ticket-check.ts';
import { myTicketsRootQueryKey } from './list-my-tickets.ts';

export type GiftTicketsInput = { eventId: number; userId: number; amount: number; ticketTypeId?: number };

/**
 * POST /api/tickets/gift/{event_id} {user_id, tickets, ticket_type_id?} (accounts §4 Gifting): the
 * event's owner or a moderator gives `tickets` tickets to anyone (no answer needed). Seat maps
 * come later: today `tickets` is a number. Answers the new tickets; 409 sold_out when a paid
 * event has too few places left.
 */
export async function giftTickets({ eventId, userId, amount, ticketTypeId }: GiftTicketsInput): Promise<Ticket[]> {
  const body = { user_id: userId, tickets: amount, ...(ticketTypeId === undefined ? {} : { ticket_type_id: ticketTypeId }) };
  const reply = await apiRequest(`/api/tickets/gift/${eventId}`, { method: 'POST', body, schema: ticketListReplySchema });
  return reply.data;
}

/** The guest list's counts, the event (places left), its tickets and anyone's own tickets change. */
export function useGiftTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tickets', 'gift'],
    mutationFn: giftTickets,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
        queryClient.invalidateQueries({ queryKey: myTicketsRootQueryKey }),
        queryClient.invalidateQueries({ queryKey: ticketCheckRootQueryKey }),
      ]),
  });
}
