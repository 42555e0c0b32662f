import { z } from 'zod';
import type { Place } from '@planns/shared/geocoding/geocoding.schemas';
import { geocodingUnavailable, type GeocodeReverseOptions, type GeocodeSearchOptions, type GeocodingProvider } from './geocoding-provider.ts';

export const GOOGLE_GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';

export interface GoogleGeocodingOptions {
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const googleResultSchema = z.object({
  place_id: z.string(),
  formatted_address: z.string(),
  types: z.array(z.string()).default([]),
  address_components: z.array(z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) })).default([]),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
});
type GoogleResult = z.infer<typeof googleResultSchema>;

const googleReplySchema = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  results: z.array(googleResultSchema).default([]),
});

/** Result types that name a city, best first: a reverse lookup answers the city, like the offline gazetteer. */
const CITY_TYPES = ['locality', 'postal_town', 'administrative_area_level_3', 'administrative_area_level_2'];

export function toPlace(result: GoogleResult): Place {
  const component = (type: string) => result.address_components.find((c) => c.types.includes(type));
  // The component of the result's own kind ('locality' for a city), else the address's first part.
  const own = result.address_components.find((c) => c.types.some((t) => result.types.includes(t)));
  const name = own?.long_name ?? result.formatted_address.split(',')[0]!.trim();
  return {
    id: `google:${result.place_id}`,
    label: result.formatted_address,
    name,
    country: component('country')?.long_name ?? '',
    lat: result.geometry.location.lat,
    lng: result.geometry.location.lng,
  };
}

/** The Google Geocoding API: `address=` to search, `latlng=` to reverse. */
export class GoogleGeocodingProvider implements GeocodingProvider {
  readonly name = 'google' as const;
  private readonly opts: GoogleGeocodingOptions;
  private readonly fetchImpl: typeof fetch;

  constructor(opts: GoogleGeocodingOptions) {
    this.opts = opts;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  private async geocode(params: Record<string, string>, lang: string | undefined): Promise<GoogleResult[]> {
    const url = new URL(GOOGLE_GEOCODE_URL);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    if (lang) url.searchParams.set('language', lang);
    url.searchParams.set('key', this.opts.apiKey);
    // Errors name the parameters, never the URL: it carries the key.
    const what = Object.keys(params).join(',');
    let res: Response;
    try {
      res = await this.fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 8_000) });
    } catch (err) {
      throw geocodingUnavailable('google', `request (${what}) failed`, err);
    }
    if (!res.ok) throw geocodingUnavailable('google', `answered HTTP ${res.status} (${what})`);
    const parsed = googleReplySchema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw geocodingUnavailable('google', `unexpected reply (${what})`, parsed.error);
    const { status, error_message: message, results } = parsed.data;
    if (status === 'ZERO_RESULTS') return [];
    // OVER_QUERY_LIMIT, REQUEST_DENIED (a bad key), INVALID_REQUEST, UNKNOWN_ERROR ...
    if (status !== 'OK') throw geocodingUnavailable('google', `answered ${status}${message ? `: ${message}` : ''} (${what})`);
    return results;
  }

  async search(q: string, opts: GeocodeSearchOptions): Promise<Place[]> {
    const results = await this.geocode({ address: q }, opts.lang);
    return results.slice(0, opts.limit).map(toPlace);
  }

  async reverse(lat: number, lng: number, opts: GeocodeReverseOptions): Promise<Place | null> {
    const results = await this.geocode({ latlng: `${lat},${lng}` }, opts.lang);
    const city = CITY_TYPES.map((type) => results.find((r) => r.types.includes(type))).find(Boolean);
    const chosen = city ?? results[0];
    return chosen ? toPlace(chosen) : null;
  }
}
