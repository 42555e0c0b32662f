import { z } from 'zod';
import { idSchema } from '../input/ids.schemas.ts';
import { publicUserSchema } from '../users/users.schemas.ts';
import { GALLERY_MESSAGES as M, GALLERY_REPORT_DESCRIPTION_MAX, GALLERY_REPORT_REASONS, GALLERY_VIDEO_MAX_BYTES, UPLOAD_ID_PATTERN } from './gallery.rules.ts';

/**
 * What planns' media endpoint answers for an uploaded file: the shape of the spec's cloud upload
 * result (events §7 "Direct upload ... upload result"), which the client then posts to
 * POST gallery/{eventId} as cloudinary_data.
 */
export const uploadResultSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    url_m: z.string(),
    url_l: z.string(),
    resource_type: z.enum(['image', 'video']),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    format: z.string(),
    bytes: z.number().int(),
  })
  .meta({ id: 'UploadResult' });
export type UploadResult = z.infer<typeof uploadResultSchema>;
export const uploadResultReplySchema = z.object({ data: uploadResultSchema });

/** POST media/uploads?event_id=N: the event the file is meant for (its gallery's upload rule is checked before any byte is kept). */
export const uploadQuerySchema = z.object({ event_id: idSchema });

/** POST media/uploads/presign?event_id=N (STORAGE_PROVIDER=s3): the file's declared size and type. */
export const presignBodySchema = z.object({
  content_type: z.string().min(1).max(100),
  bytes: z.number().int().min(1, M.empty).max(GALLERY_VIDEO_MAX_BYTES, M.videoTooBig),
});
export const presignReplySchema = z.object({
  data: z.object({
    id: z.string(),
    /** PUT the file's bytes here, with these headers, before `expires_at`. */
    method: z.literal('PUT'),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    expires_at: z.string(),
  }),
});
export const uploadIdParamsSchema = z.object({ id: z.string().regex(UPLOAD_ID_PATTERN) });

/** POST gallery/{eventId}: the upload result as the media endpoint gave it; only its id is read. */
export const galleryPostBodySchema = z.object({
  cloudinary_data: z.looseObject({ id: z.string({ message: M.uploadNotYours }).min(1, M.uploadNotYours).max(64, M.uploadNotYours) }),
});

export const galleryLikeSchema = z.object({ user_id: z.number().int(), user: publicUserSchema });

/** Gallery item (events §3). */
export const galleryItemSchema = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    url: z.string(),
    url_m: z.string(),
    url_l: z.string(),
    type: z.enum(['image', 'video']),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    created_at: z.string(),
    user_uploaded: publicUserSchema,
    /** The most recent likers (at most 50); likes_count counts them all. */
    likes: z.array(galleryLikeSchema),
    likes_count: z.number().int(),
    is_liked: z.boolean(),
    /** The viewer has reported this item. */
    is_abused: z.boolean(),
    /** Not approved counts as pending: seen only by its uploader, the event's owner and moderators. */
    approved: z.boolean(),
    /** Hidden after a privacy report until the owner or a moderator restores it (only they see it). */
    is_hidden: z.boolean(),
    /** Reports received: shown to the event's owner and moderators, 0 for everyone else. */
    reports_count: z.number().int(),
    /** The viewer may delete it (the event's owner, a moderator, or the uploader). */
    can_delete: z.boolean(),
    /** The viewer may approve or restore it (the event's owner or a moderator). */
    can_moderate: z.boolean(),
  })
  .meta({ id: 'GalleryItem' });
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const galleryItemReplySchema = z.object({ data: galleryItemSchema });
/** GET gallery/{eventId}: {data: {data: [items]}} newest first (events §7). */
export const galleryListReplySchema = z.object({ data: z.object({ data: z.array(galleryItemSchema) }) });
export const galleryListQuerySchema = z.object({ before: idSchema.optional() });
export const eventIdParamsSchema = z.object({ eventId: idSchema });

/** POST gallery/{id}/abuse (events §5 Gallery report): a description only with 'other', where it is required. */
export const galleryReportBodySchema = z
  .object({
    reason: z.enum(GALLERY_REPORT_REASONS, { message: 'Choose a reason' }),
    description: z.string().trim().max(GALLERY_REPORT_DESCRIPTION_MAX, `At most ${GALLERY_REPORT_DESCRIPTION_MAX} characters`).nullable().optional(),
  })
  .transform((v, ctx) => {
    if (v.reason !== 'other') return { reason: v.reason, description: null };
    if (!v.description) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: M.describeOther });
      return z.NEVER;
    }
    return { reason: v.reason, description: v.description };
  });
export type GalleryReportBody = z.infer<typeof galleryReportBodySchema>;
export const galleryReportReplySchema = z.object({
  data: z.object({ id: z.number().int(), gallery_id: z.number().int(), reason: z.enum(GALLERY_REPORT_REASONS), created_at: z.string() }),
});
