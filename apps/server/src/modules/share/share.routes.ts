import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import { shareBodySchema, shareReplySchema } from '@planns/shared/share/share.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as share from './share.service.ts';

export const shareRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/events/:id/share',
    {
      schema: {
        tags: ['share'],
        summary: 'Share with friends',
        description:
          'POST events/{id}/share {users}: invites these friends (an invitation lets them see a private or friends event) and notifies them (event_shared). ' +
          'Private and friends events: the owner, co-organisers and moderators only.',
        params: idParamsSchema,
        body: shareBodySchema,
        response: { 200: shareReplySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: { invited: await share.shareEvent(deps, requireActor(request), request.params.id, request.body.users) } }),
  );
};
