import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { eventReplySchema } from '@planns/shared/events/events.schemas';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import { joinBodySchema, rejectBodySchema } from '@planns/shared/rsvp/rsvp.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as rsvp from './rsvp.service.ts';

const tags = ['rsvp'];
const errors = { 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

export const rsvpRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; onChange: () => void }> = async (app, { deps, onChange }) => {
  app.post(
    '/events/:id/join',
    {
      schema: {
        tags,
        summary: 'Going or maybe',
        description:
          'POST events/{id}/join {maybe, companions, note, use_google_calendar}: one answer per person, replacing any earlier one; answers the updated event. ' +
          'Going counts the person plus their companions and must fit within max (409 event_full otherwise; parallel joins never exceed it).',
        params: idParamsSchema,
        body: joinBodySchema,
        response: { 200: eventReplySchema, ...errors },
      },
    },
    async (request) => {
      const event = await rsvp.join(deps, requireActor(request), request.params.id, request.body);
      onChange();
      return { data: event };
    },
  );

  app.post(
    '/events/:id/reject',
    {
      schema: {
        tags,
        summary: 'Not going',
        description: 'POST events/{id}/reject {note}: not going (companions dropped); answers the updated event.',
        params: idParamsSchema,
        body: rejectBodySchema,
        response: { 200: eventReplySchema, ...errors },
      },
    },
    async (request) => {
      const event = await rsvp.reject(deps, requireActor(request), request.params.id, request.body);
      onChange();
      return { data: event };
    },
  );
};
