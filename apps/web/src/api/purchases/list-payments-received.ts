import { queryOptions, useQuery } from '@tanstack/react-query';
import { purchaseListReplySchema, type Purchase } from '@planns/shared/tickets/tickets.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { purchasesRootQueryKey } from './list-purchase-history.ts';

/** One person's received orders: a sign-in as someone else never shows the previous person's. */
export const paymentsReceivedQueryKey = (userId: number) => [...purchasesRootQueryKey, 'received', userId] as const;

/**
 * GET /api/purchases/recieved (accounts §7, spelled as the spec's client calls it): the paid and
 * refunded orders of the signed-in person's events, newest first, with the buyer, the lines, the
 * fee planns kept, the total and the refunds. Ticket codes are left out (null) for the seller.
 */
export async function listPaymentsReceived(signal?: AbortSignal): Promise<Purchase[]> {
  const reply = await apiRequest('/api/purchases/recieved', { schema: purchaseListReplySchema, signal });
  return reply.data;
}

export const paymentsReceivedQueryOptions = (userId: number) =>
  queryOptions({ queryKey: paymentsReceivedQueryKey(userId), queryFn: ({ signal }) => listPaymentsReceived(signal) });

export function usePaymentsReceived(userId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentsReceivedQueryOptions(userId), enabled: options.enabled ?? true });
}
