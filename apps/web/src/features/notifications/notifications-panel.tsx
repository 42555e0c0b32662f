import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@planns/shared/notifications/notifications.schemas';
import { notificationsQueryKey, useNotifications } from '../../api/notifications/list-notifications.ts';
import { useMarkNotificationsViewed } from '../../api/notifications/mark-notifications-viewed.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { NotificationList } from './notification-list.tsx';
import './notifications.css';

type NotificationsPanelProps = { userId: number; onClose: () => void };

/**
 * The bell's panel (accounts §2): every notification, newest first. Opening it marks them all
 * viewed at once, even if the server call fails (accounts §4), once the list is in; the ones that
 * were unread keep a dot and a tint while the panel is open. Mounted only while open.
 */
export function NotificationsPanel({ userId, onClose }: NotificationsPanelProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const query = useNotifications(userId);
  // The unread ones as the list first arrives (from the cache, or once fetched when the panel is
  // the first to ask): only then are they all marked viewed, so the dots mark what was new.
  const unreadOf = (list: readonly Notification[]) => new Set(list.filter((n) => n.viewed_at === null).map((n) => n.id));
  const [unreadAtOpen, setUnreadAtOpen] = useState<ReadonlySet<number> | null>(() => {
    const cached = queryClient.getQueryData<Notification[]>(notificationsQueryKey(userId));
    return cached ? unreadOf(cached) : null;
  });
  if (unreadAtOpen === null && query.data) setUnreadAtOpen(unreadOf(query.data));
  const { mutate: markViewed } = useMarkNotificationsViewed(userId);
  const isReadyToMark = unreadAtOpen !== null || query.isError;
  useEffect(() => {
    if (isReadyToMark) markViewed();
  }, [isReadyToMark, markViewed]);

  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())} title={t('notifications.title')} size="full">
      <div className="notifications-panel">
        {query.isPending ? (
          <div className="route-loading">
            <Spinner />
          </div>
        ) : query.isError ? (
          <div className="state-screen">
            <FormMessage message={errorMessage(query.error)} />
            <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <NotificationList
            notifications={query.data}
            isNew={(n) => unreadAtOpen?.has(n.id) ?? false}
            empty={{ title: t('notifications.empty'), text: t('notifications.emptyText') }}
            onOpen={onClose}
            label={t('notifications.title')}
          />
        )}
        <div className="notifications-panel__footer">
          <Link to="/notifications" className="btn btn--secondary btn--small" onClick={onClose}>
            {t('notifications.seeAll')}
          </Link>
          <Link to="/notification_settings" className="btn btn--ghost btn--small" onClick={onClose}>
            <Icon name="settings" size={18} />
            {t('notifications.openSettings')}
          </Link>
        </div>
      </div>
    </Sheet>
  );
}
