import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventReplySchema, type Event, type EventBodyInput } from '@planns/shared/events/events.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from './get-event.ts';

/** POST /api/events/create with the compiled event (also clones: clone_id + user_ownership). */
export async function createEvent(body: EventBodyInput): Promise<Event> {
  const reply = await apiRequest('/api/events/create', { method: 'POST', body, schema: eventReplySchema });
  return reply.data;
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['events', 'create'],
    mutationFn: createEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
  });
}
