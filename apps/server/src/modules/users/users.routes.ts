import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import { avatarBodySchema, setNameBodySchema, updateUserBodySchema, userReplySchema } from '@planns/shared/users/users.schemas';
import type { AppDeps } from '../../deps.ts';
import { APPROVAL_COOKIE } from '../../http/actor.ts';
import { requireActor } from '../../http/auth-hook.ts';
import { clearApprovalCookie } from '../../http/cookies.ts';
import * as users from './users.service.ts';

const tags = ['users'];
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
const uploadErrors = { 413: errorBodySchema, 415: errorBodySchema };
/**
 * Profile writes per client: plenty for a person, and a brake on anyone probing numbers through
 * the phone change (whose answers no longer differ anyway: decision 0018).
 */
const profileRateLimit = { max: 30, timeWindow: '10 minutes' };
/** Base64 of a 10 MB picture plus the JSON around it. */
const AVATAR_BODY_LIMIT = 15 * 1024 * 1024;

export const usersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/user',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        description: "The spec's 'current-user endpoint' (path not shown there): GET /api/user, the user with groups and current_group, and google_email and google_token_expires_in (seconds the Google Calendar access token has left; null when not connected; decision 0043).",
        response: { 200: userReplySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: await users.loadCurrentUser(deps.db, requireActor(request).userId, deps.clock.now()) }),
  );

  app.post(
    '/set-name',
    {
      config: { rateLimit: profileRateLimit },
      schema: {
        tags,
        summary: 'Login step 3: name, email, terms',
        description: 'Path from the spec (POST set-name, body {id, name, email}); planns also records terms_accepted (required on first use).',
        body: setNameBodySchema,
        response: { 200: userReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await users.setName(deps, requireActor(request), request.body) }),
  );

  app.put(
    '/users/:id/avatar',
    {
      bodyLimit: AVATAR_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Set the avatar',
        description:
          'The spec\'s PUT {users}/{userId}/avatar with the users base as /api/users. PNG, JPEG or GIF by content, at most 10 MB and 40 megapixels; ' +
          're-encoded into avatar (512 px), avatar_m (256 px) and avatar_s (96 px).',
        params: idParamsSchema,
        body: avatarBodySchema,
        response: { 200: userReplySchema, ...errors, ...uploadErrors },
      },
    },
    async (request) => ({ data: await users.setAvatar(deps, requireActor(request), request.params.id, request.body.base64) }),
  );

  app.put(
    '/users/:id',
    {
      bodyLimit: AVATAR_BODY_LIMIT,
      config: { rateLimit: profileRateLimit },
      schema: {
        tags,
        summary: 'Update the profile',
        description:
          'The spec\'s PUT {users}/{userId} with the users base as /api/users: name, email, phone, and an avatar as base64 + extension. ' +
          'A new phone number must be confirmed first (send-code + check-code to it; approval cookie or approval_token): until it is, the answer is 422 code_not_approved ' +
          'whether or not another account has that number; after it, a number held by another account is 409. The email is stored as typed, unverified and not unique, ' +
          'so the answer never says whether another account has it (decision 0018). At most 30 profile writes per 10 minutes per client.',
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userReplySchema, ...errors, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const user = await users.updateProfile(deps, requireActor(request), request.params.id, {
        name: body.name,
        email: body.email,
        phone: body.phone,
        base64: body.base64,
        approvalToken: body.approval_token ?? request.cookies[APPROVAL_COOKIE] ?? null,
      });
      if (body.phone) clearApprovalCookie(reply, deps.config);
      return { data: user };
    },
  );
};
