import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketReplySchema, type Ticket, type TicketCheck } from '@planns/shared/tickets/tickets.schemas';
import { guestsRootQueryKey } from '../guests/list-guests.ts';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import { ticketCheckQueryOptions } from './get-ticket-check.ts';
import { eventTicketsQueryKey } from './list-event-tickets.ts';
import { myTicketsRootQueryKey } from './list-my-tickets.ts';

/** Who marks tickets at the door: the signed-in owner or moderator. */
export type DoorPerson = { id: number; name: string | null };

/** POST /api/tickets/validate/{id}: the event's owner or a moderator marks the ticket used (accounts §4). */
export async function validateTicket(ticketId: number): Promise<Ticket> {
  const reply = await apiRequest(`/api/tickets/validate/${ticketId}`, { method: 'POST', schema: ticketReplySchema });
  return reply.data;
}

/** The check as it stands after the ticket was marked (used by `by`, or not used). */
export function checkAfterMark(check: TicketCheck, ticket: Ticket, by: DoorPerson): TicketCheck {
  const state = ticket.status === 'refunded' ? 'refunded' : ticket.is_used ? 'used' : 'valid';
  return { ...check, state, ticket, used_by: ticket.is_used ? { id: by.id, name: by.name } : null };
}

/**
 * When a 409 says someone else marked it first: when (ISO) and by whom (a name, maybe empty), from
 * the error's fields; null for any other failure (a refunded ticket's 409 carries `ticket` instead).
 */
export function alreadyUsedConflict(error: unknown): { usedAt: string; usedBy: string } | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const usedAt = error.fields.used_at;
  if (usedAt === undefined || usedAt === '') return null;
  return { usedAt, usedBy: error.fields.used_by ?? '' };
}

/** Whether the failure is the server refusing a refunded ticket (409 with fields.ticket = refunded). */
export function isRefundedConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.fields.ticket === 'refunded';
}

/**
 * Marks the checked ticket used. Success writes the answer into the check's cache at once; a 409
 * (someone else was first, or it was refunded) asks the check again, so the page shows the truth.
 * Either way the person's own tickets are refreshed (an owner may hold the ticket).
 */
export function useValidateTicket(code: string, person: DoorPerson) {
  const queryClient = useQueryClient();
  const { queryKey } = ticketCheckQueryOptions(code, person.id);
  return useMutation({
    mutationKey: ['tickets', 'validate'],
    mutationFn: validateTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData<TicketCheck>(queryKey, (check) => (check ? checkAfterMark(check, ticket, person) : check));
      // The organiser's ticket list and the guest list's 'used' counts, if open in another tab of the app.
      void queryClient.invalidateQueries({ queryKey: eventTicketsQueryKey(ticket.event_id) });
      void queryClient.invalidateQueries({ queryKey: guestsRootQueryKey });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTicketsRootQueryKey }),
  });
}
