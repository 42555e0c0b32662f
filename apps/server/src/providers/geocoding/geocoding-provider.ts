import type { Place } from '@planns/shared/geocoding/geocoding.schemas';
import { AppError } from '../../http/app-error.ts';

export interface GeocodeSearchOptions {
  /** Preferred language of the labels (en, es, ja, he, ru, ca); a provider may ignore it. */
  lang?: string;
  /** At most this many places. */
  limit: number;
}

export interface GeocodeReverseOptions {
  lang?: string;
}

/**
 * Place search and reverse lookup (CONVENTIONS §6).
 * `offline` (default): a bundled world-cities gazetteer, city level, no network.
 * `nominatim`: an OpenStreetMap Nominatim server. `google`: the Google Geocoding API.
 * Adapters throw AppError('service_unavailable') when the outside service fails.
 */
export interface GeocodingProvider {
  readonly name: 'offline' | 'nominatim' | 'google';
  /** Places matching free text, best first. */
  search(q: string, opts: GeocodeSearchOptions): Promise<Place[]>;
  /** The place at (or nearest to) a point, or null when there is none. */
  reverse(lat: number, lng: number, opts: GeocodeReverseOptions): Promise<Place | null>;
}

/** The one error an adapter throws when its service times out, refuses or answers garbage. */
export function geocodingUnavailable(provider: string, detail: string, cause?: unknown): AppError {
  return new AppError('service_unavailable', 'Place search is unavailable right now. Please try again later', undefined, undefined, {
    cause: cause ?? new Error(`${provider}: ${detail}`),
  });
}
