import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendsReplySchema } from '@planns/shared/friends/friends.schemas';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { friendsRootQueryKey } from './relationships-cache.ts';

export const friendsListQueryKey = [...friendsRootQueryKey, 'list'] as const;

/** GET /api/user/friends: the signed-in user's friends. */
export async function listFriends(signal?: AbortSignal): Promise<PublicUser[]> {
  const reply = await apiRequest('/api/user/friends', { schema: friendsReplySchema, signal });
  return reply.data;
}

export const friendsListQueryOptions = () =>
  queryOptions({ queryKey: friendsListQueryKey, queryFn: ({ signal }) => listFriends(signal), staleTime: 30_000 });

export function useFriends(options: { enabled?: boolean } = {}) {
  return useQuery({ ...friendsListQueryOptions(), enabled: options.enabled ?? true });
}
