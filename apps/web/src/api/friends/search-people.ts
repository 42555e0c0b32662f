import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { USER_SEARCH_MIN_LENGTH } from '@planns/shared/events/events.rules';
import { relatedUsersReplySchema, type RelatedUser } from '@planns/shared/friends/friends.schemas';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import { friendsRootQueryKey } from './relationships-cache.ts';

/** The people search runs only past two characters (accounts §6). */
export function canSearchPeople(name: string): boolean {
  return name.trim().length >= USER_SEARCH_MIN_LENGTH;
}

/** GET /api/user/search?name=: people by name (never yourself) with the relationship flags. */
export async function searchPeople(name: string, signal?: AbortSignal): Promise<RelatedUser[]> {
  try {
    const reply = await apiRequest(`/api/user/search?name=${encodeURIComponent(name.trim())}`, { schema: relatedUsersReplySchema, signal });
    return reply.data.data;
  } catch (error) {
    // A 401 is only logged as unauthorized (accounts §8); the screen shows no results.
    if (isApiError(error) && error.status === 401) {
      console.error('unauthorized');
      return [];
    }
    throw error;
  }
}

export const searchPeopleQueryOptions = (name: string) =>
  queryOptions({
    queryKey: [...friendsRootQueryKey, 'search', name.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => searchPeople(name, signal),
    staleTime: 30_000,
  });

/** Results for `name` (debounce it first); idle below three characters. */
export function useSearchPeople(name: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...searchPeopleQueryOptions(name),
    enabled: (options.enabled ?? true) && canSearchPeople(name),
    placeholderData: keepPreviousData,
  });
}
