import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsReplySchema, type NotificationSetting } from '@planns/shared/notifications/notifications.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export const notificationSettingsQueryKey = ['notifications', 'settings'] as const;

/** GET /api/notification-settings: every setting (accounts §9) with the person's value. */
export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSetting[]> {
  const reply = await apiRequest('/api/notification-settings', { schema: notificationSettingsReplySchema, signal });
  return reply.data.notification_settings;
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: ({ signal }) => getNotificationSettings(signal) });

export function useNotificationSettings(options: { enabled: boolean }) {
  return useQuery({ ...notificationSettingsQueryOptions(), enabled: options.enabled });
}
