import { z } from 'zod';
import { COMPANION_NAME_MAX_LENGTH, COMPANION_TYPES } from './companions.rules.ts';

export const companionSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    type: z.enum(COMPANION_TYPES),
  })
  .meta({ id: 'Companion' });
export type Companion = z.infer<typeof companionSchema>;

const namePart = z.string().trim().max(COMPANION_NAME_MAX_LENGTH).nullable().optional().transform((v) => v ?? '');

export const companionBodySchema = z
  .object({
    first_name: namePart,
    last_name: namePart,
    type: z.enum(COMPANION_TYPES, { message: 'Choose a type' }),
  })
  .superRefine((v, ctx) => {
    if (v.first_name === '' && v.last_name === '') {
      ctx.addIssue({ code: 'custom', path: ['first_name'], message: 'Enter a first or last name' });
    }
  });

export const companionReplySchema = z.object({ data: companionSchema });
export const companionListReplySchema = z.object({ data: z.array(companionSchema) });
