import { useState } from 'react';
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useFriendRequests } from '../../api/friends/list-friend-requests.ts';
import { useFriends } from '../../api/friends/list-friends.ts';
import { useRelationshipActions, type RelationshipAction, type RelationshipTarget } from '../../api/friends/use-relationship-actions.ts';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PersonRow } from '../../components/person-row.tsx';
import { SignedOutScreen } from '../../components/sign-in-prompt.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { isFriendsTab, readRememberedTab, rememberTab, type FriendsTab } from './friends-tabs.ts';
import './friends-page.css';

type Run = (action: RelationshipAction, person: RelationshipTarget) => void;

/**
 * /friends (accounts §2): My Friends (each with Unfriend) and Friend Requests (received ones with
 * Accept and Decline under 'Requests', sent ones with Cancel request under 'My requests'); the
 * tab is remembered; a button goes to /user-search; a person opens their profile. The spec writes
 * those labels in capitals; they are in sentence case like every other button (decision 0037).
 */
export function FriendsPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const [tab, setTab] = useState<FriendsTab>(readRememberedTab);
  const actions = useRelationshipActions();
  const requests = useFriendRequests({ enabled: Boolean(user) });
  const receivedCount = requests.data?.received.length ?? 0;

  const findButton = (
    <Link to="/user-search" className="btn btn--secondary btn--small">
      <Icon name="search" size={18} />
      {t('friends.findFriends')}
    </Link>
  );

  if (!user) {
    const signedOut = { icon: <Icon name="users" size={32} />, text: t('friends.signedOut'), signInLabel: t('friends.signIn') };
    return <SignedOutScreen className="friends" title={t('friends.title')} isLoading={isLoading} signedOut={signedOut} />;
  }

  return (
    <div className="friends">
      <PageHeader title={t('friends.title')} actions={findButton} />
      <Tabs.Root
        className="friends__tabs"
        value={tab}
        onValueChange={(value) => {
          if (!isFriendsTab(value)) return;
          rememberTab(value);
          setTab(value);
        }}
      >
        <Tabs.List className="friends__tab-list" aria-label={t('friends.tabsLabel')}>
          <Tabs.Trigger value="friends" className="friends__tab">
            {t('friends.tabs.friends')}
          </Tabs.Trigger>
          <Tabs.Trigger value="requests" className="friends__tab">
            {t('friends.tabs.requests')}
            {receivedCount > 0 ? <span className="friends__badge">{receivedCount}</span> : null}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="friends" className="friends__panel">
          <FriendsTabPanel run={actions.run} isBusy={actions.isBusy} />
        </Tabs.Content>
        <Tabs.Content value="requests" className="friends__panel">
          <RequestsTabPanel run={actions.run} isBusy={actions.isBusy} />
        </Tabs.Content>
      </Tabs.Root>
      <ConfirmDialog {...actions.confirm} />
    </div>
  );
}

function LoadState({ isError, error, text, onRetry }: { isError: boolean; error: unknown; text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  if (!isError) {
    return (
      <div className="friends__loading">
        <Spinner />
      </div>
    );
  }
  return (
    <div className="state-screen state-screen--inline" role="alert">
      <p className="state-screen__text">
        {text}: {errorMessage(error)}
      </p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

function FriendsTabPanel({ run, isBusy }: { run: Run; isBusy: (id: number) => boolean }) {
  const { t } = useTranslation();
  const query = useFriends();
  if (query.isPending || query.isError) {
    return <LoadState isError={query.isError} error={query.error} text={t('friends.loadFailed')} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return (
      <div className="empty-state">
        <span className="empty-state__icon">
          <Icon name="users" size={32} />
        </span>
        <p className="empty-state__title">{t('friends.noFriends')}</p>
        <p className="state-screen__text">{t('friends.noFriendsHint')}</p>
        <Link to="/user-search" className="btn btn--primary">
          {t('friends.findFriends')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="friends__list">
      {query.data.map((friend) => (
        <PersonRow key={friend.id} person={friend}>
          <button type="button" className="btn btn--secondary btn--small" disabled={isBusy(friend.id)} onClick={() => run('unfriend', friend)}>
            {t('friends.actions.unfriend')}
          </button>
        </PersonRow>
      ))}
    </ul>
  );
}

function RequestsTabPanel({ run, isBusy }: { run: Run; isBusy: (id: number) => boolean }) {
  const { t } = useTranslation();
  const query = useFriendRequests();
  if (query.isPending || query.isError) {
    return <LoadState isError={query.isError} error={query.error} text={t('friends.requestsLoadFailed')} onRetry={() => void query.refetch()} />;
  }
  const { received, sent } = query.data;
  if (received.length === 0 && sent.length === 0) {
    return (
      <div className="empty-state">
        <span className="empty-state__icon">
          <Icon name="users" size={32} />
        </span>
        <p className="empty-state__title">{t('friends.noRequests')}</p>
        <Link to="/user-search" className="btn btn--primary">
          {t('friends.findFriends')}
        </Link>
      </div>
    );
  }
  return (
    <>
      {received.length > 0 ? (
        <section className="friends__section" aria-labelledby="friends-received">
          <h2 id="friends-received" className="section-title">
            {t('friends.received')}
          </h2>
          <ul className="friends__list">
            {received.map((request) => {
              const person = { ...request.user, avatar_s: null, request_id: request.id };
              return (
                <PersonRow key={request.id} person={person} note={t('friends.status.wantsToBeFriends')}>
                  <button type="button" className="btn btn--primary btn--small" disabled={isBusy(person.id)} onClick={() => run('accept', person)}>
                    {t('friends.actions.accept')}
                  </button>
                  <button type="button" className="btn btn--secondary btn--small" disabled={isBusy(person.id)} onClick={() => run('decline', person)}>
                    {t('friends.actions.decline')}
                  </button>
                </PersonRow>
              );
            })}
          </ul>
        </section>
      ) : null}
      {sent.length > 0 ? (
        <section className="friends__section" aria-labelledby="friends-sent">
          <h2 id="friends-sent" className="section-title">
            {t('friends.sent')}
          </h2>
          <ul className="friends__list">
            {sent.map((request) => {
              const person = { ...request.friend, avatar_s: null, request_id: request.id };
              return (
                <PersonRow key={request.id} person={person} note={t('friends.status.requestSent')}>
                  <button type="button" className="btn btn--secondary btn--small" disabled={isBusy(person.id)} onClick={() => run('cancel', person)}>
                    {t('friends.actions.cancel')}
                  </button>
                </PersonRow>
              );
            })}
          </ul>
        </section>
      ) : null}
    </>
  );
}
