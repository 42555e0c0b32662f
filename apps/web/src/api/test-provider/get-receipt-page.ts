import { queryOptions, useQuery } from '@tanstack/react-query';
import { receiptPageReplySchema } from '@planns/shared/payments/payments.schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

export type ReceiptPage = z.infer<typeof receiptPageReplySchema>['data'];

export const receiptPageQueryKey = (paymentIntentId: string) => ['test-provider', 'receipt', paymentIntentId] as const;

/**
 * GET /api/test-provider/receipts/{paymentIntentId}: a payment's receipt (the receipt link of a
 * purchase): the amount, what it was for, who was paid, the refunds, when. No sign-in: the id is
 * the secret, as Stripe's receipt links are. 404 for an unknown payment, 422 for a malformed id.
 */
export async function getReceiptPage(paymentIntentId: string, signal?: AbortSignal): Promise<ReceiptPage> {
  const reply = await apiRequest(`/api/test-provider/receipts/${encodeURIComponent(paymentIntentId)}`, { schema: receiptPageReplySchema, signal });
  return reply.data;
}

export const receiptPageQueryOptions = (paymentIntentId: string) =>
  queryOptions({ queryKey: receiptPageQueryKey(paymentIntentId), queryFn: ({ signal }) => getReceiptPage(paymentIntentId, signal) });

export function useReceiptPage(paymentIntentId: string) {
  return useQuery(receiptPageQueryOptions(paymentIntentId));
}
