import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { joinGroup } from '../../api/groups/join-group.ts';
import { currentUserQueryKey } from '../../api/users/get-current-user.ts';
import { processStoredGroupInvite, type GroupInviteOutcome } from './group-invite.ts';
import { showNotice } from '../../lib/notice.ts';

type Context = { queryClient: QueryClient; navigate: (to: string) => void };

/**
 * Joins the group of the stored invite for the signed-in user (events §4): the user is reloaded,
 * the group filter set (features/groups/group-invite.ts), 'Joined Group' / 'Added to {group name}' shown and
 * the app goes to /. A failure was already logged and the invite dropped.
 */
export async function processGroupInvite({ queryClient, navigate }: Context): Promise<GroupInviteOutcome> {
  const outcome = await processStoredGroupInvite(joinGroup);
  if (outcome.status !== 'joined') return outcome;
  await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  // Lists are filtered by the new group from now on.
  void queryClient.invalidateQueries({ queryKey: ['events'] });
  showNotice({ title: i18next.t('groups.joined'), text: i18next.t('groups.addedTo', { name: outcome.group.name }) });
  navigate('/');
  return outcome;
}
