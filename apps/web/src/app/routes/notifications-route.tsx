import { NotificationsPage } from '../../features/notifications/notifications-page.tsx';

/** /notifications: Unread and Viewed tabs. */
export function NotificationsRoute() {
  return <NotificationsPage />;
}
