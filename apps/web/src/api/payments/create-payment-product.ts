import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const paymentProductReplySchema = () => import('@planns/shared/payments/payments.schemas').then((m) => m.paymentProductReplySchema);

/**
 * POST /api/payments/create-product/{id} (events §4): the event's product at the payment provider
 * and a price for each ticket type that has none. Safe to repeat.
 */
export async function createPaymentProduct(eventId: number) {
  const reply = await apiRequest(`/api/payments/create-product/${eventId}`, { method: 'POST', schema: paymentProductReplySchema });
  return reply.data;
}

export function useCreatePaymentProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'create-product'],
    mutationFn: createPaymentProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
  });
}
