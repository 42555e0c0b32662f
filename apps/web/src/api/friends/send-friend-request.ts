import { useMutation, useQueryClient } from '@tanstack/react-query';
import { friendRequestReplySchema, type FriendRequest } from '@planns/shared/friends/friends.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { invalidateRelationships } from './relationships-cache.ts';

/**
 * POST /api/user/friend-request {friend_id}. When that person had already asked you, the server
 * makes you friends at once and answers their request (its user_id is theirs).
 */
export async function sendFriendRequest(friendId: number): Promise<FriendRequest> {
  const reply = await apiRequest('/api/user/friend-request', { method: 'POST', body: { friend_id: friendId }, schema: friendRequestReplySchema });
  return reply.data.data;
}

export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['friends', 'request'],
    mutationFn: sendFriendRequest,
    onSettled: () => invalidateRelationships(queryClient),
  });
}
