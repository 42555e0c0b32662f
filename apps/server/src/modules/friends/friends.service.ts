import { FRIEND_MESSAGES, type FollowStatus, type FriendRequest, type RelatedUser } from '@planns/shared/friends/friends.schemas';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { inTransaction, lockKey, type Executor, type Tx } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findUser, searchUsersByName, userExists } from '../users/users.service.ts';
import { presentPublicUser } from '../users/users.presenter.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './friends.repo.ts';

function presentRequest(row: repo.FriendRequestRow): FriendRequest {
  return { id: row.id, user_id: row.user_id, friend_id: row.friend_id, created_at: row.created_at.toISOString(), user: row.user, friend: row.friend };
}

async function requireUser(deps: AppDeps, id: number): Promise<void> {
  if (!(await userExists(deps.db, id))) throw notFound('User not found');
}

/** Serializes relationship changes between two people (a request crossing an accept). */
async function lockPair(tx: Tx, a: number, b: number): Promise<void> {
  await lockKey(tx, `friends:${Math.min(a, b)}:${Math.max(a, b)}`);
}

export async function listRequests(deps: AppDeps, actor: Actor): Promise<{ received: FriendRequest[]; sent: FriendRequest[] }> {
  const [received, sent] = await Promise.all([repo.listRequests(deps.db, actor.userId, 'received'), repo.listRequests(deps.db, actor.userId, 'sent')]);
  return { received: received.map(presentRequest), sent: sent.map(presentRequest) };
}

export async function listFriends(deps: AppDeps, actor: Actor): Promise<PublicUser[]> {
  return (await repo.listFriends(deps.db, actor.userId)).map(presentPublicUser);
}

/** How many followed people GET user/follows answers (My plans' community row). */
export const FOLLOWED_LIMIT = 200;

/** GET user/follows: the people I follow (friends or not), most recently followed first. */
export async function listFollowed(deps: AppDeps, actor: Actor): Promise<PublicUser[]> {
  return (await repo.listFollowed(deps.db, actor.userId, FOLLOWED_LIMIT)).map(presentPublicUser);
}

/**
 * POST user/friend-request {friend_id}. Asking someone who already asked you makes you friends at
 * once (their request is accepted). A second request is 409 'Request already sent'.
 */
export async function sendRequest(deps: AppDeps, actor: Actor, friendId: number): Promise<FriendRequest> {
  if (friendId === actor.userId) throw new AppError('validation_failed', FRIEND_MESSAGES.self, { friend_id: FRIEND_MESSAGES.self });
  await requireUser(deps, friendId);
  const now = deps.clock.now();
  const id = await inTransaction(deps.db, async (tx) => {
    await lockPair(tx, actor.userId, friendId);
    if (await repo.areFriends(tx, actor.userId, friendId)) throw new AppError('conflict', FRIEND_MESSAGES.alreadyFriends);
    const theirs = await repo.findRequestBetween(tx, friendId, actor.userId);
    if (theirs) {
      await repo.befriend(tx, actor.userId, friendId, now);
      const request = await repo.findRequest(tx, theirs.id);
      await repo.deleteRequestsBetween(tx, actor.userId, friendId);
      await notify(tx, { recipients: [friendId], as: 'person', action: 'friend_accepted', authorId: actor.userId, now });
      return { accepted: request! };
    }
    const inserted = await repo.insertRequest(tx, actor.userId, friendId, now);
    if (inserted === null) throw new AppError('conflict', FRIEND_MESSAGES.alreadySent);
    await notify(tx, { recipients: [friendId], as: 'person', action: 'friend_request', authorId: actor.userId, now });
    return inserted;
  });
  if (typeof id === 'object') return presentRequest(id.accepted);
  return presentRequest((await repo.findRequest(deps.db, id))!);
}

