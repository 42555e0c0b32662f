import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { exportReplySchema, guestListReplySchema } from '@planns/shared/guests/guests.schemas';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as guests from './guests.service.ts';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

export const guestsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/events/:id/guests',
    {
      schema: {
        tags: ['rsvp'],
        summary: 'Guest list (owner)',
        description: 'Everyone who answered, with companions and notes, and the counts per status including companions. The owner and moderators only. (Path chosen by planns: the spec does not show it.)',
        params: idParamsSchema,
        response: { 200: guestListReplySchema, ...errors },
      },
    },
    async (request) => {
      const { guests: list, counts, tickets } = await guests.listGuests(deps, requireActor(request), request.params.id);
      return { data: { guests: list, counts, tickets } };
    },
  );

  app.get(
    '/events/:id/export',
    {
      schema: {
        tags: ['rsvp'],
        summary: 'Guest list as text (owner)',
        description: 'GET events/{id}/export: the guest list as plain text in data (the spec appends it to the share text). The owner and moderators only.',
        params: idParamsSchema,
        response: { 200: exportReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await guests.exportGuests(deps, requireActor(request), request.params.id) }),
  );
};
