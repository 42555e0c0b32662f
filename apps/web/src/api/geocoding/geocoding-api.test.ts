import { afterEach, describe, expect, it, vi } from 'vitest';
import { reverseGeocode, reverseGeocodeQueryOptions } from './reverse-geocode.ts';
import { canSearchPlaces, searchPlaces, searchPlacesQueryOptions } from './search-places.ts';

const BARCELONA = { id: 'geonames:3128760', label: 'Barcelona, Spain', name: 'Barcelona', country: 'Spain', lat: 41.38879, lng: 2.15899 };

function stubFetch(body: unknown) {
  const fetchMock = vi.fn(async (_path: string) => Response.json(body));
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map(([path]) => path);
}

afterEach(() => vi.unstubAllGlobals());

describe('searchPlaces', () => {
  it('waits for two characters, trimmed', () => {
    expect(canSearchPlaces(' b ')).toBe(false);
    expect(canSearchPlaces('ba')).toBe(true);
  });

  it('asks with the trimmed text and the language, and parses the places', async () => {
    const paths = stubFetch({ data: [BARCELONA] });
    await expect(searchPlaces('  São Paulo ', 'he')).resolves.toEqual([BARCELONA]);
    expect(paths()).toEqual(['/api/geocoding/search?q=S%C3%A3o+Paulo&lang=he']);
  });

  it('rejects a reply that does not match the contract', async () => {
    stubFetch({ data: [{ id: 1 }] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(searchPlaces('barcelona')).rejects.toMatchObject({ code: 'invalid_response' });
    logged.mockRestore();
  });

  it('keys the cache by the text as typed, whatever the case and spaces, and the language', () => {
    expect(searchPlacesQueryOptions(' Barcel ', 'es').queryKey).toEqual(searchPlacesQueryOptions('barcel', 'es').queryKey);
    expect(searchPlacesQueryOptions('barcel', 'es').queryKey).not.toEqual(searchPlacesQueryOptions('barcel', 'he').queryKey);
  });
});

describe('reverseGeocode', () => {
  it('asks for the point rounded to about 100 m and answers the place or null', async () => {
    const paths = stubFetch({ data: BARCELONA });
    await expect(reverseGeocode({ lat: 41.3870123, lng: 2.1701456 }, 'ja')).resolves.toEqual(BARCELONA);
    expect(paths()).toEqual(['/api/geocoding/reverse?lat=41.387&lng=2.17&lang=ja']);
    stubFetch({ data: null });
    await expect(reverseGeocode({ lat: 0, lng: -30 })).resolves.toBeNull();
  });

  it('shares one cache entry between nearby readings of a location', () => {
    expect(reverseGeocodeQueryOptions({ lat: 41.38701, lng: 2.17011 }).queryKey).toEqual(reverseGeocodeQueryOptions({ lat: 41.38704, lng: 2.17014 }).queryKey);
  });
});
