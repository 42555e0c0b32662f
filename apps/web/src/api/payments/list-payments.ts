import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentListReplySchema, type Payment } from '@planns/shared/payments/payments.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { paymentsRootQueryKey } from './get-payment-account.ts';

export const paymentListQueryKey = (userId: number) => [...paymentsRootQueryKey, 'list', userId] as const;

/**
 * GET /api/payments/{userId}/payments: the payments the person received, newest first (amounts
 * in minor units, created in Unix seconds). Only one's own (403 otherwise).
 */
export async function listPayments(userId: number, signal?: AbortSignal): Promise<Payment[]> {
  const reply = await apiRequest(`/api/payments/${userId}/payments`, { schema: paymentListReplySchema, signal });
  return reply.data;
}

export const paymentListQueryOptions = (userId: number) =>
  queryOptions({ queryKey: paymentListQueryKey(userId), queryFn: ({ signal }) => listPayments(userId, signal) });

export function usePayments(userId: number) {
  return useQuery(paymentListQueryOptions(userId));
}
