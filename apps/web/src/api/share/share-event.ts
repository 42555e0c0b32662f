import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';

const shareReplySchema = () => import('@planns/shared/share/share.schemas').then((m) => m.shareReplySchema);

/**
 * POST /api/events/{id}/share {users}: invites these friends (a notification, and an invitation
 * that lets them see a private or friends event). Answers the ids invited. 403 when only the
 * organisers may share the event; 422 (field `users`) when someone is not a friend.
 */
export async function shareEvent(id: number, users: readonly number[]): Promise<number[]> {
  const reply = await apiRequest(`/api/events/${id}/share`, { method: 'POST', body: { users }, schema: shareReplySchema });
  return reply.data.invited;
}

/** Sharing changes the event's attendee_invites (seen by its owner): the event queries refresh. */
export function useShareEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['events', 'share'],
    mutationFn: ({ id, users }: { id: number; users: readonly number[] }) => shareEvent(id, users),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
  });
}
