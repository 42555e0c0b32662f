import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCreateReplySchema } from '@planns/shared/auth/auth.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQueryKey } from '../users/get-current-user.ts';

/**
 * After a Google sign-in answered link_required: a new account for the Google account instead of
 * linking it (decision 0040). The server sets the session cookie; the token is ignored.
 */
export async function createGoogleAccount(): Promise<User> {
  const reply = await apiRequest('/api/auth/google/new-account', { method: 'POST', schema: authCreateReplySchema });
  return reply.data.user;
}

export function useCreateGoogleAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'google-new-account'],
    mutationFn: createGoogleAccount,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
