import { z } from 'zod';

/*
 * Calendars (issue 19, decision 0039): the event's .ics download and each person's private
 * subscription feed of their plans.
 */

/** The secret in a feed address: 32 random bytes, base64url (43 characters). */
export const CALENDAR_FEED_TOKEN_LENGTH = 43;
/** How long a calendar app (and any cache on the way) may keep the feed before fetching it again. */
export const CALENDAR_FEED_MAX_AGE_SECONDS = 900;
/** Feed fetches per minute from one address (calendar apps fetch every few minutes at most). */
export const CALENDAR_FEED_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/** The feed keeps events that ended up to this many days ago, and every event still to come. */
export const CALENDAR_FEED_PAST_DAYS = 90;
/** At most this many events in one feed (the soonest first after the past ones). */
export const CALENDAR_FEED_MAX_EVENTS = 500;

export const CALENDAR_PROVIDERS = ['ics', 'google'] as const;

/** A feed address's last segment: the token and '.ics'. */
export const CALENDAR_FEED_FILE_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${CALENDAR_FEED_TOKEN_LENGTH}}\\.ics$`);

/**
 * GET calendar/feed/{token}.ics: the token is the only credential. Any text is taken, and every
 * address that is not a live feed's (malformed, unknown, reset) is the same 404.
 */
export const calendarFeedParamsSchema = z.object({ token: z.string().max(100) });

/** GET calendar/feed: whether the signed-in person has a feed address (the address itself is shown once). */
export const calendarFeedStatusSchema = z.object({
  provider: z.enum(CALENDAR_PROVIDERS),
  has_feed: z.boolean(),
  created_at: z.string().nullable(),
  fetched_at: z.string().nullable(),
});
export const calendarFeedStatusReplySchema = z.object({ data: calendarFeedStatusSchema });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST calendar/feed: a new address (the old one stops answering), shown this once. */
export const calendarFeedLinkSchema = z.object({
  url: z.string().startsWith('http'),
  webcal_url: z.string().startsWith('webcal://'),
  created_at: z.string(),
});
export const calendarFeedLinkReplySchema = z.object({ data: calendarFeedLinkSchema });
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;

export const CALENDAR_MESSAGES = {
  feedNotFound: 'No such calendar feed',
} as const;
