import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { joinGroupBodySchema, joinGroupReplySchema } from '@planns/shared/groups/groups.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as groups from './groups.service.ts';

export const groupsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/user/join-group',
    {
      schema: {
        tags: ['groups'],
        summary: 'Join a group',
        description: 'POST user/join-group {group_id} (accounts §7): joins the group and makes it the current group; answers {user, current_group}. Joining again is fine.',
        body: joinGroupBodySchema,
        response: { 200: joinGroupReplySchema, 401: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await groups.joinGroup(deps, requireActor(request), request.body.group_id) }),
  );
};
