import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { USER_SEARCH_MIN_LENGTH } from '@planns/shared/events/events.rules';
import { userSearchReplySchema } from '@planns/shared/events/events.schemas';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

/** The search starts only past two characters (events §5). */
export function canSearchUsers(name: string): boolean {
  return name.trim().length >= USER_SEARCH_MIN_LENGTH;
}

/** GET /api/users/search?name= (signed in). */
export async function searchUsers(name: string, signal?: AbortSignal): Promise<PublicUser[]> {
  try {
    const reply = await apiRequest(`/api/users/search?name=${encodeURIComponent(name.trim())}`, { schema: userSearchReplySchema, signal });
    return reply.data.data;
  } catch (error) {
    // A 401 is only logged (events §8); the picker then shows no results.
    if (isApiError(error) && error.status === 401) {
      console.error('unauthorized');
      return [];
    }
    throw error;
  }
}

export const searchUsersQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['users', 'search', name.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => searchUsers(name, signal),
    staleTime: 60_000,
  });

/** Results for `name` (debounce it first); idle below three characters. */
export function useSearchUsers(name: string) {
  return useQuery({ ...searchUsersQueryOptions(name), enabled: canSearchUsers(name), placeholderData: keepPreviousData });
}
