import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventReplySchema, type Event, type EventBodyInput } from '@planns/shared/events/events.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from './get-event.ts';

export type UpdateEventInput = { id: number; body: EventBodyInput };

/** PUT /api/events/{id} (owner or moderator) with the same compiled body as create. */
export async function updateEvent({ id, body }: UpdateEventInput): Promise<Event> {
  const reply = await apiRequest(`/api/events/${id}`, { method: 'PUT', body, schema: eventReplySchema });
  return reply.data;
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['events', 'update'],
    mutationFn: updateEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
  });
}
