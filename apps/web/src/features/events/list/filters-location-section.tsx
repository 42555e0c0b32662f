import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISTANCE_MAX_KM, DISTANCE_STEP_KM, distanceLabel } from '@planns/shared/events/events.rules';
import { reverseGeocodeQueryOptions } from '../../../api/geocoding/reverse-geocode.ts';
import { canSearchPlaces, useSearchPlaces } from '../../../api/geocoding/search-places.ts';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { clearLocation, hasLocation, setDistance, setLocation, type EventFilters } from './event-filters.ts';
import { isPositionFailure, requestPosition } from './geolocation.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';

type LocationSectionProps = {
  filters: EventFilters;
  onChange: (update: (current: EventFilters) => EventFilters) => void;
};

/** The four geolocation messages of events §8 ('allow' is added when the user refused). */
type GeoMessage = 'denied' | 'unavailable' | 'noResult' | 'failed' | null;

const PLACE_SEARCH_DEBOUNCE_MS = 300;


/**
 * Location filter: a place from the geocoding search, or the device's position (asked as soon as
 * the panel opens when no place is chosen yet), and the 0-100 km radius in steps of 5.
 */
export function FiltersLocationSection({ filters, onChange }: LocationSectionProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { location } = filters;
  const isPlaced = hasLocation(location);
  const [text, setText] = useState('');
  const [isLocating, setIsLocating] = useState(false);
  const [message, setMessage] = useState<GeoMessage>(null);
  const query = useDebounced(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const language = i18n.language;

  const queryClient = useQueryClient();
  const places = useSearchPlaces(isPlaced ? '' : query, language);

  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  /** `quiet`: the attempt made on opening, which nobody asked for, says nothing when it fails. */
  const locate = useCallback(
    async (isCancelled: () => boolean = () => false, quiet = false) => {
      setIsLocating(true);
      setMessage(null);
      try {
        const position = await requestPosition();
        if (isCancelled()) return;
        let label: string | null = null;
        try {
          const place = await queryClient.fetchQuery(reverseGeocodeQueryOptions(position, language));
          if (place) label = place.label;
          else if (!quiet) setMessage('noResult');
        } catch {
          if (!quiet) setMessage('failed');
        }
        if (isCancelled()) return;
        latest.current((current) => setLocation(current, { ...position, label }));
      } catch (reason) {
        if (!isCancelled() && !quiet) setMessage(isPositionFailure(reason) ? reason : 'unavailable');
      } finally {
        if (!isCancelled()) setIsLocating(false);
      }
    },
    [language, queryClient],
  );

  // Opening the filters asks for the position when no place is chosen yet (events §2); if that
  // fails (refused, no position) nothing is said until the person asks for it themselves: a red
  // message before they did anything read as their mistake.
  const wasPlacedAtOpen = useRef(isPlaced);
  useEffect(() => {
    if (wasPlacedAtOpen.current) return;
    let cancelled = false;
    void locate(() => cancelled, true);
    return () => {
      cancelled = true;
    };
  }, [locate]);

  const label = distanceLabel(location.distance);
  const distanceText =
    label.kind === 'any' ? t('filters.location.any') : label.kind === 'max' ? t('filters.location.max') : t('filters.location.km', { km: label.km });
  const results = places.data ?? [];

  return (
    <section className="filters__section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="filters__title">
        {t('filters.location.title')}
      </h3>

      {isPlaced ? (
        <div className="filters__place">
          <Icon name="pin" size={20} />
          <span className="filters__place-label">{location.label ?? t('filters.location.mine')}</span>
          <button
            type="button"
            className="icon-button icon-button--small"
            aria-label={t('filters.location.clear')}
            onClick={() => {
              setText('');
              onChange(clearLocation);
            }}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
      ) : (
        <div className="filters__place-search">
          <input
            className="input"
            type="search"
            value={text}
            placeholder={t('filters.location.search')}
            aria-label={t('filters.location.search')}
            // Names the list only while it is there (an IDREF to nothing is invalid ARIA).
            aria-controls={canSearchPlaces(query) ? `${id}-places` : undefined}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
          {canSearchPlaces(query) ? (
            <ul id={`${id}-places`} className="filters__places" aria-live="polite" aria-busy={places.isFetching}>
              {results.map((place) => (
                <li key={place.id}>
                  <button
                    type="button"
                    className="filters__place-option"
                    onClick={() => {
                      setMessage(null);
                      onChange((current) => setLocation(current, { lat: place.lat, lng: place.lng, label: place.label }));
                    }}
                  >
                    <Icon name="pin" size={18} />
                    <span>{place.label}</span>
                  </button>
                </li>
              ))}
              {places.isSuccess && results.length === 0 ? <li className="filters__hint">{t('filters.location.noPlaces')}</li> : null}
            </ul>
          ) : null}
        </div>
      )}

      <button type="button" className="link-button filters__mine" disabled={isLocating} onClick={() => void locate()}>
        {isLocating ? <Spinner size="small" /> : <Icon name="directions" size={18} />}
        {t('filters.location.useMine')}
      </button>
      {message ? (
        <p className={message === 'noResult' ? 'form-message form-message--info' : 'form-message form-message--error'} role="alert">
          {message === 'noResult' ? t('filters.geo.noResult') : message === 'failed' ? t('filters.geo.failed') : t('filters.geo.denied')}
          {message === 'denied' ? <span className="filters__geo-hint">{t('filters.geo.allow')}</span> : null}
        </p>
      ) : null}

      <div className="filters__distance">
        <label htmlFor={`${id}-distance`} className="field__label">
          {t('filters.location.distance')}
        </label>
        <output htmlFor={`${id}-distance`} className="filters__distance-value">
          {distanceText}
        </output>
        <input
          id={`${id}-distance`}
          className="filters__range"
          type="range"
          min={0}
          max={DISTANCE_MAX_KM}
          step={DISTANCE_STEP_KM}
          value={location.distance}
          disabled={!isPlaced}
          aria-valuetext={distanceText}
          aria-describedby={isPlaced ? undefined : `${id}-distance-hint`}
          style={{ '--range-fill': `${(location.distance / DISTANCE_MAX_KM) * 100}%` } as CSSProperties}
          onChange={(event) => {
            const distance = Number(event.target.value);
            onChange((current) => setDistance(current, distance));
          }}
        />
        {isPlaced ? null : (
          <p id={`${id}-distance-hint`} className="filters__hint">
            {t('filters.location.needsPlace')}
          </p>
        )}
      </div>
    </section>
  );
}
