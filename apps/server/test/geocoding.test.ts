import { beforeAll, describe, expect, it } from 'vitest';
import { GEOCODE_QUERY_MIN_LENGTH, GEOCODE_RESULTS_MAX, type Place } from '@planns/shared/geocoding/geocoding.schemas';
import { GEOCODING_RATE_LIMIT } from '../src/modules/geocoding/geocoding.routes.ts';
import { geocodingUnavailable, type GeocodingProvider } from '../src/providers/geocoding/geocoding-provider.ts';
import { OfflineGeocodingProvider } from '../src/providers/geocoding/offline-geocoding.ts';
import { buildUser, createTestApp, nextIp, signIn } from './harness.ts';

/** The offline provider, or an outside service that is down while `isDown` is set. */
const offline = new OfflineGeocodingProvider();
let isDown = false;
const geocoding: GeocodingProvider = {
  name: 'offline',
  search: (q, opts) => (isDown ? Promise.reject(geocodingUnavailable('test', 'down')) : offline.search(q, opts)),
  reverse: (lat, lng, opts) => (isDown ? Promise.reject(geocodingUnavailable('test', 'down')) : offline.reverse(lat, lng, opts)),
};

const ctx = await createTestApp({ geocoding });
const { app } = ctx;

// The gazetteer is read on first use: once here, so no test pays for it.
beforeAll(async () => {
  await offline.search('warm up', { limit: 1 });
}, 60_000);

function get(url: string, headers: Record<string, string> = {}, remoteAddress = nextIp()) {
  return app.inject({ method: 'GET', url, headers, remoteAddress });
}

describe('GET /api/geocoding/search', () => {
  it('finds cities for a visitor, best first, with countries in the asked language', async () => {
    const res = await get('/api/geocoding/search?q=barcel');
    expect(res.statusCode).toBe(200);
    const places = res.json().data as Place[];
    expect(places.length).toBeGreaterThan(1);
    expect(places.length).toBeLessThanOrEqual(GEOCODE_RESULTS_MAX);
    expect(places[0]).toEqual({ id: 'geonames:3128760', label: 'Barcelona, Spain', name: 'Barcelona', country: 'Spain', lat: expect.any(Number), lng: expect.any(Number) });

    const hebrew = await get(`/api/geocoding/search?q=${encodeURIComponent('São Paulo')}&lang=he`);
    expect(hebrew.json().data[0]).toMatchObject({ name: 'São Paulo', country: 'ברזיל' });
  });

  it('works signed in too', async () => {
    const user = await buildUser(ctx.db);
    const { headers } = await signIn(ctx, user.id);
    const res = await get('/api/geocoding/search?q=zurich', headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ name: 'Zürich' });
  });

  it(`answers 422 below ${GEOCODE_QUERY_MIN_LENGTH} characters (after trimming) or without q`, async () => {
    for (const url of ['/api/geocoding/search?q=b', '/api/geocoding/search?q=%20%20b%20', '/api/geocoding/search']) {
      const res = await get(url);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
      expect(Object.keys(res.json().error.fields)).toEqual(['q']);
    }
    expect((await get('/api/geocoding/search?q=b')).json().error.fields.q).toBe(`Type at least ${GEOCODE_QUERY_MIN_LENGTH} characters`);
  });

  it('answers an empty list when nothing matches', async () => {
    const res = await get('/api/geocoding/search?q=qqxqzv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('limits requests per client address', async () => {
    const ip = nextIp();
    for (let i = 0; i < GEOCODING_RATE_LIMIT.max; i++) expect((await get('/api/geocoding/search?q=pa', {}, ip)).statusCode).toBe(200);
    const refused = await get('/api/geocoding/search?q=pa', {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    expect((await get('/api/geocoding/search?q=pa')).statusCode).toBe(200);
  });
});

describe('GET /api/geocoding/reverse', () => {
  it('names the city at a point', async () => {
    const res = await get('/api/geocoding/reverse?lat=41.387&lng=2.1701&lang=ja');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: 'geonames:3128760', name: 'Barcelona', country: 'スペイン', label: 'Barcelona, スペイン' });
  });

  it('answers data null in the middle of the ocean', async () => {
    const res = await get('/api/geocoding/reverse?lat=0&lng=-30');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
  });

  it('answers 422 for coordinates out of range or not numbers', async () => {
    for (const [query, field] of [
      ['lat=91&lng=0', 'lat'],
      ['lat=0&lng=-181', 'lng'],
      ['lat=abc&lng=0', 'lat'],
      ['lat=0', 'lng'],
    ] as const) {
      const res = await get(`/api/geocoding/reverse?${query}`);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
    }
  });
});

describe('an outside provider that fails', () => {
  it('answers 503 service_unavailable with a message for people, on both routes', async () => {
    isDown = true;
    try {
      for (const url of ['/api/geocoding/search?q=barcelona', '/api/geocoding/reverse?lat=41.387&lng=2.1701']) {
        const res = await get(url);
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toEqual({ code: 'service_unavailable', message: 'Place search is unavailable right now. Please try again later' });
      }
    } finally {
      isDown = false;
    }
  });
});

describe('OpenAPI', () => {
  it('documents both routes under the geocoding tag', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const path of ['/api/geocoding/search', '/api/geocoding/reverse']) {
      expect(doc.paths[path]?.get?.tags).toEqual(['geocoding']);
      expect(doc.paths[path]?.get?.summary).toEqual(expect.any(String));
    }
  });
});
