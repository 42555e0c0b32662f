import type { Profile } from '@planns/shared/profile/profile.schemas';
import { RELATION_LIMIT } from '@planns/shared/events/events.rules';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/app-error.ts';
import { presentEvent } from '../events/events.presenter.ts';
import { loadEventDetails, profileEventIds } from '../events/events.repo.ts';
import { listFriends, relationships } from '../friends/friends.repo.ts';
import { presentPublicUser } from '../users/users.presenter.ts';
import { findUserById } from '../users/users.repo.ts';

const PROFILE_EVENTS = 100;
const PROFILE_FRIENDS = 50;

/** GET profile/{id}: only what the viewer may see of this person's events; never phone or email. */
export async function getProfile(deps: AppDeps, actor: Actor, userId: number): Promise<Profile> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('User not found');
  const limits = { users: 3, doubtUsers: 3, rejectedUsers: 0, friends: 0, organizers: 0, invites: 0 };
  const [createdIds, joinedIds, friends, flags] = await Promise.all([
    profileEventIds(deps.db, userId, actor.userId, 'created', PROFILE_EVENTS),
    profileEventIds(deps.db, userId, actor.userId, 'joined', PROFILE_EVENTS),
    listFriends(deps.db, userId),
    relationships(deps.db, actor.userId, [userId]),
  ]);
  const [created, joined] = await Promise.all([
    loadEventDetails(deps.db, createdIds, actor, { ...limits, users: RELATION_LIMIT }),
    loadEventDetails(deps.db, joinedIds, actor, limits),
  ]);
  const flag = flags.get(userId) ?? { is_friend: false, request_sent_by_me: false, has_request: false, request_id: null };
  return {
    user: presentPublicUser(user),
    friends_count: friends.length,
    friends: friends.slice(0, PROFILE_FRIENDS).map(presentPublicUser),
    created_events: created.map((row) => presentEvent(row, actor)),
    joined_events: joined.map((row) => presentEvent(row, actor)),
    ...flag,
  };
}
