import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userReplySchema, type User } from '@planns/shared/users/users.schemas';
import type { AvatarExtension } from '../../lib/crop-image.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQueryKey } from './get-current-user.ts';

export type UpdateAvatarInput = { id: number; extension: AvatarExtension; base64: string };

/** Uploads a cropped picture; base64 has no data-URL prefix. */
export async function updateAvatar({ id, extension, base64 }: UpdateAvatarInput): Promise<User> {
  const reply = await apiRequest(`/api/users/${id}/avatar`, {
    method: 'PUT',
    body: { extension, base64 },
    schema: userReplySchema,
  });
  return reply.data;
}

export function useUpdateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'update-avatar'],
    mutationFn: updateAvatar,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
