import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Place } from '@planns/shared/geocoding/geocoding.schemas';
import { useSearchPlaces } from '../../../api/geocoding/search-places.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { Icon } from '../../../components/icon.tsx';

/** Waits this long after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 250;

type AddressValue = { address: string; lat: number | null; lng: number | null };

type AddressAutocompleteProps = {
  label: string;
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  error?: string | null;
};

/**
 * The address: free text, with suggestions from the geocoding search; picking one fills the
 * address and its coordinates, typing again clears the coordinates (a WAI-ARIA combobox).
 */
export function AddressAutocomplete({ label, value, onChange, error }: AddressAutocompleteProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(value.lat === null ? value.address : ''), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value.address, value.lat]);

  const search = useSearchPlaces(query, i18n.language);
  const places = isOpen && query !== '' ? (search.data ?? []) : [];
  const isExpanded = places.length > 0;

  function pick(place: Place) {
    onChange({ address: place.label, lat: place.lat, lng: place.lng });
    setIsOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!isExpanded) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % places.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? places.length - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0 && places[active]) {
      event.preventDefault();
      pick(places[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setIsOpen(false);
    }
  }

  return (
    <div className="field autocomplete">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="autocomplete__control">
        <input
          id={id}
          className="input autocomplete__input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listId}
          aria-activedescendant={isExpanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          value={value.address}
          onChange={(event) => {
            onChange({ address: event.target.value, lat: null, lng: null });
            setIsOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => window.setTimeout(() => setIsOpen(false), 150)}
        />
        {value.lat !== null ? <Icon name="check" size={20} className="autocomplete__check" /> : null}
      </div>
      <ul id={listId} role="listbox" className="autocomplete__list" hidden={!isExpanded} aria-label={label}>
        {places.map((place, index) => (
          <li
            key={place.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="autocomplete__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(place)}
          >
            <Icon name="pin" size={18} />
            <span>{place.label}</span>
          </li>
        ))}
      </ul>
      <p className="field__hint">{value.lat !== null ? t('eventForm.location.placeFound') : t('eventForm.location.addressHint')}</p>
      <FormMessage message={error} />
    </div>
  );
}
