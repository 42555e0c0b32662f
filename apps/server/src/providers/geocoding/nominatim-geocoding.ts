import { z } from 'zod';
import type { Place } from '@planns/shared/geocoding/geocoding.schemas';
import { geocodingUnavailable, type GeocodeReverseOptions, type GeocodeSearchOptions, type GeocodingProvider } from './geocoding-provider.ts';

export interface NominatimOptions {
  /** The server, e.g. https://nominatim.openstreetmap.org or a self-hosted one. */
  baseUrl: string;
  /** Nominatim's usage policy asks every application to name itself. */
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const nominatimPlaceSchema = z.object({
  place_id: z.number().optional(),
  osm_type: z.string().optional(),
  osm_id: z.number().optional(),
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  name: z.string().optional(),
  display_name: z.string(),
  address: z.record(z.string(), z.string()).optional(),
});
type NominatimPlace = z.infer<typeof nominatimPlaceSchema>;

const searchReplySchema = z.array(nominatimPlaceSchema);
/** Reverse answers a place, or {error: 'Unable to geocode'} where there is nothing. */
const reverseReplySchema = z.union([nominatimPlaceSchema, z.object({ error: z.string() })]);

const LOCALITY_KEYS = ['city', 'town', 'village', 'municipality', 'hamlet'] as const;
const REGION_KEYS = ['state', 'province', 'region', 'county'] as const;

function first(address: Record<string, string> | undefined, keys: readonly string[]): string | undefined {
  for (const key of keys) if (address?.[key]) return address[key];
  return undefined;
}

/** 'Sagrada Família, Barcelona, Catalonia, Spain' from Nominatim's address parts (its display_name is much longer). */
export function toPlace(item: NominatimPlace): Place {
  const segments = item.display_name.split(',').map((s) => s.trim());
  const name = item.name || first(item.address, LOCALITY_KEYS) || segments[0] || item.display_name;
  const country = item.address?.country ?? segments.at(-1) ?? '';
  const parts: string[] = [];
  for (const part of [name, first(item.address, LOCALITY_KEYS), first(item.address, REGION_KEYS), country]) {
    if (part && !parts.some((p) => p.toLowerCase() === part.toLowerCase())) parts.push(part);
  }
  const id = item.osm_type && item.osm_id !== undefined ? `osm:${item.osm_type}/${item.osm_id}` : `nominatim:${item.place_id ?? `${item.lat},${item.lon}`}`;
  return { id, label: parts.join(', '), name, country, lat: item.lat, lng: item.lon };
}

/** OpenStreetMap Nominatim (search and reverse, JSON v2). One request per second is the public server's rule: the operator's concern. */
export class NominatimGeocodingProvider implements GeocodingProvider {
  readonly name = 'nominatim' as const;
  private readonly opts: NominatimOptions;
  private readonly fetchImpl: typeof fetch;

  constructor(opts: NominatimOptions) {
    this.opts = opts;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  private async get<S extends z.ZodType>(path: string, params: Record<string, string>, lang: string | undefined, schema: S): Promise<z.infer<S>> {
    const url = new URL(path, this.opts.baseUrl.endsWith('/') ? this.opts.baseUrl : `${this.opts.baseUrl}/`);
    for (const [key, value] of Object.entries({ ...params, format: 'jsonv2', addressdetails: '1' })) url.searchParams.set(key, value);
    if (lang) url.searchParams.set('accept-language', lang);
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        headers: { 'user-agent': this.opts.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 8_000),
      });
    } catch (err) {
      throw geocodingUnavailable('nominatim', `request to ${url.pathname} failed`, err);
    }
    if (!res.ok) throw geocodingUnavailable('nominatim', `answered ${res.status} to ${url.pathname}`);
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw geocodingUnavailable('nominatim', `unexpected reply from ${url.pathname}`, parsed.error);
    return parsed.data;
  }

  async search(q: string, opts: GeocodeSearchOptions): Promise<Place[]> {
    const items = await this.get('search', { q, limit: String(opts.limit) }, opts.lang, searchReplySchema);
    return items.slice(0, opts.limit).map(toPlace);
  }

  async reverse(lat: number, lng: number, opts: GeocodeReverseOptions): Promise<Place | null> {
    // zoom 10 asks for the city, like the offline gazetteer answers.
    const item = await this.get('reverse', { lat: String(lat), lon: String(lng), zoom: '10' }, opts.lang, reverseReplySchema);
    return 'error' in item ? null : toPlace(item);
  }
}
