import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userSearchReplySchema } from '@planns/shared/events/events.schemas';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { canSearchByName, searchByName } from '../../lib/search-by-name.ts';

/** The search starts only past two characters (events §5). */
export const canSearchUsers = canSearchByName;

/** GET /api/users/search?name= (signed in); none on a 401. */
export function searchUsers(name: string, signal?: AbortSignal): Promise<PublicUser[]> {
  return searchByName('/api/users/search', userSearchReplySchema, name, signal);
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
