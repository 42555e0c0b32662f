import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQueryKey } from '../users/get-current-user.ts';

/** Loaded with the request: invites are processed from the app shell, outside any screen chunk. */
const joinGroupReplySchema = () => import('@planns/shared/groups/groups.schemas').then((m) => m.joinGroupReplySchema);

/** POST /api/user/join-group {group_id}: answers the user (now a member) and the group joined. */
export async function joinGroup(groupId: number) {
  const reply = await apiRequest('/api/user/join-group', { method: 'POST', body: { group_id: groupId }, schema: joinGroupReplySchema });
  return reply.data;
}

export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['groups', 'join'],
    mutationFn: joinGroup,
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
