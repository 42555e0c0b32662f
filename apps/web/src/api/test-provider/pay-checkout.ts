import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payReplySchema, type PayBody } from '@planns/shared/payments/payments.schemas';
import type { z } from 'zod';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import { checkoutPageQueryKey } from './get-checkout-page.ts';

export type PayReply = z.infer<typeof payReplySchema>['data'];

/**
 * POST /api/test-provider/checkout/{sessionId}/pay {card_number, exp_month, exp_year, cvc}: pays
 * with a (test) card. 402 card_declined carries the provider's message and the field it is about;
 * 409 checkout_closed when the session is already paid or expired.
 */
export async function payCheckout(sessionId: string, body: PayBody): Promise<PayReply> {
  const reply = await apiRequest(`/api/test-provider/checkout/${encodeURIComponent(sessionId)}/pay`, { method: 'POST', body, schema: payReplySchema });
  return reply.data;
}

/**
 * The card is kept nowhere: the mutation is not cached (gcTime 0) and its caller resets it once
 * settled, so the variables (the card) do not outlive the request.
 */
export function usePayCheckout(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['test-provider', 'pay', sessionId],
    mutationFn: (body: PayBody) => payCheckout(sessionId, body),
    gcTime: 0,
    // Marked stale without a refetch: the page goes on to the success address at once, and the
    // form shows the paid state should the person come back to it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkoutPageQueryKey(sessionId), refetchType: 'none' }),
    onError: (error) => {
      if (isApiError(error) && error.code === 'checkout_closed') void queryClient.invalidateQueries({ queryKey: checkoutPageQueryKey(sessionId) });
    },
  });
}
