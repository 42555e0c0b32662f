import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@planns/shared/http/envelope';
import { apiRequest } from '../../lib/api-client.ts';
import { invalidateRelationships } from './relationships-cache.ts';

/** DELETE /api/user/unfriend/{id}. */
export async function unfriend(userId: number): Promise<void> {
  await apiRequest(`/api/user/unfriend/${userId}`, { method: 'DELETE', schema: okSchema });
}

export function useUnfriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['friends', 'unfriend'],
    mutationFn: unfriend,
    onSettled: () => invalidateRelationships(queryClient),
  });
}
