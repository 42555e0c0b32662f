import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutPageReplySchema } from '@planns/shared/payments/payments.schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

export type CheckoutPage = z.infer<typeof checkoutPageReplySchema>['data'];

export const checkoutPageQueryKey = (sessionId: string) => ['test-provider', 'checkout', sessionId] as const;

/**
 * GET /api/test-provider/checkout/{sessionId}: what the hosted card form shows (lines, total,
 * who is paid) and the session's state (open, complete, expired). 404 for an unknown session.
 */
export async function getCheckoutPage(sessionId: string, signal?: AbortSignal): Promise<CheckoutPage> {
  const reply = await apiRequest(`/api/test-provider/checkout/${encodeURIComponent(sessionId)}`, { schema: checkoutPageReplySchema, signal });
  return reply.data;
}

export const checkoutPageQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: checkoutPageQueryKey(sessionId),
    queryFn: ({ signal }) => getCheckoutPage(sessionId, signal),
    // A refetch while the card is typed would not change the form; 409 on pay refetches it.
    refetchOnWindowFocus: false,
  });

export function useCheckoutPage(sessionId: string) {
  return useQuery(checkoutPageQueryOptions(sessionId));
}
