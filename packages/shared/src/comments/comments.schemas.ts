import { z } from 'zod';
import { idSchema } from '../input/ids.schemas.ts';
import { COMMENT_MAX_LENGTH } from './comments.rules.ts';


export const commentSchema = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    comment: z.string(),
    created_at: z.string(),
    user: z.object({ id: z.number().int(), name: z.string().nullable(), avatar: z.string().nullable(), avatar_s: z.string().nullable() }),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

/** POST events/{id}/comment: the text, not blank (events §5: the send icon shows only then). */
export const commentBodySchema = z.object({
  comment: z
    .string({ message: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(COMMENT_MAX_LENGTH, `At most ${COMMENT_MAX_LENGTH} characters`),
});

/** Older pages: the comments after this one in the list's order (created_at, then id, newest first; decision 0021). */
export const commentListQuerySchema = z.object({ before: idSchema.optional() });

export const commentReplySchema = z.object({ data: commentSchema });
export const commentListReplySchema = z.object({ data: z.array(commentSchema) });
