import { NotificationsScreen } from '../../features/notifications/notifications-screen.tsx';

/** /notifications: Unread and Viewed tabs. */
export function NotificationsRoute() {
  return <NotificationsScreen />;
}
