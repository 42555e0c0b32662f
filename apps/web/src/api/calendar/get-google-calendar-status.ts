import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GoogleCalendarStatus } from '@planns/shared/calendar/google-calendar.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** Loaded with the call, not with the page: the event page's first load evaluates no zod (decision 0014). */
const replySchema = () => import('@planns/shared/calendar/google-calendar.schemas').then((m) => m.googleCalendarStatusReplySchema);

export const googleCalendarQueryKey = ['calendar', 'google'] as const;
export const googleCalendarStatusQueryKey = (eventId: number) => [...googleCalendarQueryKey, 'event', eventId] as const;

/** GET /api/google-calendar/event/{eventId}: the connected Google account's email (null: none) and whether the event is in its calendar. */
export async function getGoogleCalendarStatus(eventId: number, signal?: AbortSignal): Promise<GoogleCalendarStatus> {
  const reply = await apiRequest(`/api/google-calendar/event/${eventId}`, { schema: replySchema, signal });
  return reply.data;
}

export const googleCalendarStatusQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: googleCalendarStatusQueryKey(eventId), queryFn: ({ signal }) => getGoogleCalendarStatus(eventId, signal) });

export function useGoogleCalendarStatus(eventId: number, enabled: boolean) {
  return useQuery({ ...googleCalendarStatusQueryOptions(eventId), enabled });
}
