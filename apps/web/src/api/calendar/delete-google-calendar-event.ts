import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoogleCalendarStatus } from '@planns/shared/calendar/google-calendar.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { googleCalendarStatusQueryKey } from './get-google-calendar-status.ts';

/** Loaded with the call, not with the page: the event page's first load evaluates no zod (decision 0014). */
const replySchema = () => import('@planns/shared/calendar/google-calendar.schemas').then((m) => m.googleCalendarStatusReplySchema);

/** DELETE /api/google-calendar/event/{eventId}: the entry planns added is deleted from the calendar. */
export async function deleteGoogleCalendarEvent(eventId: number): Promise<GoogleCalendarStatus> {
  const reply = await apiRequest(`/api/google-calendar/event/${eventId}`, { method: 'DELETE', schema: replySchema });
  return reply.data;
}

export function useDeleteGoogleCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar', 'google', 'delete'],
    mutationFn: deleteGoogleCalendarEvent,
    onSuccess: (status, eventId) => queryClient.setQueryData(googleCalendarStatusQueryKey(eventId), status),
  });
}
