import { queryOptions, useQuery } from '@tanstack/react-query';
import { companionListReplySchema, type Companion } from '@planns/shared/companions/companions.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export const companionsQueryKey = ['companions'] as const;

export async function listCompanions(signal?: AbortSignal): Promise<Companion[]> {
  const reply = await apiRequest('/api/companions', { schema: companionListReplySchema, signal });
  return reply.data;
}

export const companionsQueryOptions = () =>
  queryOptions({ queryKey: companionsQueryKey, queryFn: ({ signal }) => listCompanions(signal) });

export function useCompanions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...companionsQueryOptions(), enabled: options.enabled ?? true });
}
