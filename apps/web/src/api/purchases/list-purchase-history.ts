import { queryOptions, useQuery } from '@tanstack/react-query';
import { purchaseListReplySchema, type Purchase } from '@planns/shared/tickets/tickets.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** Every purchases query (bought and received); a refund invalidates them all. */
export const purchasesRootQueryKey = ['purchases'] as const;
/** One person's purchases: a sign-in as someone else never shows the previous person's. */
export const purchaseHistoryQueryKey = (userId: number) => [...purchasesRootQueryKey, 'history', userId] as const;

/**
 * GET /api/purchases/history (accounts §7): what the signed-in person bought, newest first: paid,
 * refunded (in part or whole), failed and expired orders, with lines, fee, total, refunds, the
 * tickets (with their codes) and the receipt link. Open checkouts are left out.
 */
export async function listPurchaseHistory(signal?: AbortSignal): Promise<Purchase[]> {
  const reply = await apiRequest('/api/purchases/history', { schema: purchaseListReplySchema, signal });
  return reply.data;
}

export const purchaseHistoryQueryOptions = (userId: number) =>
  queryOptions({ queryKey: purchaseHistoryQueryKey(userId), queryFn: ({ signal }) => listPurchaseHistory(signal) });

export function usePurchaseHistory(userId: number) {
  return useQuery(purchaseHistoryQueryOptions(userId));
}
