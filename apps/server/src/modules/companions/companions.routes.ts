import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companionBodySchema, companionListReplySchema, companionReplySchema } from '@planns/shared/companions/companions.schemas';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { okSchema } from '@planns/shared/http/envelope';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as companions from './companions.service.ts';

const tags = ['companions'];
const errors = { 401: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

export const companionsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/companions',
    {
      schema: { tags, summary: 'My companions', description: 'Spec: GET companions list; reply data.', response: { 200: companionListReplySchema, 401: errorBodySchema } },
    },
    async (request) => ({ data: await companions.listCompanions(deps, requireActor(request)) }),
  );

  app.post(
    '/companions',
    {
      schema: {
        tags,
        summary: 'Add a companion',
        description: 'Spec: POST companions {first_name, last_name, type}; a first or last name and a type are required.',
        body: companionBodySchema,
        response: { 200: companionReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await companions.createCompanion(deps, requireActor(request), request.body) }),
  );

  app.post(
    '/companions/:id',
    {
      schema: {
        tags,
        summary: 'Update a companion',
        description: "Spec: POST companions/{id} (update). Another user's companion answers 404.",
        params: idParamsSchema,
        body: companionBodySchema,
        response: { 200: companionReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await companions.updateCompanion(deps, requireActor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/companions/:id',
    {
      schema: {
        tags,
        summary: 'Delete a companion',
        description: "Spec: DELETE companions/{id}. Another user's companion answers 404.",
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await companions.deleteCompanion(deps, requireActor(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
