import { z } from 'zod';
import { idArraySchema } from '../input/ids.schemas.ts';
import { RSVP_NOTE_MAX_LENGTH } from './rsvp.rules.ts';

const boolish = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const note = z
  .string()
  .trim()
  .max(RSVP_NOTE_MAX_LENGTH, `At most ${RSVP_NOTE_MAX_LENGTH} characters`)
  .nullable()
  .optional()
  .transform((v) => v ?? '');

/** POST events/{id}/join (events §3 Join payload): going, or maybe with `maybe`. */
export const joinBodySchema = z.object({
  maybe: boolish.optional().transform((v) => v ?? false),
  /** Ids of the caller's own companions who come along. */
  companions: idArraySchema(50).default([]),
  note,
  /** With CALENDAR_PROVIDER=google and a connected account: the event is added to the person's Google Calendar (decision 0043). */
  use_google_calendar: boolish.optional(),
});
export type JoinBody = z.output<typeof joinBodySchema>;

/** POST events/{id}/reject (events §3 Reject payload). */
export const rejectBodySchema = z.object({ note });
export type RejectBody = z.output<typeof rejectBodySchema>;
