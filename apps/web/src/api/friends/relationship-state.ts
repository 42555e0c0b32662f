import type { RelationshipAction } from './use-relationship-actions.ts';

/** The friendship actions (follow and unfollow are a separate button). */
export type FriendshipAction = Exclude<RelationshipAction, 'follow' | 'unfollow'>;

export type RelationshipFlags = { is_friend: boolean; request_sent_by_me: boolean; has_request: boolean };

/**
 * The friendship buttons for a person (accounts §2 User search, §4): friends can be unfriended,
 * a request I sent cancelled, a request I received accepted or declined, anyone else asked.
 */
export function friendshipActions(flags: RelationshipFlags): FriendshipAction[] {
  if (flags.is_friend) return ['unfriend'];
  if (flags.has_request) return ['accept', 'decline'];
  if (flags.request_sent_by_me) return ['cancel'];
  return ['add'];
}
