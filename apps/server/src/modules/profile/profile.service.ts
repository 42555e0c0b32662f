import type { Profile } from '@planns/shared/profile/profile.schemas';
import { RELATION_LIMIT } from '@planns/shared/events/events.rules';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/app-error.ts';
import { profileEvents } from '../events/events.service.ts';
import { friendsOf, relationshipsWith } from '../friends/friends.service.ts';
import { presentPublicUser } from '../users/users.presenter.ts';
import { findUser } from '../users/users.service.ts';

const PROFILE_EVENTS = 100;
const PROFILE_FRIENDS = 50;

/** GET profile/{id}: only what the viewer may see of this person's events; never phone or email. */
export async function getProfile(deps: AppDeps, actor: Actor, userId: number): Promise<Profile> {
  const user = await findUser(deps.db, userId);
  if (!user) throw notFound('User not found');
  const limits = { users: 3, doubtUsers: 3, rejectedUsers: 0, friends: 0, organizers: 0, invites: 0 };
  const [created, joined, friends, flags] = await Promise.all([
    profileEvents(deps, actor, userId, 'created', { limit: PROFILE_EVENTS, relations: { ...limits, users: RELATION_LIMIT } }),
    profileEvents(deps, actor, userId, 'joined', { limit: PROFILE_EVENTS, relations: limits }),
    friendsOf(deps.db, userId),
    relationshipsWith(deps.db, actor.userId, [userId]),
  ]);
  const flag = flags.get(userId) ?? { is_friend: false, request_sent_by_me: false, has_request: false, request_id: null };
  return {
    user: presentPublicUser(user),
    friends_count: friends.length,
    friends: friends.slice(0, PROFILE_FRIENDS).map(presentPublicUser),
    created_events: created,
    joined_events: joined,
    ...flag,
  };
}
