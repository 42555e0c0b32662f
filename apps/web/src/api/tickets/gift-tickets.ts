import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketListReplySchema, type Ticket } from '@planns/shared/tickets/tickets.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';
import { ticketCheckRootQueryKey } from './get-ticket-check.ts';
import { myTicketsRootQueryKey } from './list-my-tickets.ts';

/** A seat given (a seated event): zero-based row and column, with its label as the chart showed it. */
export type GivenSeat = { row: number; col: number; label: string };

export type GiftTicketsInput = { eventId: number; userId: number; amount: number; ticketTypeId?: number; seats?: readonly GivenSeat[] };

/**
 * POST /api/tickets/gift/{event_id} {user_id, tickets, ticket_type_id?} (accounts §4 Gifting): the
 * event's owner or a moderator gives tickets to anyone (no answer needed): `tickets` is a number,
 * or on a seated event the seats (each ticket of its seat's type). Answers the new tickets; 409
 * sold_out when a paid event has too few places left, 409 seat_taken naming a seat someone has.
 */
export async function giftTickets({ eventId, userId, amount, ticketTypeId, seats }: GiftTicketsInput): Promise<Ticket[]> {
  const body = seats
    ? { user_id: userId, tickets: seats.map(({ row, col, label }) => ({ row, col, label })) }
    : { user_id: userId, tickets: amount, ...(ticketTypeId === undefined ? {} : { ticket_type_id: ticketTypeId }) };
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
