import { NotificationSettingsPage } from '../../features/notifications/notification-settings-page.tsx';

/** /notification_settings: a switch per notification setting. */
export function NotificationSettingsRoute() {
  return <NotificationSettingsPage />;
}
