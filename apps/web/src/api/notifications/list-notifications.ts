import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '@planns/shared/notifications/notifications.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** Loaded with the first request: the header's bell (in every page) must not pull zod in with it. */
const notificationListReplySchema = () =>
  import('@planns/shared/notifications/notifications.schemas').then((m) => m.notificationListReplySchema);

/** How often the bell asks again until live delivery (sockets) arrives. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsRootQueryKey = ['notifications'] as const;
/** One person's notifications: a sign-in as someone else never shows the previous person's list. */
export const notificationsQueryKey = (userId: number) => [...notificationsRootQueryKey, 'list', userId] as const;

/**
 * Notifications this page marked viewed itself (id -> when). Opening the notifications marks them
 * all viewed even if the server call fails (accounts §4), so a later poll must not bring them
 * back as unread; a reload trusts the server again.
 */
const viewedHere = new Map<number, string>();

export function rememberViewed(ids: readonly number[], at: string): void {
  for (const id of ids) if (!viewedHere.has(id)) viewedHere.set(id, at);
}

/** The list with the notifications marked viewed on this page shown as viewed. */
export function withViewedHere(list: readonly Notification[]): Notification[] {
  return list.map((n) => {
    const at = n.viewed_at === null ? viewedHere.get(n.id) : undefined;
    return at ? { ...n, viewed_at: at } : n;
  });
}

/** GET /api/user/notifications: the latest 100, newest first; viewed_at null means unread. */
export async function listNotifications(signal?: AbortSignal): Promise<Notification[]> {
  const reply = await apiRequest('/api/user/notifications', { schema: notificationListReplySchema, signal });
  return withViewedHere(reply.data);
}

export const notificationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: notificationsQueryKey(userId),
    queryFn: ({ signal }) => listNotifications(signal),
    staleTime: NOTIFICATIONS_POLL_MS / 2,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** The signed-in person's notifications, polled every minute. */
export function useNotifications(userId: number) {
  return useQuery(notificationsQueryOptions(userId));
}

export function countUnread(list: readonly Notification[] | undefined): number {
  return list?.filter((n) => n.viewed_at === null).length ?? 0;
}
