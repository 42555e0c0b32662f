import { z } from 'zod';

/** POST events/{id}/share {users}: friends to invite (events §7). */
export const shareBodySchema = z.object({
  users: z.array(z.number().int().positive().max(2_147_483_647)).min(1, 'Choose at least one friend').max(100),
});
export const shareReplySchema = z.object({ data: z.object({ invited: z.array(z.number().int()) }) });

export const SHARE_MESSAGES = {
  onlyFriends: 'You can share only with your friends',
  notAllowed: 'Only the organisers can share this event',
} as const;
