import { z } from 'zod';
import { ID_LIST_MAX, ID_LIST_MESSAGE, ID_MAX, ID_MESSAGE, parseId } from './ids.rules.ts';

/** An id as a number, or as the digits of one (paths and query strings arrive as text). */
const idInput = z.union([z.number(), z.string().trim().regex(/^\d{1,16}$/)], { error: ID_MESSAGE });

/** The one id schema for paths, query strings and bodies. */
export const idSchema = idInput
  .transform(Number)
  .pipe(z.number().int(ID_MESSAGE).min(1, ID_MESSAGE).max(ID_MAX, ID_MESSAGE));

/**
 * A list of ids: `1,2,3`, a repeated parameter (`users=1&users=2`) or a JSON array; duplicates
 * removed, at most `max` ids.
 */
export const idListSchema = (max: number = ID_LIST_MAX) =>
  z
    .union([z.string().max(max * 18), z.array(z.union([z.string().max(18), z.number()])).max(max)], { error: ID_LIST_MESSAGE })
    .transform((v, ctx) => {
      const parts = Array.isArray(v) ? v.map(String) : v.split(',');
      const ids: number[] = [];
      for (const raw of parts) {
        const part = raw.trim();
        if (part === '') continue;
        const n = parseId(part);
        if (n === null) {
          ctx.addIssue({ code: 'custom', message: ID_LIST_MESSAGE });
          return z.NEVER;
        }
        ids.push(n);
      }
      if (ids.length > max) {
        ctx.addIssue({ code: 'custom', message: `At most ${max} ids` });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });

/** An array of ids in a JSON body (companions, categories, friends to share with). */
export const idArraySchema = (max: number) => z.array(idSchema).max(max, `At most ${max}`);

/** `/things/:id`. */
export const idParamsSchema = z.object({ id: idSchema });
