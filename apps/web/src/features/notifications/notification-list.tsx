import type { ReactNode } from 'react';
import type { Notification } from '@planns/shared/notifications/notifications.schemas';
import { Icon } from '../../components/icon.tsx';
import { NotificationItem } from './notification-item.tsx';

type NotificationListProps = {
  notifications: readonly Notification[];
  isNew: (notification: Notification) => boolean;
  empty: { title: string; text?: string };
  onOpen?: () => void;
  label: string;
};

/** A list of notifications, newest first, or a friendly empty state. */
export function NotificationList({ notifications, isNew, empty, onOpen, label }: NotificationListProps): ReactNode {
  if (notifications.length === 0) {
    return (
      <div className="empty-state notifications__empty">
        <span className="empty-state__icon">
          <Icon name="bell" size={30} />
        </span>
        <p className="empty-state__title">{empty.title}</p>
        {empty.text ? <p className="state-screen__text">{empty.text}</p> : null}
      </div>
    );
  }
  return (
    <ul className="notifications__list" aria-label={label}>
      {notifications.map((n) => (
        <NotificationItem key={n.id} notification={n} isNew={isNew(n)} {...(onOpen ? { onOpen } : {})} />
      ))}
    </ul>
  );
}
