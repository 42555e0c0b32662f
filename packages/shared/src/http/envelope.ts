import { z } from 'zod';

/** Every success reply is `{ data: X }` (docs/decisions/0003-response-envelopes.md). */
export const envelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const okSchema = z.object({ data: z.object({ ok: z.literal(true) }) });
