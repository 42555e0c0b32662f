import { useMutation, useQueryClient } from '@tanstack/react-query';
import { embedReplySchema } from '@planns/shared/payments/payments.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';

export type OpenedCheckout = Awaited<ReturnType<typeof openCheckout>>;

/**
 * GET /api/payments/embed/{eventId} (events §7): holds the tickets and opens the embedded
 * checkout; the reply carries the client secret, the session id, the server's amounts and the
 * hold's end. 409 price_changed / sold_out / payment_account_required say why not.
 */
export async function openCheckout({ eventId, params }: { eventId: number; params: URLSearchParams }) {
  const reply = await apiRequest(`/api/payments/embed/${eventId}?${params.toString()}`, { schema: embedReplySchema });
  return reply.data;
}

export function useOpenCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'embed'],
    mutationFn: openCheckout,
    // The hold changes what remains: the page's counts follow.
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
  });
}
