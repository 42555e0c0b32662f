import { z } from 'zod';
import { idSchema } from '../input/ids.schemas.ts';

/*
 * The google calendar provider (issue 19, decision 0043): the event page's block, the connection
 * window and the calls that add an event to, or remove it from, the person's Google Calendar.
 */

/** POST google-calendar/add-event {id}. */
export const googleCalendarAddBodySchema = z.object({ id: idSchema });
export const googleCalendarEventParamsSchema = z.object({ eventId: idSchema });

/** GET google/callback: what Google sends back (other parameters it adds are ignored). */
export const googleCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/** The block's state for one event: the connected account's email (null: not connected) and whether the event is in its calendar. */
export const googleCalendarStatusSchema = z.object({
  email: z.string().nullable(),
  has_google_calendar: z.boolean(),
});
export const googleCalendarStatusReplySchema = z.object({ data: googleCalendarStatusSchema });
export type GoogleCalendarStatus = z.infer<typeof googleCalendarStatusSchema>;

export const GOOGLE_CALENDAR_MESSAGES = {
  notConfigured: 'Google Calendar is not set up on this server (CALENDAR_PROVIDER is not google)',
  notConnected: 'Connect your Google Calendar first',
  connectionEnded: 'Your Google Calendar connection has ended; connect it again',
  unavailable: 'Google Calendar could not be reached; try again later',
  removedEvent: 'This event was deleted by a moderator',
  notInCalendar: 'This event is not in your Google Calendar',
  /** accounts §8 success notices. */
  added: 'Event added to Google Calendar successfully',
  deleted: 'Event deleted from Google Calendar successfully',
} as const;
