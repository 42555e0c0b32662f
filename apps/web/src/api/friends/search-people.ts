import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { relatedUsersReplySchema, type RelatedUser } from '@planns/shared/friends/friends.schemas';
import { canSearchByName, searchByName } from '../../lib/search-by-name.ts';
import { friendsRootQueryKey } from './relationships-cache.ts';

/** The people search runs only past two characters (accounts §6). */
export const canSearchPeople = canSearchByName;

/** GET /api/user/search?name=: people by name (never yourself) with the relationship flags; none on a 401. */
export function searchPeople(name: string, signal?: AbortSignal): Promise<RelatedUser[]> {
  return searchByName('/api/user/search', relatedUsersReplySchema, name, signal);
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
