import { z } from 'zod';
import { idArraySchema } from '../input/ids.schemas.ts';

/** POST events/{id}/share {users}: friends to invite (events §7). */
export const shareBodySchema = z.object({
  users: idArraySchema(100).min(1, 'Choose at least one friend'),
});
export const shareReplySchema = z.object({ data: z.object({ invited: z.array(z.number().int()) }) });

export const SHARE_MESSAGES = {
  onlyFriends: 'You can share only with your friends',
  notAllowed: 'Only the organisers can share this event',
} as const;
