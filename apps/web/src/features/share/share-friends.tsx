import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { useFriends } from '../../api/friends/list-friends.ts';
import { useShareEvent } from '../../api/share/share-event.ts';
import { Avatar } from '../../components/avatar.tsx';
import { Icon } from '../../components/icon.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { showNotice } from '../../lib/notice.ts';
import { matchesName } from './share-text.ts';

type ShareFriendsProps = { event: Event; onBack: () => void; onShared: () => void };

/**
 * Share with Friends (events §2): the user's friends, searchable, several chosen at once, sent
 * with DONE (POST events/{id}/share): each gets a notification and an invitation to the event.
 */
export function ShareFriends({ event, onBack, onShared }: ShareFriendsProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const errorMessage = useErrorMessage();
  const friends = useFriends();
  const share = useShareEvent();
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const invited = useMemo(() => new Set(event.attendee_invites.map((person) => person.id)), [event.attendee_invites]);
  const shown = useMemo(() => (friends.data ?? []).filter((friend) => matchesName(friend.name, text)), [friends.data, text]);

  function toggle(id: number) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function done() {
    share.mutate(
      { id: event.id, users: [...selected] },
      {
        onSuccess: () => {
          showNotice({ title: t('share.shared') });
          onShared();
        },
      },
    );
  }

  let failure: string | null = null;
  if (share.isError) {
    const error = share.error;
    if (isApiError(error) && error.status === 403) failure = t('share.errors.notAllowed');
    else if (isApiError(error) && error.status === 422) failure = t('share.errors.onlyFriends');
    else failure = errorMessage(error);
  }

  let list;
  if (friends.isPending) {
    list = <Spinner />;
  } else if (friends.isError) {
    list = (
      <div className="sheet__state" role="alert">
        <p>{t('share.friendsFailed')}</p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void friends.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (shown.length === 0) {
    list = <p className="sheet__state">{t('share.empty')}</p>;
  } else {
    list = (
      <ul className="share-friends__list" aria-label={t('share.friendsList')}>
        {shown.map((friend) => {
          const isSelected = selected.has(friend.id);
          return (
            <li key={friend.id}>
              <button
                type="button"
                className="share-friend"
                aria-pressed={isSelected}
                disabled={share.isPending}
                onClick={() => toggle(friend.id)}
              >
                <Avatar src={friend.avatar_s ?? friend.avatar} name={friend.name} size={40} />
                <span className="share-friend__name" dir="auto">
                  {friend.name || t('share.noName')}
                  {invited.has(friend.id) ? <span className="share-friend__invited">{t('share.invited')}</span> : null}
                </span>
                <span className={isSelected ? 'share-friend__check share-friend__check--on' : 'share-friend__check'} aria-hidden="true">
                  {isSelected ? <Icon name="check" size={18} /> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="share-friends">
      <button type="button" className="link-button share-friends__back" onClick={onBack}>
        <Icon name="back" size={18} />
        {t('share.back')}
      </button>
      <div className="field">
        <label className="field__label" htmlFor={searchId}>
          {t('share.searchFriends')}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={text}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="share-friends__results">{list}</div>
      {failure ? (
        <p className="form-message form-message--error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="share-friends__footer">
        <span className="share-friends__count" aria-live="polite">
          {selected.size > 0 ? t('share.selected', { count: selected.size }) : ''}
        </span>
        <button type="button" className="btn btn--primary" disabled={selected.size === 0 || share.isPending} onClick={done}>
          {share.isPending ? t('share.sending') : t('share.done')}
        </button>
      </div>
    </div>
  );
}
