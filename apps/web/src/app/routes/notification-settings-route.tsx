import { NotificationSettingsScreen } from '../../features/notification-settings/notification-settings-screen.tsx';

/** /notification_settings: a switch per notification setting. */
export function NotificationSettingsRoute() {
  return <NotificationSettingsScreen />;
}
