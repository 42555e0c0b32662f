import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { GALLERY_MESSAGES } from '@planns/shared/gallery/gallery.rules';
import { uploadIdParamsSchema, uploadQuerySchema, uploadResultReplySchema } from '@planns/shared/gallery/gallery.schemas';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as uploads from './media-uploads.service.ts';

const tags = ['gallery'];
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };
/** Uploads are heavier than other calls: a tighter per-client limit. */
const rateLimit = { max: 120, timeWindow: '1 minute' };

/**
 * The routes that take a file as the raw request body (any content type), streamed to disk as it
 * arrives: never parsed, never buffered whole. Registered in their own scope, so that the
 * catch-all body parser applies to them only.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const declaredLength = (header: string | undefined) => {
    const n = header ? Number(header) : Number.NaN;
    return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
  };
  // A request without a body (no length, no chunks) never reaches a body parser: Fastify leaves
  // the body undefined, and there is no file to receive.
  const fileStream = (request: FastifyRequest): Readable => {
    if (request.body instanceof Readable) return request.body;
    throw new AppError('validation_failed', GALLERY_MESSAGES.empty, { file: GALLERY_MESSAGES.empty });
  };

  app.post(
    '/media/uploads',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Upload a photo or video (one step)',
        description:
          "POST media/uploads?event_id=N with the file's bytes as the body (any content type; the type is decided by the bytes): JPEG, PNG, GIF, WebP or HEIC pictures up to 15 MB and 40 megapixels, MP4, WebM or QuickTime videos up to 200 MB. Only for users who may add to that event's gallery (going, maybe, or its owner). Answers the upload result to post to POST gallery/{eventId} as cloudinary_data; unposted uploads are removed after a day.",
        querystring: uploadQuerySchema,
        response: { 200: uploadResultReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      try {
        return { data: await uploads.uploadDirect(deps, actor, request.query.event_id, fileStream(request), declaredLength(request.headers['content-length'])) };
      } catch (err) {
        // The client may still be sending a large body: close the connection once answered.
        void reply.header('connection', 'close');
        throw err;
      }
    },
  );

  app.put(
    '/media/uploads/:id',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Send the bytes of a presigned upload (local store)',
        description: 'PUT media/uploads/{id}: the URL POST media/uploads/presign gives with the local store. Same checks as POST media/uploads; answers the upload result.',
        params: uploadIdParamsSchema,
        response: { 200: uploadResultReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      try {
        return { data: await uploads.receivePresigned(deps, actor, request.params.id, fileStream(request), declaredLength(request.headers['content-length'])) };
      } catch (err) {
        void reply.header('connection', 'close');
        throw err;
      }
    },
  );
};
