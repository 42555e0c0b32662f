import { z } from 'zod';
import { idListSchema, idSchema } from '../input/ids.schemas.ts';
import { publicUserSchema } from '../users/users.schemas.ts';

const personRef = z.object({ id: z.number().int(), name: z.string().nullable(), avatar: z.string().nullable() });

/** accounts §3 Friend request: id, user_id (who asks), friend_id (who is asked), created_at, both people. */
export const friendRequestSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    friend_id: z.number().int(),
    created_at: z.string(),
    user: personRef,
    friend: personRef,
  })
  .meta({ id: 'FriendRequest' });
export type FriendRequest = z.infer<typeof friendRequestSchema>;

export const followStatusSchema = z.object({ is_following_me: z.boolean(), is_followed_by_me: z.boolean() }).meta({ id: 'FollowStatus' });
export type FollowStatus = z.infer<typeof followStatusSchema>;

/** A person found by the user search, with the relationship flags of accounts §3. */
export const relatedUserSchema = publicUserSchema
  .extend({ is_friend: z.boolean(), request_sent_by_me: z.boolean(), has_request: z.boolean(), request_id: z.number().int().nullable() })
  .meta({ id: 'RelatedUser' });
export type RelatedUser = z.infer<typeof relatedUserSchema>;


export const friendRequestBodySchema = z.object({ friend_id: idSchema });
/** POST user/accept-friend: the spec's client sends the request object; its id is what counts. */
export const acceptFriendBodySchema = z.object({ id: idSchema }).loose();
export const followingQuerySchema = z.object({
  users: idListSchema(),
});

export const friendRequestsReplySchema = z.object({
  data: z.object({ received: z.array(friendRequestSchema), sent: z.array(friendRequestSchema) }),
});
export const friendRequestReplySchema = z.object({ data: z.object({ data: friendRequestSchema }) });
export const friendsReplySchema = z.object({ data: z.array(publicUserSchema) });
export const friendReplySchema = z.object({ data: z.object({ data: publicUserSchema }) });
export const followStatusReplySchema = z.object({ data: followStatusSchema });
/** GET user/{id}/following?users=a,b: which of those users {id} follows. */
export const followingReplySchema = z.object({ data: z.array(z.number().int()) });
export const relatedUsersReplySchema = z.object({ data: z.object({ data: z.array(relatedUserSchema) }) });

/** The spec's notices (accounts §8). */
export const FRIEND_MESSAGES = {
  alreadySent: 'Request already sent',
  alreadyFriends: 'You are already friends',
  notFriends: 'You are not friends',
  self: 'You cannot befriend yourself',
  followSelf: 'You cannot follow yourself',
} as const;
