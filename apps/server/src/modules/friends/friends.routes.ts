import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { userSearchQuerySchema } from '@planns/shared/events/events.schemas';
import {
  acceptFriendBodySchema,
  followingQuerySchema,
  followingReplySchema,
  followStatusReplySchema,
  friendReplySchema,
  friendRequestBodySchema,
  friendRequestReplySchema,
  friendRequestsReplySchema,
  friendsReplySchema,
  relatedUsersReplySchema,
} from '@planns/shared/friends/friends.schemas';
import { okSchema } from '@planns/shared/http/envelope';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as friends from './friends.service.ts';

const tags = ['friends'];
const errors = { 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
const ok = { data: { ok: true as const } };

/** accounts §7 "Friends and follows": every call needs a session. */
export const friendsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/user/friend-requests',
    { schema: { tags, summary: 'Friend requests', description: 'GET user/friend-requests?full=1: received and sent requests, newest first.', response: { 200: friendRequestsReplySchema, 401: errorBodySchema } } },
    async (request) => ({ data: await friends.listRequests(deps, requireActor(request)) }),
  );

  app.get(
    '/user/friends',
    { schema: { tags, summary: 'My friends', description: 'GET user/friends.', response: { 200: friendsReplySchema, 401: errorBodySchema } } },
    async (request) => ({ data: await friends.listFriends(deps, requireActor(request)) }),
  );

  app.get(
    '/user/follows',
    {
      schema: {
        tags,
        summary: 'People I follow',
        description:
          "GET user/follows: the people the caller follows, friends or not, most recently followed first (at most 200). planns' addition: My plans' community tab shows them; the spec's client has no such call.",
        response: { 200: friendsReplySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: await friends.listFollowed(deps, requireActor(request)) }),
  );

  app.post(
    '/user/friend-request',
    {
      schema: {
        tags,
        summary: 'Ask someone to be friends',
        description: "POST user/friend-request {friend_id}; reply data.data the request. A second one is 409 'Request already sent'; asking someone who asked you makes you friends.",
        body: friendRequestBodySchema,
        response: { 200: friendRequestReplySchema, ...errors },
      },
    },
    async (request) => ({ data: { data: await friends.sendRequest(deps, requireActor(request), request.body.friend_id) } }),
  );

  app.post(
    '/user/accept-friend',
    {
      schema: {
        tags,
        summary: 'Accept a friend request',
        description: 'POST user/accept-friend with the request object (its id counts); only the person asked may accept. Reply data.data the new friend.',
        body: acceptFriendBodySchema,
        response: { 200: friendReplySchema, ...errors },
      },
    },
    async (request) => ({ data: { data: await friends.acceptRequest(deps, requireActor(request), request.body.id) } }),
  );

  app.delete(
    '/user/friend-request/:id',
    {
      schema: {
        tags,
        summary: 'Cancel or decline a friend request',
        description: 'DELETE user/friend-request/{id}: the sender cancels it, the person asked declines it (the spec does not show a separate decline call).',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await friends.deleteRequest(deps, requireActor(request), request.params.id);
      return ok;
    },
  );

  app.delete(
    '/user/unfriend/:id',
    { schema: { tags, summary: 'Unfriend', description: 'DELETE user/unfriend/{id}.', params: idParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await friends.unfriend(deps, requireActor(request), request.params.id);
      return ok;
    },
  );

  app.post(
    '/user/:id/follow',
    { schema: { tags, summary: 'Follow', description: 'POST user/{id}/follow; reply the follow flags.', params: idParamsSchema, response: { 200: followStatusReplySchema, ...errors } } },
    async (request) => ({ data: await friends.follow(deps, requireActor(request), request.params.id) }),
  );

  app.delete(
    '/user/:id/unfollow',
    { schema: { tags, summary: 'Unfollow', description: 'DELETE user/{id}/unfollow; reply the follow flags.', params: idParamsSchema, response: { 200: followStatusReplySchema, ...errors } } },
    async (request) => ({ data: await friends.unfollow(deps, requireActor(request), request.params.id) }),
  );

  app.get(
    '/user/:id/follow-status',
    {
      schema: { tags, summary: 'Follow status', description: 'GET user/{id}/follow-status: is_following_me, is_followed_by_me.', params: idParamsSchema, response: { 200: followStatusReplySchema, ...errors } },
    },
    async (request) => ({ data: await friends.followStatus(deps, requireActor(request), request.params.id) }),
  );

  app.get(
    '/user/:id/following',
    {
      schema: {
        tags,
        summary: 'Whom a person follows, among some',
        description: 'GET user/{id}/following?users=a,b: the ids among users that {id} follows.',
        params: idParamsSchema,
        querystring: followingQuerySchema,
        response: { 200: followingReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await friends.following(deps, requireActor(request), request.params.id, request.query.users) }),
  );

  app.get(
    '/user/search',
    {
      schema: {
        tags,
        summary: 'People search with relationships',
        description: 'The /user-search screen: people by name (more than 2 characters), never yourself, with is_friend, request_sent_by_me, has_request and request_id.',
        querystring: userSearchQuerySchema,
        response: { 200: relatedUsersReplySchema, 401: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: { data: await friends.searchPeople(deps, requireActor(request), request.query.name) } }),
  );
};
