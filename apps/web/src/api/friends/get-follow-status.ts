import { queryOptions, useQuery } from '@tanstack/react-query';
import { followStatusReplySchema, type FollowStatus } from '@planns/shared/friends/friends.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { friendsRootQueryKey } from './relationships-cache.ts';

export const followStatusQueryKey = (userId: number) => [...friendsRootQueryKey, 'follow-status', userId] as const;

/** GET /api/user/{id}/follow-status: is_following_me, is_followed_by_me. */
export async function getFollowStatus(userId: number, signal?: AbortSignal): Promise<FollowStatus> {
  const reply = await apiRequest(`/api/user/${userId}/follow-status`, { schema: followStatusReplySchema, signal });
  return reply.data;
}

export const followStatusQueryOptions = (userId: number) =>
  queryOptions({ queryKey: followStatusQueryKey(userId), queryFn: ({ signal }) => getFollowStatus(userId, signal), staleTime: 30_000 });

export function useFollowStatus(userId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...followStatusQueryOptions(userId), enabled: options.enabled ?? true });
}
