import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RelatedUser } from '@planns/shared/friends/friends.schemas';
import { friendshipActions, type FriendshipAction } from '../../api/friends/relationship-state.ts';
import { canSearchPeople, useSearchPeople } from '../../api/friends/search-people.ts';
import { useRelationshipActions } from '../../api/friends/use-relationship-actions.ts';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PersonRow } from '../../components/person-row.tsx';
import { SignedOutScreen } from '../../components/sign-in-prompt.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import './user-search-page.css';

/** The search waits this long after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_MAX_LENGTH = 100;

/** The statuses shown under a name, by relationship. */
function statusKey(person: RelatedUser) {
  if (person.is_friend) return 'friends.status.friends' as const;
  if (person.has_request) return 'friends.status.wantsToBeFriends' as const;
  if (person.request_sent_by_me) return 'friends.status.requestSent' as const;
  return null;
}

/**
 * /user-search (accounts §2): people by name, searched only past two characters once the typing
 * settles; each result carries the friendship action its flags allow. The text is kept in the
 * address (?name=) so coming back from a profile shows the same results.
 */
export function UserSearchPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const [text, setText] = useState(() => searchParams.get('name') ?? '');
  const name = useDebounced(text, SEARCH_DEBOUNCE_MS).trim();
  const query = useSearchPeople(name, { enabled: Boolean(user) });
  const actions = useRelationshipActions();
  const errorMessage = useErrorMessage();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const isSearching = canSearchPeople(name);

  useEffect(() => {
    setSearchParams(name ? { name } : {}, { replace: true });
  }, [name, setSearchParams]);

  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, [user]);

  if (!user) {
    const signedOut = { icon: <Icon name="search" size={32} />, text: t('userSearch.signedOut'), signInLabel: t('userSearch.signIn') };
    return <SignedOutScreen className="user-search" title={t('userSearch.title')} isLoading={isLoading} signedOut={signedOut} />;
  }

  const results = isSearching ? query.data : undefined;

  return (
    <div className="user-search">
      <PageHeader title={t('userSearch.title')} />
      <form role="search" className="user-search__form" onSubmit={(event) => event.preventDefault()}>
        <Icon name="search" size={20} className="user-search__icon" />
        <input
          ref={inputRef}
          className="input user-search__input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('userSearch.placeholder')}
          aria-label={t('userSearch.label')}
          aria-describedby={hintId}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      <p id={hintId} className={isSearching ? 'visually-hidden' : 'user-search__hint'}>
        {t('userSearch.hint')}
      </p>

      {isSearching && query.isError ? (
        <div className="state-screen state-screen--inline" role="alert">
          <p className="state-screen__text">
            {t('userSearch.loadFailed')}: {errorMessage(query.error)}
          </p>
          <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}

      {isSearching && query.isPending ? (
        <div className="user-search__loading">
          <Spinner label={t('userSearch.searching')} />
        </div>
      ) : null}

      {results && results.length === 0 ? (
        <p className="user-search__empty" role="status">
          {t('userSearch.empty')}
        </p>
      ) : null}

      {results && results.length > 0 ? (
        <section aria-label={t('userSearch.results')}>
          <ul className={query.isPlaceholderData ? 'user-search__list user-search__list--stale' : 'user-search__list'}>
            {results.map((person) => {
              const status = statusKey(person);
              return (
                <PersonRow key={person.id} person={person} note={status ? t(status) : undefined}>
                  {friendshipActions(person).map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={isPrimary(action) ? 'btn btn--primary btn--small' : 'btn btn--secondary btn--small'}
                      disabled={actions.isBusy(person.id) || query.isPlaceholderData}
                      onClick={() => actions.run(action, person)}
                    >
                      {t(`friends.actions.${action}`)}
                    </button>
                  ))}
                </PersonRow>
              );
            })}
          </ul>
        </section>
      ) : null}
      <ConfirmDialog {...actions.confirm} />
    </div>
  );
}

function isPrimary(action: FriendshipAction): boolean {
  return action === 'add' || action === 'accept';
}
