import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentBodySchema, commentListQuerySchema, commentListReplySchema, commentReplySchema } from '@planns/shared/comments/comments.schemas';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as comments from './comments.service.ts';

const tags = ['comments'];

export const commentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/events/:id/comments',
    {
      schema: {
        tags,
        summary: "An event's comments",
        description:
          "GET events/{id}/comments: newest first (created_at, then id), 100 at a time. before=<id>: the next older page, the comments after that one in this order; a before that is not a comment of this event is a 422 on before (load from the newest again). Readable by whoever may see the event, visitors included (public events).",
        params: idParamsSchema,
        querystring: commentListQuerySchema,
        response: { 200: commentListReplySchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await comments.listComments(deps, request.actor, request.params.id, request.query.before) }),
  );

  app.post(
    '/events/:id/comment',
    {
      schema: {
        tags,
        summary: 'Comment on an event',
        description: 'POST events/{id}/comment {comment}: signed in, on an event the caller may see; answers {data: comment}.',
        params: idParamsSchema,
        body: commentBodySchema,
        response: { 200: commentReplySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await comments.addComment(deps, requireActor(request), request.params.id, request.body.comment) }),
  );
};
