import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCreateReplySchema } from '@planns/shared/auth/auth.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQueryKey } from '../users/get-current-user.ts';

/**
 * Signs in (or up) with an approved phone. The server sets the HttpOnly session cookie; the token
 * in the reply is deliberately ignored, never stored. `isGoogleLinked`: a Google account waiting
 * in this browser was linked to the account (decision 0040).
 */
export async function authCreate(input: { phone: string; approval_token?: string }): Promise<{ user: User; isGoogleLinked: boolean }> {
  const reply = await apiRequest('/api/auth-create', { method: 'POST', body: input, schema: authCreateReplySchema });
  return { user: reply.data.user, isGoogleLinked: reply.data.google_linked === true };
}

export function useAuthCreate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'create'],
    mutationFn: authCreate,
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
