import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendsReplySchema } from '@planns/shared/friends/friends.schemas';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { friendsRootQueryKey } from './relationships-cache.ts';

/** Under the friends root, so a follow or unfollow (invalidateRelationships) refreshes it. */
export const followedListQueryKey = [...friendsRootQueryKey, 'followed'] as const;

/** GET /api/user/follows: the people the signed-in user follows, friends or not, newest first. */
export async function listFollowed(signal?: AbortSignal): Promise<PublicUser[]> {
  const reply = await apiRequest('/api/user/follows', { schema: friendsReplySchema, signal });
  return reply.data;
}

export const followedListQueryOptions = () => queryOptions({ queryKey: followedListQueryKey, queryFn: ({ signal }) => listFollowed(signal) });

export function useFollowed() {
  return useQuery(followedListQueryOptions());
}
