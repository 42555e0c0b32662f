import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import {
  galleryItemReplySchema,
  galleryListQuerySchema,
  galleryListReplySchema,
  galleryPostBodySchema,
  galleryReportBodySchema,
  galleryReportReplySchema,
  presignBodySchema,
  presignReplySchema,
  uploadIdParamsSchema,
  uploadQuerySchema,
  uploadResultReplySchema,
} from '@planns/shared/gallery/gallery.schemas';
import { okSchema } from '@planns/shared/http/envelope';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as gallery from './gallery.service.ts';
import * as uploads from './media-uploads.service.ts';

const tags = ['gallery'];
const e = errorBodySchema;

export const galleryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/media/uploads/presign',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Where to send a file',
        description:
          "POST media/uploads/presign?event_id=N {content_type, bytes}: with the s3 store a presigned PUT URL of the bucket (the bytes go straight there), with the local store planns' own PUT media/uploads/{id}. Then POST media/uploads/{id}/complete gives the upload result.",
        querystring: uploadQuerySchema,
        body: presignBodySchema,
        response: { 200: presignReplySchema, 401: e, 403: e, 404: e, 409: e, 413: e, 415: e, 422: e, 429: e },
      },
    },
    async (request) => ({ data: await uploads.presignUpload(deps, requireActor(request), request.query.event_id, request.body) }),
  );

  app.post(
    '/media/uploads/:id/complete',
    {
      schema: {
        tags,
        summary: 'The upload result of a presigned upload',
        description: 'POST media/uploads/{id}/complete: once the bytes are sent. With the s3 store the object is checked and processed here (same rules as a direct upload).',
        params: uploadIdParamsSchema,
        response: { 200: uploadResultReplySchema, 401: e, 404: e, 409: e, 413: e, 415: e, 422: e },
      },
    },
    async (request) => ({ data: await uploads.completeUpload(deps, requireActor(request), request.params.id) }),
  );

  app.get(
    '/gallery/:id',
    {
      schema: {
        tags,
        summary: "An event's gallery (signed in)",
        description:
          'GET gallery/{eventId}: newest first, 300 at a time (before=<id> for older). Everyone who may see the event sees approved items; pending ones their uploader too; the owner and moderators see everything, privacy-hidden items included.',
        params: idParamsSchema,
        querystring: galleryListQuerySchema,
        response: { 200: galleryListReplySchema, 401: e, 404: e },
      },
    },
    async (request) => ({ data: { data: await gallery.listGallery(deps, requireActor(request), request.params.id, request.query.before) } }),
  );

  app.get(
    '/gallery/:id/unregistered',
    {
      schema: {
        tags,
        summary: "An event's gallery (visitors)",
        description: 'GET gallery/{eventId}/unregistered: public events only; approved items that are not hidden.',
        params: idParamsSchema,
        querystring: galleryListQuerySchema,
        response: { 200: galleryListReplySchema, 404: e },
      },
    },
    async (request) => ({ data: { data: await gallery.listGallery(deps, null, request.params.id, request.query.before) } }),
  );

  app.post(
    '/gallery/:id',
    {
      schema: {
        tags,
        summary: 'Add an uploaded file to the gallery',
        description:
          'POST gallery/{eventId} {cloudinary_data}: the upload result planns issued to the caller for this event (only its id is read), once. Going or maybe guests and the owner only. The item starts approved unless the owner requires approval.',
        params: idParamsSchema,
        body: galleryPostBodySchema,
        response: { 200: galleryItemReplySchema, 401: e, 403: e, 404: e, 409: e, 422: e },
      },
    },
    async (request) => ({ data: await gallery.postItem(deps, requireActor(request), request.params.id, request.body.cloudinary_data.id) }),
  );

  app.delete(
    '/gallery/:id',
    {
      schema: {
        tags,
        summary: 'Delete a photo or video',
        description: "DELETE gallery/{id}: the event's owner, a moderator, or the uploader.",
        params: idParamsSchema,
        response: { 200: okSchema, 401: e, 403: e, 404: e },
      },
    },
    async (request) => {
      await gallery.deleteItem(deps, requireActor(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/gallery/:id/like',
    {
      schema: { tags, summary: 'Like or unlike', description: 'POST gallery/{id}/like: toggles; answers the updated item.', params: idParamsSchema, response: { 200: galleryItemReplySchema, 401: e, 404: e } },
    },
    async (request) => ({ data: await gallery.likeItem(deps, requireActor(request), request.params.id) }),
  );

  app.post(
    '/gallery/:id/abuse',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Report a photo or video',
        description:
          "POST gallery/{id}/abuse {reason, description}: reason inappropriate, privacy ('I'm in it, and don't want it shown') or other; a description only with other, where it is required. Once per person: a second report answers 409 'You already sent report for this image'. A privacy report hides the item from everyone but the owner and moderators.",
        params: idParamsSchema,
        body: galleryReportBodySchema,
        response: { 200: galleryReportReplySchema, 401: e, 404: e, 409: e, 422: e },
      },
    },
    async (request) => ({ data: await gallery.reportItem(deps, requireActor(request), request.params.id, request.body) }),
  );

  app.post(
    '/gallery/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve or restore',
        description: "POST gallery/{id}/approve: the event's owner or a moderator approves a pending item, or restores one hidden after a privacy report.",
        params: idParamsSchema,
        response: { 200: galleryItemReplySchema, 401: e, 403: e, 404: e },
      },
    },
    async (request) => ({ data: await gallery.approveItem(deps, requireActor(request), request.params.id) }),
  );
};
