import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userReplySchema, type User } from '@planns/shared/users/users.schemas';
import type { AvatarExtension } from '../../lib/crop-image.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

export type UpdateUserInput = {
  id: number;
  name: string;
  email: string | null;
  phone: string;
  /** Only when the picture changed; an unchanged avatar is not sent. */
  avatar_upload?: { base64: string; extension: AvatarExtension };
  /** From check-code, when the phone number changed. */
  approval_token?: string;
};

export async function updateUser({ id, avatar_upload, approval_token, ...fields }: UpdateUserInput): Promise<User> {
  const body = {
    ...fields,
    avatar: null,
    ...(avatar_upload ? { base64: avatar_upload.base64, extension: avatar_upload.extension } : {}),
    ...(approval_token ? { approval_token } : {}),
  };
  const reply = await apiRequest(`/api/users/${id}`, { method: 'PUT', body, schema: userReplySchema });
  return reply.data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'update'],
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
