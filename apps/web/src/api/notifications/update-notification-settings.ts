import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationSettingsReplySchema,
  type NotificationSetting,
} from '@planns/shared/notifications/notifications.schemas';
import type { NotificationSettingKey } from '@planns/shared/notifications/notifications.rules';
import { apiRequest } from '../../lib/api-client.ts';
import { notificationSettingsQueryKey } from './get-notification-settings.ts';

export type NotificationSettingChange = { key: NotificationSettingKey; value: boolean };

/** PUT /api/notification-settings: only the given keys change; the reply is the whole list. */
export async function updateNotificationSettings(changes: readonly NotificationSettingChange[]): Promise<NotificationSetting[]> {
  const reply = await apiRequest('/api/notification-settings', {
    method: 'PUT',
    body: { notification_settings: changes },
    schema: notificationSettingsReplySchema,
  });
  return reply.data.notification_settings;
}

/** The list with one switch changed. */
export function withSetting(list: readonly NotificationSetting[], change: NotificationSettingChange): NotificationSetting[] {
  return list.map((s) => (s.key === change.key ? { ...s, value: change.value } : s));
}

const mutationKey = ['notifications', 'settings', 'update'] as const;

/**
 * One switch, saved as it changes: it flips at once, a failure flips it back. The server's list
 * is taken only from the last of several quick changes, so an earlier reply never undoes a later
 * switch.
 */
export function useUpdateNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: (change: NotificationSettingChange) => updateNotificationSettings([change]),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsQueryKey });
      queryClient.setQueryData<NotificationSetting[]>(notificationSettingsQueryKey, (list) => (list ? withSetting(list, change) : list));
    },
    onSuccess: (list) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(notificationSettingsQueryKey, list);
    },
    onError: (_error, change) =>
      queryClient.setQueryData<NotificationSetting[]>(notificationSettingsQueryKey, (list) =>
        list ? withSetting(list, { key: change.key, value: !change.value }) : list,
      ),
  });
}
