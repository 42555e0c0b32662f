import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_SEARCH_MAX_LENGTH } from '@planns/shared/events/events.rules';
import { Icon } from '../../../components/icon.tsx';
import { eventFiltersStore, useEventFilters } from './event-filters.ts';

/** The list reloads this long after the last keystroke (events §2: 'reloads when the search text changes'). */
export const SEARCH_DEBOUNCE_MS = 300;

function commitSearch(text: string): void {
  eventFiltersStore.set((current) => (current.search === text ? current : { ...current, search: text }));
}

/** The search field the header's magnifier reveals under the header. */
export function EventsSearchBar({ autoFocus }: { autoFocus: boolean }) {
  const { t } = useTranslation();
  const committed = useEventFilters().search;
  const [text, setText] = useState(committed);
  // 'Clear filters' (or anything else) may change the search from outside: the field follows.
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    if (committed !== text) setText(committed);
  }
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => commitSearch(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  return (
    <form
      id="events-search"
      role="search"
      className="events-search"
      onSubmit={(event) => {
        event.preventDefault();
        commitSearch(text);
        inputRef.current?.blur();
      }}
    >
      <Icon name="search" size={20} className="events-search__icon" />
      <input
        ref={inputRef}
        className="input events-search__input"
        type="search"
        enterKeyHint="search"
        value={text}
        maxLength={EVENT_SEARCH_MAX_LENGTH}
        placeholder={t('eventsList.searchPlaceholder')}
        aria-label={t('eventsList.search')}
        onChange={(event) => setText(event.target.value)}
      />
      {text ? (
        <button
          type="button"
          className="icon-button icon-button--small events-search__clear"
          aria-label={t('eventsList.clearSearch')}
          onClick={() => {
            setText('');
            commitSearch('');
            inputRef.current?.focus();
          }}
        >
          <Icon name="close" size={18} />
        </button>
      ) : null}
    </form>
  );
}
