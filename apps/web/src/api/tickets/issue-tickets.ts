import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketListReplySchema, type Ticket } from '@planns/shared/tickets/tickets.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';
import { ticketCheckRootQueryKey } from './get-ticket-check.ts';
import type { GivenSeat } from './gift-tickets.ts';
import { myTicketsRootQueryKey } from './list-my-tickets.ts';

export type IssueTicketsInput = { eventId: number; userId: number; amount: number; ticketTypeId?: number; seats?: readonly GivenSeat[] };

/**
 * POST /api/tickets {user_id, event_id, amount, ticket_type_id?} (events §7): the event's owner or
 * a moderator gives free tickets to a going or interested guest; the guest is texted. Answers the
 * new tickets (on a seated event, one per seat given). 422 when the person is not going or
 * interested, 409 sold_out when a paid event has too few places left, 409 seat_taken naming a seat.
 */
export async function issueTickets({ eventId, userId, amount, ticketTypeId, seats }: IssueTicketsInput): Promise<Ticket[]> {
  const body = seats
    ? { user_id: userId, event_id: eventId, amount: seats.length, seats: seats.map(({ row, col, label }) => ({ row, col, label })) }
    : { user_id: userId, event_id: eventId, amount, ...(ticketTypeId === undefined ? {} : { ticket_type_id: ticketTypeId }) };
  const reply = await apiRequest('/api/tickets', { method: 'POST', body, schema: ticketListReplySchema });
  return reply.data;
}

/** The guest list, the event (places left), its tickets and anyone's own tickets change. */
export function useIssueTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tickets', 'issue'],
    mutationFn: issueTickets,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
        queryClient.invalidateQueries({ queryKey: myTicketsRootQueryKey }),
        queryClient.invalidateQueries({ queryKey: ticketCheckRootQueryKey }),
      ]),
  });
}
