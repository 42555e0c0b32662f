import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventReplySchema, type Event } from '@planns/shared/events/events.schemas';
import type { RejectBody } from '@planns/shared/rsvp/rsvp.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { setAnsweredEvent } from './join-event.ts';

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
