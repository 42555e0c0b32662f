import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { countUnread, notificationsQueryKey, useNotifications } from '../../api/notifications/list-notifications.ts';
import { useLiveNotifications } from '../../lib/realtime.ts';
import { Icon } from '../../components/icon.tsx';
import { loadScreenTexts } from '../../lib/i18n.ts';
import './notification-bell.css';

/** The panel and its texts arrive on the first tap. */
const NotificationsPanel = lazy(() =>
  Promise.all([import('./notifications-panel.tsx'), loadScreenTexts()]).then(([module]) => ({
    default: module.NotificationsPanel,
  })),
);

/**
 * What else a pushed notification changes: an invitation opens an event to this person (a page
 * showing "not found" for it, the lists, My plans' pending tab); an accepted request changes the
 * friends lists. The keys are the roots of api/events and api/friends, written out so that this
 * chunk does not load those modules (and their schemas).
 */
function staleAfter(notification: unknown): (readonly string[])[] {
  const action = (notification as { data?: { action?: unknown } } | null)?.data?.action;
  if (action === 'event_shared') return [['events']];
  if (action === 'friend_accepted' || action === 'friend_request') return [['friends'], ['profile']];
  return [];
}

/**
 * The header's bell (accounts §2, signed in only): the count of unviewed notifications from the
 * list, asked again every minute. Itself a lazy chunk of the header, so signed-out visitors never
 * load it; opening it shows the panel, which marks everything viewed (the count goes at once).
 */
export function NotificationBell({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const { data } = useNotifications(userId);
  const queryClient = useQueryClient();
  // A notification pushed on user_notifications-{id} refreshes the list (and so the count) at once.
  useLiveNotifications(userId, (notification) => {
    void queryClient.invalidateQueries({ queryKey: notificationsQueryKey(userId) });
    for (const queryKey of staleAfter(notification)) void queryClient.invalidateQueries({ queryKey });
  });
  const count = isOpen ? 0 : countUnread(data);
  return (
    <>
      <button
        type="button"
        className="icon-button app-header__tool"
        aria-label={count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.title')}
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
      >
        <Icon name="bell" size={22} />
        {count > 0 ? (
          <span className="notification-bell__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <NotificationsPanel userId={userId} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
