import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GEOCODE_RESULTS_MAX } from '@planns/shared/geocoding/geocoding.schemas';
import { normalizeName, type GazetteerCity } from './gazetteer-index.ts';
import { OfflineGeocodingProvider } from './offline-geocoding.ts';

const limit = GEOCODE_RESULTS_MAX;
const BARCELONA = 'geonames:3128760';
const PLACA_CATALUNYA = { lat: 41.387, lng: 2.1701 };

function city(cityId: number, name: string, country: string, lat: number, lng: number, population: number, featureCode = 'PPL'): GazetteerCity {
  return { cityId, name, country, featureCode, adminCode: '', population, loc: { coordinates: [lng, lat] } };
}

describe('normalizeName', () => {
  it('folds case, accents, punctuation and letters that do not decompose', () => {
    expect(normalizeName('São Paulo')).toBe('sao paulo');
    expect(normalizeName('ZÜRICH')).toBe('zurich');
    expect(normalizeName("Saint-Étienne")).toBe('saint etienne');
    expect(normalizeName("L'Hospitalet de Llobregat")).toBe('l hospitalet de llobregat');
    expect(normalizeName('Łódź')).toBe('lodz');
    expect(normalizeName('Tromsø')).toBe('tromso');
    expect(normalizeName('Gießen')).toBe('giessen');
    expect(normalizeName('  İzmir ')).toBe('izmir');
  });
});

describe('OfflineGeocodingProvider on a small gazetteer', () => {
  const rows = [
    city(1, 'Springfield', 'US', 39.80, -89.64, 116_000),
    city(2, 'Old Town', 'US', 39.81, -89.65, 100, 'PPLH'),
    city(3, 'Downtown', 'US', 39.801, -89.641, 5_000, 'PPLX'),
  ];

  it('reads the gazetteer on first use only, once for concurrent calls', async () => {
    const loadCities = vi.fn(() => rows);
    const provider = new OfflineGeocodingProvider({ loadCities });
    expect(loadCities).not.toHaveBeenCalled();
    expect(provider.isLoaded).toBe(false);
    await Promise.all([provider.search('spring', { limit }), provider.reverse(39.8, -89.64, {}), provider.search('down', { limit })]);
    await provider.search('springfield', { limit });
    expect(loadCities).toHaveBeenCalledTimes(1);
    expect(provider.isLoaded).toBe(true);
  });

  it('reads it again on the next call when reading failed', async () => {
    const loadCities = vi.fn<() => GazetteerCity[]>().mockImplementationOnce(() => {
      throw new Error('disk error');
    });
    loadCities.mockImplementation(() => rows);
    const provider = new OfflineGeocodingProvider({ loadCities });
    await expect(provider.search('spring', { limit })).rejects.toThrow('disk error');
    expect((await provider.search('spring', { limit }))[0]?.name).toBe('Springfield');
  });

  it('skips historical places; finds a section of a city by name but reverse-geocodes to the city', async () => {
    const provider = new OfflineGeocodingProvider({ loadCities: () => rows });
    expect(await provider.search('old town', { limit })).toEqual([]);
    expect((await provider.search('downtown', { limit })).map((p) => p.id)).toEqual(['geonames:3']);
    expect((await provider.reverse(39.801, -89.641, {}))?.id).toBe('geonames:1');
  });

  it('lists a label once: of several villages of one name in one country, the most populous', async () => {
    const provider = new OfflineGeocodingProvider({
      loadCities: () => [
        city(20, 'Barcelona', 'ES', 41.39, 2.17, 1_600_000),
        ...[1, 2, 3, 4].map((i) => city(20 + i, 'Barcelona', 'PH', 12 + i, 124, 1_000 * i)),
        city(30, 'Barcelona', 'VE', 10.1, -64.7, 400_000),
      ],
    });
    const found = await provider.search('barcelona', { limit });
    expect(found.map((place) => place.label)).toEqual(['Barcelona, Spain', 'Barcelona, Venezuela', 'Barcelona, Philippines']);
    expect(found[2]!.id).toBe('geonames:24');
    expect((await provider.search('barcelona', { limit: 2 })).map((place) => place.id)).toEqual(['geonames:20', 'geonames:30']);
  });

  it('answers nothing for a blank query or a zero limit', async () => {
    const provider = new OfflineGeocodingProvider({ loadCities: () => rows });
    expect(await provider.search(' , ', { limit })).toEqual([]);
    expect(await provider.search('spring', { limit: 0 })).toEqual([]);
  });

  it('looks across the antimeridian and near the poles', async () => {
    const provider = new OfflineGeocodingProvider({
      loadCities: () => [city(10, 'East Edge', 'FJ', -16.5, 179.9, 1_000), city(11, 'Polar Base', 'AQ', -89.8, 30, 200)],
    });
    // 179.9 E and 179.9 W are 21 km apart.
    expect((await provider.reverse(-16.5, -179.9, {}))?.name).toBe('East Edge');
    expect(await provider.reverse(-16.5, -179.0, {})).toBeNull();
    // 44 km from the base, on the other side of the pole.
    expect((await provider.reverse(-89.8, -150, {}))?.name).toBe('Polar Base');
  });

  it('honours a smaller reverse distance', async () => {
    const provider = new OfflineGeocodingProvider({ loadCities: () => rows, maxReverseKm: 5 });
    // About 11 km north of Springfield.
    expect(await provider.reverse(39.9, -89.64, {})).toBeNull();
    expect((await provider.reverse(39.82, -89.64, {}))?.name).toBe('Springfield');
  });
});

