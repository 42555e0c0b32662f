import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { friendsRootQueryKey } from '../friends/relationships-cache.ts';

const followingReplySchema = () => import('@planns/shared/friends/friends.schemas').then((m) => m.followingReplySchema);

/** The server takes at most 200 ids per call (friends.schemas followingQuerySchema). */
const IDS_PER_CALL = 200;

/** Under the friends root, so a follow or unfollow (invalidateRelationships) refreshes it. */
export const followingQueryKey = (userId: number, among: readonly number[]) => [...friendsRootQueryKey, 'following', userId, among] as const;

/**
 * GET /api/user/{id}/following?users=a,b: which of `among` the person follows. There is no "list
 * whom I follow" call, so My plans asks about the user's friends; long lists go in calls of 200.
 */
export async function listFollowing(userId: number, among: readonly number[], signal?: AbortSignal): Promise<number[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < among.length; i += IDS_PER_CALL) chunks.push(among.slice(i, i + IDS_PER_CALL));
  const replies = await Promise.all(
    chunks.map((ids) =>
      apiRequest(`/api/user/${userId}/following?users=${ids.join(',')}`, { schema: followingReplySchema, signal }),
    ),
  );
  return replies.flatMap((reply) => reply.data);
}

export const followingQueryOptions = (userId: number, among: readonly number[]) =>
  queryOptions({
    queryKey: followingQueryKey(userId, among),
    queryFn: ({ signal }) => listFollowing(userId, among, signal),
  });

/** The ids among `among` that `userId` follows; idle (and empty) when there is nobody to ask about. */
export function useFollowing(userId: number | null, among: readonly number[]) {
  return useQuery({
    ...followingQueryOptions(userId ?? 0, among),
    enabled: userId !== null && among.length > 0,
  });
}
