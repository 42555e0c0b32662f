import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@planns/shared/http/envelope';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from './get-event.ts';

/** DELETE /api/events/{id}: the owner removes the event. */
export async function deleteEvent(id: number): Promise<void> {
  await apiRequest(`/api/events/${id}`, { method: 'DELETE', schema: okSchema });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['events', 'delete'],
    mutationFn: deleteEvent,
    // The page that showed the event is left right away; refetching it now would only 404.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsRootQueryKey, refetchType: 'none' }),
  });
}
