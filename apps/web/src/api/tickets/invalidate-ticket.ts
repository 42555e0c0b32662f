import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketReplySchema, type Ticket, type TicketCheck } from '@planns/shared/tickets/tickets.schemas';
import { guestsRootQueryKey } from '../guests/list-guests.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { ticketCheckQueryOptions } from './get-ticket-check.ts';
import { eventTicketsQueryKey } from './list-event-tickets.ts';
import { myTicketsRootQueryKey } from './list-my-tickets.ts';
import { checkAfterMark, type DoorPerson } from './validate-ticket.ts';

/** POST /api/tickets/invalidate/{id}: the event's owner or a moderator marks it not used; it admits again (accounts §4). */
export async function invalidateTicket(ticketId: number): Promise<Ticket> {
  const reply = await apiRequest(`/api/tickets/invalidate/${ticketId}`, { method: 'POST', schema: ticketReplySchema });
  return reply.data;
}

/** Marks the checked ticket not used; the answer goes into the check's cache at once. */
export function useInvalidateTicket(code: string, person: DoorPerson) {
  const queryClient = useQueryClient();
  const { queryKey } = ticketCheckQueryOptions(code, person.id);
  return useMutation({
    mutationKey: ['tickets', 'invalidate'],
    mutationFn: invalidateTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData<TicketCheck>(queryKey, (check) => (check ? checkAfterMark(check, ticket, person) : check));
      // The organiser's ticket list and the guest list's 'used' counts, if open in another tab of the app.
      void queryClient.invalidateQueries({ queryKey: eventTicketsQueryKey(ticket.event_id) });
      void queryClient.invalidateQueries({ queryKey: guestsRootQueryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTicketsRootQueryKey }),
  });
}
