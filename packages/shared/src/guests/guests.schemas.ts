import { z } from 'zod';
import { companionSchema } from '../companions/companions.schemas.ts';
import { RSVP_STATUSES } from '../rsvp/rsvp.rules.ts';
import { publicUserSchema } from '../users/users.schemas.ts';

/** One row of the guest list (events §2 Report panel and guest list). */
export const guestSchema = z
  .object({
    user: publicUserSchema,
    status: z.enum(RSVP_STATUSES),
    companions_amount: z.number().int(),
    companions: z.array(companionSchema),
    note: z.string(),
    updated_at: z.string(),
    /** The guest's valid tickets for the event, and how many were used (events §2: organiser only). */
    tickets: z.object({ sold: z.number().int(), used: z.number().int() }),
  })
  .meta({ id: 'Guest' });
export type Guest = z.infer<typeof guestSchema>;

/** The owner's guest list: everyone who answered, and the counts with companions. */
export const guestListReplySchema = z.object({
  data: z.object({
    guests: z.array(guestSchema),
    /** People plus their companions, per status. */
    counts: z.object({ going: z.number().int(), maybe: z.number().int(), rejected: z.number().int() }),
    /** The guest list's header (events §2): tickets sold and tickets used, for the whole event. */
    tickets: z.object({ sold: z.number().int(), used: z.number().int() }),
  }),
});
/** GET events/{id}/export: the guest list as plain text (the spec appends it to the share text). */
export const exportReplySchema = z.object({ data: z.string() });
