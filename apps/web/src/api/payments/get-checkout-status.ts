import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutSessionReplySchema } from '@planns/shared/payments/payments.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export type CheckoutStatus = Awaited<ReturnType<typeof getCheckoutStatus>>;

/** GET /api/payments/session/{sessionId}: the checkout's state; a paid one is fulfilled by this call if the webhook was not first. */
export async function getCheckoutStatus(sessionId: string, signal?: AbortSignal) {
  const reply = await apiRequest(`/api/payments/session/${encodeURIComponent(sessionId)}`, { schema: checkoutSessionReplySchema, ...(signal ? { signal } : {}) });
  return reply.data;
}

/** Asked again every 1.5 s until the order is settled (paid, refunded, expired or failed). */
export function useCheckoutStatus(sessionId: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: ['payments', 'session', sessionId ?? ''] as const,
      queryFn: ({ signal }) => getCheckoutStatus(sessionId!, signal),
    }),
    enabled: sessionId !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.order.status !== 'pending' ? false : 1500),
    retry: 2,
  });
}
