import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { showNotice } from '../../lib/notice.ts';
import { useAcceptFriendRequest } from './accept-friend-request.ts';
import { useDeleteFriendRequest } from './delete-friend-request.ts';
import { useFollowUser } from './follow-user.ts';
import { useSendFriendRequest } from './send-friend-request.ts';
import { useUnfollowUser } from './unfollow-user.ts';
import { useUnfriend } from './unfriend.ts';

/** The person an action is about; request_id is needed to accept, decline or cancel a request. */
export type RelationshipTarget = { id: number; name: string | null; request_id?: number | null };

export type RelationshipAction = 'add' | 'cancel' | 'accept' | 'decline' | 'unfriend' | 'follow' | 'unfollow';

/** Actions that ask 'Are you sure?' first (accounts §4: unfriending, declining, cancelling, unfollowing). */
const CONFIRMED: ReadonlySet<RelationshipAction> = new Set(['cancel', 'decline', 'unfriend', 'unfollow']);

export function needsConfirm(action: RelationshipAction): boolean {
  return CONFIRMED.has(action);
}

type Pending = { action: RelationshipAction; person: RelationshipTarget };

/** Props for components/confirm-dialog.tsx, or null when nothing waits for a confirmation. */
export type RelationshipConfirm = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  isPending: boolean;
};

/**
 * The friendship and follow actions of accounts §4 with their confirmations and the notices of
 * §8, shared by /friends, /user-search and /profile/{id}. `run` starts an action (asking first
 * when it needs a confirm); render `<ConfirmDialog {...confirm} />` once on the screen.
 */
export function useRelationshipActions() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const send = useSendFriendRequest();
  const accept = useAcceptFriendRequest();
  const deleteRequest = useDeleteFriendRequest();
  const unfriend = useUnfriend();
  const follow = useFollowUser();
  const unfollow = useUnfollowUser();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState<Pending | null>(null);

  const fail = useCallback(
    (error: unknown, action: RelationshipAction) => {
      // A friend request that fails is 'Request already sent' (accounts §8); others show the server's message.
      if (action === 'add' && isApiError(error) && error.code === 'conflict') showNotice({ title: t('friends.notices.alreadySent') });
      else showNotice({ title: errorMessage(error), tone: 'error' });
    },
    [errorMessage, t],
  );

  const execute = useCallback(
    async ({ action, person }: Pending): Promise<void> => {
      const name = person.name || t('friends.noName');
      setBusy({ action, person });
      try {
        switch (action) {
          case 'add': {
            const request = await send.mutateAsync(person.id);
            // They had asked first: the server made you friends at once.
            if (request.user_id === person.id) showNotice({ title: t('friends.notices.accepted'), text: t('friends.notices.acceptedText', { name }) });
            else showNotice({ title: t('friends.notices.sent') });
            break;
          }
          case 'accept':
            if (person.request_id == null) return;
            await accept.mutateAsync(person.request_id);
            showNotice({ title: t('friends.notices.accepted'), text: t('friends.notices.acceptedText', { name }) });
            break;
          case 'decline':
          case 'cancel':
            if (person.request_id == null) return;
            await deleteRequest.mutateAsync(person.request_id);
            showNotice({ title: action === 'decline' ? t('friends.notices.declined') : t('friends.notices.deleted') });
            break;
          case 'unfriend':
            await unfriend.mutateAsync(person.id);
            showNotice({ title: t('friends.notices.unfriended'), text: t('friends.notices.unfriendedText', { name }) });
            break;
          case 'follow':
            await follow.mutateAsync(person.id);
            showNotice({ title: t('friends.notices.following') });
            break;
          case 'unfollow':
            await unfollow.mutateAsync(person.id);
            showNotice({ title: t('friends.notices.unfollowed') });
            break;
        }
      } catch (error) {
        fail(error, action);
      } finally {
        setBusy(null);
        setPending(null);
      }
    },
    [accept, deleteRequest, fail, follow, send, t, unfollow, unfriend],
  );

  const run = useCallback(
    (action: RelationshipAction, person: RelationshipTarget) => {
      if (needsConfirm(action)) setPending({ action, person });
      else void execute({ action, person });
    },
    [execute],
  );

  /** Whether an action about this person is in flight (its buttons are disabled meanwhile). */
  const isBusy = useCallback((personId: number) => busy?.person.id === personId, [busy]);

  const name = pending?.person.name || t('friends.noName');
  const confirm: RelationshipConfirm = {
    open: pending !== null,
    onOpenChange: (open) => {
      if (!open && busy === null) setPending(null);
    },
    title: t('common.areYouSure'),
    description: pending ? t(`friends.confirm.${confirmKey(pending.action)}`, { name }) : '',
    confirmLabel: pending ? t(`friends.confirm.${confirmKey(pending.action)}Action`) : '',
    onConfirm: () => {
      if (pending) void execute(pending);
    },
    isPending: busy !== null,
  };

  return { run, isBusy, confirm };
}

function confirmKey(action: RelationshipAction): 'unfriend' | 'decline' | 'cancel' | 'unfollow' {
  switch (action) {
    case 'decline':
    case 'cancel':
    case 'unfollow':
      return action;
    default:
      return 'unfriend';
  }
}
