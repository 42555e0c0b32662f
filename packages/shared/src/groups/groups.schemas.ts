import { z } from 'zod';
import { groupRefSchema, userSchema } from '../users/users.schemas.ts';

/** POST user/join-group (accounts §7): the group invite of a shared link, processed after login. */
export const joinGroupBodySchema = z.object({ group_id: z.coerce.number().int().positive().max(2_147_483_647) });
export const joinGroupReplySchema = z.object({ data: z.object({ user: userSchema, current_group: groupRefSchema }) });
