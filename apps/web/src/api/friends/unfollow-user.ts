import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followStatusReplySchema, type FollowStatus } from '@planns/shared/friends/friends.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { followStatusQueryKey } from './get-follow-status.ts';

/** DELETE /api/user/{id}/unfollow; answers the follow flags. */
export async function unfollowUser(userId: number): Promise<FollowStatus> {
  const reply = await apiRequest(`/api/user/${userId}/unfollow`, { method: 'DELETE', schema: followStatusReplySchema });
  return reply.data;
}

export function useUnfollowUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['friends', 'unfollow'],
    mutationFn: unfollowUser,
    onSuccess: (status, userId) => queryClient.setQueryData(followStatusQueryKey(userId), status),
  });
}