/** POST user/accept-friend {id}: only the person asked may accept; answers the new friend. */
export async function acceptRequest(deps: AppDeps, actor: Actor, requestId: number): Promise<PublicUser> {
  const request = await repo.findRequest(deps.db, requestId);
  if (!request || request.friend_id !== actor.userId) throw notFound('Friend request not found');
  await inTransaction(deps.db, async (tx) => {
    await lockPair(tx, request.user_id, request.friend_id);
    if (!(await repo.deleteRequest(tx, requestId))) throw notFound('Friend request not found');
    await repo.deleteRequestsBetween(tx, request.user_id, request.friend_id);
    const now = deps.clock.now();
    await repo.befriend(tx, request.user_id, request.friend_id, now);
    await notify(tx, { recipients: [request.user_id], as: 'person', action: 'friend_accepted', authorId: actor.userId, now });
  });
  const friend = await findUser(deps.db, request.user_id);
  if (!friend) throw notFound('User not found');
  return presentPublicUser(friend);
}

/** DELETE user/friend-request/{id}: the sender cancels it, or the person asked declines it. */
export async function deleteRequest(deps: AppDeps, actor: Actor, requestId: number): Promise<void> {
  const request = await repo.findRequest(deps.db, requestId);
  if (!request || (request.user_id !== actor.userId && request.friend_id !== actor.userId)) throw notFound('Friend request not found');
  if (!(await repo.deleteRequest(deps.db, requestId))) throw notFound('Friend request not found');
}

/** DELETE user/unfriend/{id}. */
export async function unfriend(deps: AppDeps, actor: Actor, friendId: number): Promise<void> {
  if (!(await repo.unfriend(deps.db, actor.userId, friendId))) throw new AppError('not_found', FRIEND_MESSAGES.notFriends);
  // Each may have followed the other's friends events live.
  await deps.realtime?.recheckPeople([actor.userId, friendId], actor.userId);
}

export async function follow(deps: AppDeps, actor: Actor, userId: number): Promise<FollowStatus> {
  if (userId === actor.userId) throw new AppError('validation_failed', FRIEND_MESSAGES.followSelf, { id: FRIEND_MESSAGES.followSelf });
  await requireUser(deps, userId);
  await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    if (!(await repo.follow(tx, actor.userId, userId, now))) return;
    await notify(tx, { recipients: [userId], as: 'person', action: 'user_following', authorId: actor.userId, now });
  });
  return repo.followStatus(deps.db, actor.userId, userId);
}

export async function unfollow(deps: AppDeps, actor: Actor, userId: number): Promise<FollowStatus> {
  await requireUser(deps, userId);
  await repo.unfollow(deps.db, actor.userId, userId);
  return repo.followStatus(deps.db, actor.userId, userId);
}

export async function followStatus(deps: AppDeps, actor: Actor, userId: number): Promise<FollowStatus> {
  await requireUser(deps, userId);
  return repo.followStatus(deps.db, actor.userId, userId);
}

/** GET user/{id}/following?users=a,b: which of those {id} follows. Follows are public facts. */
export async function following(deps: AppDeps, _actor: Actor, userId: number, ids: number[]): Promise<number[]> {
  await requireUser(deps, userId);
  return repo.followedAmong(deps.db, userId, ids);
}

/** The user search of /user-search: people by name with their relationship to me (never me). */
export async function searchPeople(deps: AppDeps, actor: Actor, name: string): Promise<RelatedUser[]> {
  const people = (await searchUsersByName(deps.db, name, 21)).filter((p) => p.id !== actor.userId).slice(0, 20);
  const flags = await repo.relationships(deps.db, actor.userId, people.map((p) => p.id));
  return people.map((p) => ({ ...presentPublicUser(p), ...(flags.get(p.id) ?? { is_friend: false, request_sent_by_me: false, has_request: false, request_id: null }) }));
}

/* ------------------------------------------------------------------ for other modules */

/** A person's friends, as rows for users.presenter (the profile shows them). */
export async function friendsOf(db: Executor, userId: number) {
  return repo.listFriends(db, userId);
}

/** How `me` relates to each of `ids`: friends, a request sent or received. */
export async function relationshipsWith(db: Executor, me: number, ids: number[]) {
  return repo.relationships(db, me, ids);
}

/** Which of `ids` are friends of `userId` (share: one invites only friends). */
export async function friendsAmong(db: Executor, userId: number, ids: number[]): Promise<number[]> {
  return repo.friendsAmong(db, userId, ids);
}
