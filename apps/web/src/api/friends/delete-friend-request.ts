import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@planns/shared/http/envelope';
import { apiRequest } from '../../lib/api-client.ts';
import { invalidateRelationships } from './relationships-cache.ts';

/** DELETE /api/user/friend-request/{id}: the sender cancels it, the person asked declines it. */
export async function deleteFriendRequest(requestId: number): Promise<void> {
  await apiRequest(`/api/user/friend-request/${requestId}`, { method: 'DELETE', schema: okSchema });
}

export function useDeleteFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['friends', 'delete-request'],
    mutationFn: deleteFriendRequest,
    onSettled: () => invalidateRelationships(queryClient),
  });
}
