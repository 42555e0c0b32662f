import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from './get-event.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const eventRefReplySchema = () => import('@planns/shared/payments/payments.schemas').then((m) => m.eventRefReplySchema);

/** POST /api/events/{id}/disable-stripe (events §4 payment setup): the event becomes free. Answers id and hash. */
export async function disablePayments(eventId: number) {
  const reply = await apiRequest(`/api/events/${eventId}/disable-stripe`, { method: 'POST', schema: eventRefReplySchema });
  return reply.data;
}

export function useDisablePayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['events', 'disable-payments'],
    mutationFn: disablePayments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
  });
}
