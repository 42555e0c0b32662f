/*
 * The google calendar provider's constants the web app's event page reads (no zod here: the page's
 * first load evaluates none, decision 0014). Decision 0043.
 */

/** The connection window (accounts §9: 500x600). */
export const GOOGLE_AUTH_WINDOW = { width: 500, height: 600 } as const;
/** How long the page waits for the window's answer (accounts §9: 60 tries of 2000 ms). */
export const GOOGLE_AUTH_TIMEOUT_MS = 60 * 2000;
/** The message the connection window sends its page (postMessage to the app's own origin, and a BroadcastChannel of that name). */
export const GOOGLE_CALENDAR_MESSAGE_TYPE = 'planns:google-calendar';

/** What the window tells the page: the account's email, never a token. */
export type GoogleCalendarWindowMessage =
  | { type: typeof GOOGLE_CALENDAR_MESSAGE_TYPE; status: 'connected'; email: string }
  | { type: typeof GOOGLE_CALENDAR_MESSAGE_TYPE; status: 'error'; reason: string };
