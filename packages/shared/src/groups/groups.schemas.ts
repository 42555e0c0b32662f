import { z } from 'zod';
import { idSchema } from '../input/ids.schemas.ts';
import { groupRefSchema, userSchema } from '../users/users.schemas.ts';

/** POST user/join-group (accounts §7): the group invite of a shared link, processed after login. */
export const joinGroupBodySchema = z.object({ group_id: idSchema });
export const joinGroupReplySchema = z.object({ data: z.object({ user: userSchema, current_group: groupRefSchema }) });
