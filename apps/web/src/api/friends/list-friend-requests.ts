import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendRequestsReplySchema, type FriendRequest } from '@planns/shared/friends/friends.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { friendsRootQueryKey } from './relationships-cache.ts';

export const friendRequestsQueryKey = [...friendsRootQueryKey, 'requests'] as const;

export type FriendRequests = { received: FriendRequest[]; sent: FriendRequest[] };

/** GET /api/user/friend-requests?full=1: requests received and sent, newest first. */
export async function listFriendRequests(signal?: AbortSignal): Promise<FriendRequests> {
  const reply = await apiRequest('/api/user/friend-requests?full=1', { schema: friendRequestsReplySchema, signal });
  return reply.data;
}

export const friendRequestsQueryOptions = () =>
  queryOptions({ queryKey: friendRequestsQueryKey, queryFn: ({ signal }) => listFriendRequests(signal), staleTime: 30_000 });

export function useFriendRequests(options: { enabled?: boolean } = {}) {
  return useQuery({ ...friendRequestsQueryOptions(), enabled: options.enabled ?? true });
}
