import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildGeocodingProvider } from '../build-providers.ts';
import { OfflineGeocodingProvider } from './offline-geocoding.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function recordingFetch(body: unknown) {
  const requests: { url: URL; headers: Headers }[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    requests.push({ url: new URL(String(input)), headers: new Headers(init?.headers) });
    return Response.json(body);
  });
  return requests;
}

describe('buildGeocodingProvider', () => {
  it('builds the offline gazetteer by default, without reading it yet', () => {
    const provider = buildGeocodingProvider(loadConfig({}));
    expect(provider).toBeInstanceOf(OfflineGeocodingProvider);
    expect((provider as OfflineGeocodingProvider).isLoaded).toBe(false);
  });

  it('builds Nominatim on NOMINATIM_URL, naming planns and its public address', async () => {
    const requests = recordingFetch([]);
    const provider = buildGeocodingProvider(
      loadConfig({ GEOCODING_PROVIDER: 'nominatim', NOMINATIM_URL: 'https://geo.example.org', PUBLIC_URL: 'https://planns.example' }),
    );
    expect(provider.name).toBe('nominatim');
    await provider.search('barcelona', { limit: 3 });
    expect(requests[0]!.url.origin).toBe('https://geo.example.org');
    expect(requests[0]!.headers.get('user-agent')).toBe('planns (+https://planns.example)');
  });

  it('builds Google with GOOGLE_MAPS_API_KEY', async () => {
    const requests = recordingFetch({ status: 'ZERO_RESULTS', results: [] });
    const provider = buildGeocodingProvider(loadConfig({ GEOCODING_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: 'AIza-key' }));
    expect(provider.name).toBe('google');
    expect(await provider.search('barcelona', { limit: 3 })).toEqual([]);
    expect(requests[0]!.url.searchParams.get('key')).toBe('AIza-key');
  });
});
