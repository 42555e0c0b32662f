/**
 * GET /api/events/{id}/calendar: the event as an .ics file (RFC 5545) for whoever may see its page.
 * Not fetched by script: the page links to it, and the browser downloads it with the session
 * cookie (a private event's file goes only to those who may see the event).
 */
export function eventCalendarFileUrl(eventId: number): string {
  return `/api/events/${eventId}/calendar`;
}
