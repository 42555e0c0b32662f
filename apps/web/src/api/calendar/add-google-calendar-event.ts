import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoogleCalendarStatus } from '@planns/shared/calendar/google-calendar.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { googleCalendarStatusQueryKey } from './get-google-calendar-status.ts';

/** Loaded with the call, not with the page: the event page's first load evaluates no zod (decision 0014). */
const replySchema = () => import('@planns/shared/calendar/google-calendar.schemas').then((m) => m.googleCalendarStatusReplySchema);

/** POST /api/google-calendar/add-event {id}: the event into the connected account's primary calendar (or brought up to date there). */
export async function addGoogleCalendarEvent(eventId: number): Promise<GoogleCalendarStatus> {
  const reply = await apiRequest('/api/google-calendar/add-event', { method: 'POST', body: { id: eventId }, schema: replySchema });
  return reply.data;
}

export function useAddGoogleCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar', 'google', 'add'],
    mutationFn: addGoogleCalendarEvent,
    onSuccess: (status, eventId) => queryClient.setQueryData(googleCalendarStatusQueryKey(eventId), status),
  });
}
