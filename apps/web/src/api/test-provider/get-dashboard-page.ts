import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardPageReplySchema } from '@planns/shared/payments/payments.schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

export type DashboardPage = z.infer<typeof dashboardPageReplySchema>['data'];

export const dashboardPageQueryKey = (linkId: string) => ['test-provider', 'dashboard', linkId] as const;

/**
 * GET /api/test-provider/dashboard/{linkId}: the account behind a login link, its balances and
 * payments (newest first), and the way back. 404 when the link expired (an hour) or is unknown.
 */
export async function getDashboardPage(linkId: string, signal?: AbortSignal): Promise<DashboardPage> {
  const reply = await apiRequest(`/api/test-provider/dashboard/${encodeURIComponent(linkId)}`, { schema: dashboardPageReplySchema, signal });
  return reply.data;
}

export const dashboardPageQueryOptions = (linkId: string) =>
  queryOptions({ queryKey: dashboardPageQueryKey(linkId), queryFn: ({ signal }) => getDashboardPage(linkId, signal) });

export function useDashboardPage(linkId: string) {
  return useQuery(dashboardPageQueryOptions(linkId));
}
