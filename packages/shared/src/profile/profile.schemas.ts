import { z } from 'zod';
import { eventSchema } from '../events/events.schemas.ts';
import { publicUserSchema } from '../users/users.schemas.ts';

/** GET profile/{id} (accounts §2 Public profile): the person, friends, created and joined events. */
export const profileSchema = z
  .object({
    user: publicUserSchema,
    friends_count: z.number().int(),
    /** Up to 50, by name. */
    friends: z.array(publicUserSchema),
    /** Events this person created that the viewer may see, newest start first (up to 100). */
    created_events: z.array(eventSchema),
    /** Events this person is going to or may go to, that the viewer may see (up to 100). */
    joined_events: z.array(eventSchema),
    is_friend: z.boolean(),
    request_sent_by_me: z.boolean(),
    has_request: z.boolean(),
    request_id: z.number().int().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;
export const profileReplySchema = z.object({ data: profileSchema });
