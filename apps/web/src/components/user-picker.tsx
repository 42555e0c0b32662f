import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { canSearchUsers, useSearchUsers } from '../api/users/search-users.ts';
import { Avatar } from './avatar.tsx';
import { Icon } from './icon.tsx';
import { Spinner } from './spinner.tsx';
import './user-picker.css';
import { useDebounced } from '../lib/use-debounced.ts';

/** Waits this long after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 300;


type UserPickerProps = {
  label: string;
  onPick: (user: PublicUser) => void;
  /** The user currently chosen, marked in the results. */
  selectedId?: number | null;
  disabled?: boolean;
  autoFocus?: boolean;
};

/**
 * Finds a person by name (GET users/search, only past two characters: events §5) and hands the
 * one tapped to `onPick`. Used by the event form's owner picker and the switch-owner sheet.
 */
export function UserPicker({ label, onPick, selectedId = null, disabled = false, autoFocus = false }: UserPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const query = useDebounced(name, SEARCH_DEBOUNCE_MS);
  const search = useSearchUsers(query);
  const isActive = canSearchUsers(query);
  const results = isActive ? (search.data ?? []) : [];

  return (
    <div className="user-picker">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="input"
          type="search"
          value={name}
          autoComplete="off"
          enterKeyHint="search"
          disabled={disabled}
          autoFocus={autoFocus}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setName(event.target.value)}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('eventForm.userSearch.hint')}
        </p>
      </div>
      {isActive && search.isFetching && results.length === 0 ? <Spinner size="small" /> : null}
      {isActive && !search.isFetching && search.isSuccess && results.length === 0 ? (
        <p className="user-picker__empty">{t('eventForm.userSearch.empty')}</p>
      ) : null}
      {search.isError ? <p className="form-message form-message--error">{t('errors.unknown')}</p> : null}
      {results.length > 0 ? (
        <ul className="user-picker__list" aria-label={t('eventForm.userSearch.results')}>
          {results.map((user) => {
            const isSelected = user.id === selectedId;
            return (
              <li key={user.id}>
                <button
                  type="button"
                  className="user-picker__item"
                  aria-pressed={isSelected}
                  disabled={disabled}
                  onClick={() => onPick(user)}
                >
                  <Avatar src={user.avatar_s ?? user.avatar} name={user.name} size={36} />
                  <span className="user-picker__name">{user.name || t('eventForm.userSearch.noName')}</span>
                  {isSelected ? <Icon name="check" size={20} className="user-picker__check" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
