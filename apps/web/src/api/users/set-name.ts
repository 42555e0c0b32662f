import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userReplySchema, type User } from '@planns/shared/users/users.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

export type SetNameInput = { id: number; name: string; email: string | null; terms_accepted: true };

/** The login modal's name step; 422 validation_failed (fields.name, fields.email). The email is never refused as taken (decision 0018). */
export async function setName(input: SetNameInput): Promise<User> {
  const reply = await apiRequest('/api/set-name', { method: 'POST', body: input, schema: userReplySchema });
  return reply.data;
}

export function useSetName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'set-name'],
    mutationFn: setName,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
