import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventRefReplySchema } from '@planns/shared/payments/payments.schemas';
import type { PaymentMode } from '@planns/shared/payments/payments.rules';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';

/**
 * Whose account sells an event's tickets (events §4 payment setup): POST
 * /api/payments/use-planns-stripe/{eventId} (planns' own account; moderators) or
 * /api/payments/use-own-stripe/{eventId} (the organiser's payout account). Answers id and hash.
 */
export async function choosePaymentMode({ eventId, mode }: { eventId: number; mode: PaymentMode }) {
  const path = mode === 'planns' ? 'use-planns-stripe' : 'use-own-stripe';
  const reply = await apiRequest(`/api/payments/${path}/${eventId}`, { method: 'POST', schema: eventRefReplySchema });
  return reply.data;
}

export function useChoosePaymentMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'mode'],
    mutationFn: choosePaymentMode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
  });
}
