import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { countUnread, useNotifications } from '../../api/notifications/list-notifications.ts';
import { useMarkNotificationsViewed } from '../../api/notifications/mark-notifications-viewed.ts';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryFallback } from '../../components/query-fallback.tsx';
import { SignedInContent } from '../../components/signed-in-content.tsx';
import { NotificationList } from './notification-list.tsx';
import './notifications.css';

type Tab = 'unread' | 'viewed';

function SettingsLink() {
  const { t } = useTranslation();
  return (
    <Link to="/notification_settings" className="icon-button" aria-label={t('notifications.openSettings')}>
      <Icon name="settings" />
    </Link>
  );
}

function NotificationTabs({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useNotifications(userId);
  const markViewed = useMarkNotificationsViewed(userId);
  const [tab, setTab] = useState<Tab>('unread');

  if (query.isPending || query.isError) {
    return <QueryFallback isError={query.isError} error={query.error} onRetry={() => void query.refetch()} />;
  }

  const unread = query.data.filter((n) => n.viewed_at === null);
  const viewed = query.data.filter((n) => n.viewed_at !== null);
  const unreadCount = countUnread(query.data);
  return (
    <Tabs.Root className="notifications-tabs" value={tab} onValueChange={(value) => setTab(value === 'viewed' ? 'viewed' : 'unread')}>
      <Tabs.List className="notifications-tabs__list" aria-label={t('notifications.title')}>
        <Tabs.Trigger className="notifications-tabs__tab" value="unread">
          {t('notifications.tabs.unread')}
          {unreadCount > 0 ? <span className="notifications-tabs__count">{unreadCount}</span> : null}
        </Tabs.Trigger>
        <Tabs.Trigger className="notifications-tabs__tab" value="viewed">
          {t('notifications.tabs.viewed')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content className="notifications-tabs__panel" value="unread">
        {unread.length > 0 ? (
          <div className="notifications-tabs__actions">
            <button type="button" className="link-button" disabled={markViewed.isPending} onClick={() => markViewed.mutate()}>
              <Icon name="check" size={18} />
              {t('notifications.markAllViewed')}
            </button>
          </div>
        ) : null}
        <NotificationList
          notifications={unread}
          isNew={() => true}
          empty={{ title: t('notifications.emptyUnread'), text: t('notifications.emptyUnreadText') }}
          label={t('notifications.tabs.unread')}
        />
      </Tabs.Content>
      <Tabs.Content className="notifications-tabs__panel" value="viewed">
        <NotificationList
          notifications={viewed}
          isNew={() => false}
          empty={{ title: t('notifications.emptyViewed') }}
          label={t('notifications.tabs.viewed')}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/**
 * /notifications (accounts §2): Unread and Viewed tabs. Every action is shown, as in the bell's
 * panel (the old page showed only comments). Opening this page does not mark anything viewed;
 * 'Mark all as read' does, as the bell's panel does on opening.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const signedOut = { icon: <Icon name="bell" size={32} />, text: t('notifications.signedOut'), signInLabel: t('notifications.signIn') };
  return (
    <div className="notifications-screen">
      <PageHeader title={t('notifications.title')} actions={user ? <SettingsLink /> : null} />
      <SignedInContent signedOut={signedOut}>{(user) => <NotificationTabs key={user.id} userId={user.id} />}</SignedInContent>
    </div>
  );
}
