import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event } from '@planns/shared/events/events.schemas';
import type { RejectBody } from '@planns/shared/rsvp/rsvp.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { setAnsweredEvent } from './join-event.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const eventReplySchema = () => import('@planns/shared/events/events.schemas').then((m) => m.eventReplySchema);

export type RejectEventInput = { eventId: number; body: RejectBody };

/** POST /api/events/{id}/reject {note}: not going (companions dropped); answers the updated event. */
export async function rejectEvent({ eventId, body }: RejectEventInput): Promise<Event> {
  const reply = await apiRequest(`/api/events/${eventId}/reject`, { method: 'POST', body, schema: eventReplySchema });
  return reply.data;
}

export function useRejectEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rsvp', 'reject'],
    mutationFn: rejectEvent,
    onSuccess: (event) => setAnsweredEvent(queryClient, event),
  });
}
