import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import { profileReplySchema } from '@planns/shared/profile/profile.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as profile from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/profile/:id',
    {
      schema: {
        tags: ['users'],
        summary: "Someone's profile",
        description:
          'GET profile/{id} (signed in): the person, friends (up to 50) and friends_count, created_events and joined_events that the viewer may see (up to 100 each), ' +
          'and the relationship flags. An event is past once its end (or, without one, its start) has passed.',
        params: idParamsSchema,
        response: { 200: profileReplySchema, 401: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await profile.getProfile(deps, requireActor(request), request.params.id) }),
  );
};
