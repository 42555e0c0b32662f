import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@planns/shared/notifications/notifications.schemas';
import { okSchema } from '@planns/shared/http/envelope';
import { apiRequest } from '../../lib/api-client.ts';
import { notificationsQueryKey, rememberViewed, withViewedHere } from './list-notifications.ts';

/** POST /api/user/notifications/view: every notification of the signed-in person becomes viewed. */
export async function markNotificationsViewed(): Promise<void> {
  await apiRequest('/api/user/notifications/view', { method: 'POST', schema: okSchema });
}

/**
 * Marks all viewed at once in the cache, then tells the server. A failed call keeps them viewed
 * here (accounts §4: opening marks all viewed even if the call fails); a success refetches so the
 * list carries the server's times.
 */
export function useMarkNotificationsViewed(userId: number) {
  const queryClient = useQueryClient();
  const queryKey = notificationsQueryKey(userId);
  return useMutation({
    mutationKey: ['notifications', 'view'],
    mutationFn: markNotificationsViewed,
    onMutate: () => {
      const list = queryClient.getQueryData<Notification[]>(queryKey) ?? [];
      rememberViewed(
        list.filter((n) => n.viewed_at === null).map((n) => n.id),
        new Date().toISOString(),
      );
      queryClient.setQueryData<Notification[]>(queryKey, (current) => (current ? withViewedHere(current) : current));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
    onError: (error) => console.warn('Could not mark the notifications viewed; they stay viewed here', error),
  });
}
