import { useMutation, useQueryClient } from '@tanstack/react-query';
import { friendReplySchema } from '@planns/shared/friends/friends.schemas';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { invalidateRelationships } from './relationships-cache.ts';

/** POST /api/user/accept-friend {id}: only the person asked may accept; answers the new friend. */
export async function acceptFriendRequest(requestId: number): Promise<PublicUser> {
  const reply = await apiRequest('/api/user/accept-friend', { method: 'POST', body: { id: requestId }, schema: friendReplySchema });
  return reply.data.data;
}

export function useAcceptFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['friends', 'accept'],
    mutationFn: acceptFriendRequest,
    onSettled: () => invalidateRelationships(queryClient),
  });
}
