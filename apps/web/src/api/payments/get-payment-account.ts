import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentAccount } from '@planns/shared/payments/payments.schemas';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const paymentAccountReplySchema = () => import('@planns/shared/payments/payments.schemas').then((m) => m.paymentAccountReplySchema);

/** Every payments query starts with this key. */
export const paymentsRootQueryKey = ['payments'] as const;

export const paymentAccountQueryKey = [...paymentsRootQueryKey, 'account'] as const;

/**
 * GET /api/payments/info: the caller's payout account as the provider describes it, or null when
 * there is none (a 404 is an answer, accounts §8). While the account is not active the server asks
 * the provider again, so a refetch is how a screen learns that verification went through.
 */
export async function getPaymentAccount(signal?: AbortSignal): Promise<PaymentAccount | null> {
  try {
    const reply = await apiRequest('/api/payments/info', { schema: paymentAccountReplySchema, signal });
    return reply.data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const paymentAccountQueryOptions = () =>
  queryOptions({
    queryKey: paymentAccountQueryKey,
    queryFn: ({ signal }) => getPaymentAccount(signal),
    // A client error (signed out, refused) will not change by asking again.
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });

/** The payout account: `data` is null without one. `refetchOnMount: 'always'` for return pages. */
export function usePaymentAccount(options: { enabled?: boolean; refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...paymentAccountQueryOptions(), enabled: options.enabled ?? true, refetchOnMount: options.refetchOnMount ?? true });
}
