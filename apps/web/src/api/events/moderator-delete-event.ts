import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@planns/shared/http/envelope';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from './get-event.ts';

/**
 * DELETE /api/events/moderator/{id}: the event is flagged deleted_by_moderator. It leaves every
 * list, and its page still opens with the 'deleted by moderator' banner.
 */
export async function moderatorDeleteEvent(id: number): Promise<void> {
  await apiRequest(`/api/events/moderator/${id}`, { method: 'DELETE', schema: okSchema });
}

export function useModeratorDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['events', 'moderator-delete'],
    mutationFn: moderatorDeleteEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
  });
}
