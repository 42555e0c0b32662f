import { z } from 'zod';
import { NOTIFICATION_ACTIONS, NOTIFICATION_SETTING_KEYS, NOTIFICATION_SETTING_TYPES } from './notifications.rules.ts';

const personRef = z.object({ id: z.number().int(), name: z.string().nullable(), avatar: z.string().nullable() });

/** accounts §3 Notification: viewed_at, created_at, data (action, author, user, target, comment, note). */
export const notificationSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    viewed_at: z.string().nullable(),
    data: z.object({
      action: z.enum(NOTIFICATION_ACTIONS),
      author: personRef.nullable(),
      /** The spec's `user`: the same person as author. */
      user: personRef.nullable(),
      /** The event it is about, when there is one. */
      target: z.object({ id: z.number().int(), hash: z.string(), name: z.string() }).nullable(),
      comment: z.string().nullable(),
      note: z.string().nullable(),
    }),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListReplySchema = z.object({ data: z.array(notificationSchema) });

export const notificationSettingSchema = z
  .object({ key: z.enum(NOTIFICATION_SETTING_KEYS), name: z.string(), value: z.boolean(), type: z.enum(NOTIFICATION_SETTING_TYPES) })
  .meta({ id: 'NotificationSetting' });
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

export const notificationSettingsReplySchema = z.object({ data: z.object({ notification_settings: z.array(notificationSettingSchema) }) });
/** PUT notification-settings {notification_settings}: the list (key and value count; names and types are ours). */
export const notificationSettingsBodySchema = z.object({
  notification_settings: z.array(z.object({ key: z.enum(NOTIFICATION_SETTING_KEYS), value: z.boolean() }).loose()).max(50),
});
