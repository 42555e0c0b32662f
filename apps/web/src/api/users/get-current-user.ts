import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@planns/shared/users/users.schemas';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

/** Loaded with the request, not in the first bundle (every page asks for the user at once). */
const userReplySchema = () => import('@planns/shared/users/users.schemas').then((m) => m.userReplySchema);

export const currentUserQueryKey = ['users', 'current'] as const;

/** The signed-in user, or null when signed out (a 401 is an answer, not an error). */
export async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    const reply = await apiRequest('/api/user', { schema: userReplySchema, signal });
    return reply.data;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 60_000,
  });

/** `user` is undefined while loading, null when signed out. */
export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data, isLoading: query.isPending, query };
}
