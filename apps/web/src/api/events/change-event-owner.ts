import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventReplySchema, type Event } from '@planns/shared/events/events.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from './get-event.ts';

export type ChangeEventOwnerInput = { eventId: number; userId: number };

/** POST /api/events/{id}/ownership {user_id} (moderators): answers the updated event. */
export async function changeEventOwner({ eventId, userId }: ChangeEventOwnerInput): Promise<Event> {
  const reply = await apiRequest(`/api/events/${eventId}/ownership`, {
    method: 'POST',
    body: { user_id: userId },
    schema: eventReplySchema,
  });
  return reply.data;
}

export function useChangeEventOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['events', 'ownership'],
    mutationFn: changeEventOwner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
  });
}
