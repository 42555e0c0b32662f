import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../api/users/get-current-user.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { requireLogin } from '../../../lib/login-prompt.ts';
import { CommunityTab, LikedTab, PendingTab, ProfileEventsTab } from '../../../features/events/my-events/my-events-tab-content.tsx';
import { MY_EVENTS_TABS, isMyEventsTab, readRememberedTab, rememberTab, toggleInactive, type MyEventsTab } from '../../../features/events/my-events/my-events-tabs.ts';
import './my-events-screen.css';

/**
 * My plans (/my-events, events §2): five tabs, joined, community, pending, mine and liked; the
 * tab is remembered. The community selection is this screen's state, so leaving the screen
 * resets it (the spec's "leaving resets the preset filter"); the events list's own filters are
 * never touched here.
 */
export function MyEventsScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const [tab, setTab] = useState<MyEventsTab>(readRememberedTab);
  const [inactive, setInactive] = useState<ReadonlySet<number>>(() => new Set());

  if (isLoading) {
    return (
      <div className="my-events__loading">
        <Spinner />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="my-events">
        <PageHeader title={t('myEvents.title')} />
        <div className="state-screen state-screen--inline">
          <p className="state-screen__text">{t('myEvents.signedOut')}</p>
          <button type="button" className="btn btn--primary" onClick={() => requireLogin({ name: 'open_my_plans' })}>
            {t('myEvents.signIn')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="my-events">
      <PageHeader title={t('myEvents.title')} />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          if (!isMyEventsTab(value)) return;
          rememberTab(value);
          setTab(value);
        }}
      >
        <Tabs.List className="my-events__tabs" aria-label={t('myEvents.tabsLabel')}>
          {MY_EVENTS_TABS.map((name) => (
            <Tabs.Trigger key={name} value={name} className="my-events__tab">
              {t(`myEvents.tabs.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="joined" className="my-events__panel">
          <ProfileEventsTab userId={user.id} kind="joined" />
        </Tabs.Content>
        <Tabs.Content value="community" className="my-events__panel">
          <CommunityTab inactive={inactive} onToggle={(id) => setInactive((current) => toggleInactive(current, id))} />
        </Tabs.Content>
        <Tabs.Content value="pending" className="my-events__panel">
          <PendingTab />
        </Tabs.Content>
        <Tabs.Content value="mine" className="my-events__panel">
          <ProfileEventsTab userId={user.id} kind="mine" />
        </Tabs.Content>
        <Tabs.Content value="liked" className="my-events__panel">
          <LikedTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
