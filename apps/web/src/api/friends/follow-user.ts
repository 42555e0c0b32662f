import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followStatusReplySchema, type FollowStatus } from '@planns/shared/friends/friends.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { followStatusQueryKey } from './get-follow-status.ts';

/** POST /api/user/{id}/follow; answers the follow flags. */
export async function followUser(userId: number): Promise<FollowStatus> {
  const reply = await apiRequest(`/api/user/${userId}/follow`, { method: 'POST', schema: followStatusReplySchema });
  return reply.data;
}

export function useFollowUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['friends', 'follow'],
    mutationFn: followUser,
    onSuccess: (status, userId) => queryClient.setQueryData(followStatusQueryKey(userId), status),
  });
}
