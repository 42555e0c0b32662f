import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@planns/shared/events/events.schemas';
import { apiRequest } from '../../lib/api-client.ts';

const categoryListReplySchema = () => import('@planns/shared/events/events.schemas').then((m) => m.categoryListReplySchema);

export const categoriesQueryKey = ['categories'] as const;

/** GET /api/categories: the seeded list; names are translated on the client by slug. */
export async function listCategories(signal?: AbortSignal): Promise<Category[]> {
  const reply = await apiRequest('/api/categories', { schema: categoryListReplySchema, signal });
  return reply.data;
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoriesQueryKey, queryFn: ({ signal }) => listCategories(signal), staleTime: Infinity });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