describe('OfflineGeocodingProvider on the packaged gazetteer', () => {
  const provider = new OfflineGeocodingProvider();
  // Reading and indexing the package takes about a second (several on a busy machine).
  beforeAll(async () => {
    await provider.search('warm up', { limit: 1 });
  }, 60_000);

  const first = async (q: string, lang?: string) => (await provider.search(q, { limit, lang }))[0];

  it("finds Barcelona first for 'barcel'", async () => {
    const places = await provider.search('barcel', { limit });
    expect(places.length).toBeGreaterThan(3);
    expect(places.length).toBeLessThanOrEqual(limit);
    expect(places[0]).toEqual({
      id: BARCELONA,
      label: 'Barcelona, Spain',
      name: 'Barcelona',
      country: 'Spain',
      lat: expect.closeTo(41.389, 2),
      lng: expect.closeTo(2.159, 2),
    });
    // Smaller namesakes follow, bigger first.
    expect(places.slice(1).map((p) => p.label)).toContain('Barcelona, Venezuela');
  });

  it("finds São Paulo for 'sao paulo' and for a word inside the name", async () => {
    expect(await first('sao paulo')).toMatchObject({ name: 'São Paulo', country: 'Brazil' });
    expect(await first('SÃO PAULO')).toMatchObject({ name: 'São Paulo' });
    expect(await first('paulo')).toMatchObject({ name: 'São Paulo' });
  });

  it("finds Zürich for 'Zürich' and for 'zurich'", async () => {
    const accented = await first('Zürich');
    expect(accented).toMatchObject({ name: 'Zürich', country: 'Switzerland' });
    expect((await first('zurich'))?.id).toBe(accented?.id);
  });

  it('puts an exact name before longer names of bigger cities, and a big city before small namesakes', async () => {
    expect(await first('york')).toMatchObject({ name: 'York', country: 'United Kingdom' });
    expect(await first('paris')).toMatchObject({ name: 'Paris', country: 'France' });
    expect(await first('new york')).toMatchObject({ name: 'New York City', label: 'New York City, NY, United States' });
  });

  it('matches inside a name when prefixes find too little', async () => {
    expect((await first('celona'))?.id).toBe(BARCELONA);
  });

  it("narrows by country with 'City, Country' (name, code or its start) and by US state", async () => {
    expect(await first('barcelona, venezuela')).toMatchObject({ name: 'Barcelona', country: 'Venezuela' });
    expect(await first('Barcelona, Spa')).toMatchObject({ id: BARCELONA });
    expect(await first('barcelona, es')).toMatchObject({ id: BARCELONA });
    expect(await first('paris, tx')).toMatchObject({ label: 'Paris, TX, United States' });
    expect(await first('york, usa')).toMatchObject({ country: 'United States' });
    // Without a comma, when the whole text matches no city.
    expect(await first('paris france')).toMatchObject({ name: 'Paris', country: 'France' });
    // A label it answered finds the same place again.
    expect((await first('Portland, OR, United States'))?.label).toBe('Portland, OR, United States');
  });

  it('answers an empty list for text that names no city', async () => {
    expect(await provider.search('qqxqzv', { limit })).toEqual([]);
  });

  it('reverse-geocodes the centre of Barcelona to Barcelona', async () => {
    const place = await provider.reverse(PLACA_CATALUNYA.lat, PLACA_CATALUNYA.lng, {});
    expect(place).toMatchObject({ id: BARCELONA, label: 'Barcelona, Spain' });
  });

  it('names the big city around a point rather than the small town whose point is nearer', async () => {
    // Times Square: Weehawken, NJ is nearer to it than New York City's point in lower Manhattan.
    expect(await provider.reverse(40.758, -73.9855, {})).toMatchObject({ name: 'New York City' });
    // L'Hospitalet's centre stays L'Hospitalet, although Barcelona is big and 6 km away.
    expect(await provider.reverse(41.3597, 2.1003, {})).toMatchObject({ name: "L'Hospitalet de Llobregat" });
  });

  it('answers null in the middle of the ocean and near the pole', async () => {
    expect(await provider.reverse(0, -30, {})).toBeNull();
    expect(await provider.reverse(-45, -120, {})).toBeNull();
    expect(await provider.reverse(89.9, 0, {})).toBeNull();
  });

  it('names countries in the requested language', async () => {
    expect(await first('barcel', 'he')).toMatchObject({ id: BARCELONA, country: 'ספרד', label: 'Barcelona, ספרד' });
    expect(await provider.reverse(35.6895, 139.6917, { lang: 'ja' })).toMatchObject({ name: 'Tokyo', country: '日本', label: 'Tokyo, 日本' });
    expect(await first('barcel', 'es')).toMatchObject({ country: 'España' });
    // and matches the country typed in that language
    expect(await first('barcelona, ספרד', 'he')).toMatchObject({ id: BARCELONA });
    expect(await first('barcelona, espana', 'es')).toMatchObject({ id: BARCELONA });
  });

  it('falls back to English for an unusable language tag', async () => {
    expect(await first('barcel', 'x!')).toMatchObject({ country: 'Spain' });
  });

  it('answers a search within a few milliseconds once loaded', async () => {
    const started = performance.now();
    for (const q of ['ba', 'sa', 'barcel', 'sao paulo', 'celona', 'paris france']) await provider.search(q, { limit });
    for (let i = 0; i < 100; i++) await provider.reverse(40 + i / 10, i / 5, {});
    // Generous for a busy CI machine; measured at about 15 ms in all.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
