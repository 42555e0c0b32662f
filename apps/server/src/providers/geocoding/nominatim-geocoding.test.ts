import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { NominatimGeocodingProvider } from './nominatim-geocoding.ts';

interface SentRequest {
  url: URL;
  headers: Record<string, string>;
  hasSignal: boolean;
}

type Answer = { status: number; body?: unknown } | Error;

/** A fake fetch that records each request and answers the next queued response. */
function fakeNominatim(...answers: Answer[]) {
  const requests: SentRequest[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: new URL(String(input)), headers: Object.fromEntries(new Headers(init?.headers).entries()), hasSignal: init?.signal instanceof AbortSignal });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  const provider = new NominatimGeocodingProvider({ baseUrl: 'https://geo.example.org/nominatim', userAgent: 'planns (+https://planns.example)', fetch });
  return { requests, provider };
}

const SAGRADA = {
  place_id: 123,
  osm_type: 'way',
  osm_id: 13_749_365,
  lat: '41.4036299',
  lon: '2.1743558',
  name: 'Basílica de la Sagrada Família',
  display_name: "Basílica de la Sagrada Família, 401, Carrer de Mallorca, la Sagrada Família, l'Eixample, Barcelona, Barcelonès, Barcelona, Catalunya, 08013, España",
  address: { tourism: 'Basílica de la Sagrada Família', city: 'Barcelona', county: 'Barcelonès', state: 'Catalunya', country: 'España', country_code: 'es' },
};
const BARCELONA = {
  place_id: 456,
  osm_type: 'relation',
  osm_id: 347_950,
  lat: '41.3825802',
  lon: '2.177073',
  name: 'Barcelona',
  display_name: 'Barcelona, Barcelonès, Barcelona, Catalonia, Spain',
  address: { city: 'Barcelona', county: 'Barcelonès', province: 'Barcelona', state: 'Catalonia', country: 'Spain', country_code: 'es' },
};

describe('NominatimGeocodingProvider', () => {
  it('searches with jsonv2, the limit and the language, naming planns', async () => {
    const { requests, provider } = fakeNominatim({ status: 200, body: [SAGRADA, BARCELONA] });
    const places = await provider.search('sagrada familia', { limit: 5, lang: 'es' });
    expect(requests).toHaveLength(1);
    const { url, headers, hasSignal } = requests[0]!;
    expect(url.origin + url.pathname).toBe('https://geo.example.org/nominatim/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'sagrada familia', limit: '5', format: 'jsonv2', addressdetails: '1', 'accept-language': 'es' });
    expect(headers['user-agent']).toBe('planns (+https://planns.example)');
    expect(hasSignal).toBe(true);
    expect(places).toEqual([
      {
        id: 'osm:way/13749365',
        label: 'Basílica de la Sagrada Família, Barcelona, Catalunya, España',
        name: 'Basílica de la Sagrada Família',
        country: 'España',
        lat: 41.4036299,
        lng: 2.1743558,
      },
      { id: 'osm:relation/347950', label: 'Barcelona, Catalonia, Spain', name: 'Barcelona', country: 'Spain', lat: 41.3825802, lng: 2.177073 },
    ]);
  });

  it('sends no language when none is asked and keeps to the limit', async () => {
    const { requests, provider } = fakeNominatim({ status: 200, body: [BARCELONA, SAGRADA] });
    expect(await provider.search('barcelona', { limit: 1 })).toHaveLength(1);
    expect(requests[0]!.url.searchParams.has('accept-language')).toBe(false);
  });

  it('falls back to display_name when a place has no name or address', async () => {
    const { provider } = fakeNominatim({ status: 200, body: [{ place_id: 9, lat: '1.5', lon: '2.5', display_name: 'Somewhere, Far Land' }] });
    expect(await provider.search('somewhere', { limit: 5 })).toEqual([
      { id: 'nominatim:9', label: 'Somewhere, Far Land', name: 'Somewhere', country: 'Far Land', lat: 1.5, lng: 2.5 },
    ]);
  });

  it('reverse-geocodes at city level', async () => {
    const { requests, provider } = fakeNominatim({ status: 200, body: BARCELONA });
    const place = await provider.reverse(41.387, 2.1701, { lang: 'en' });
    expect(place).toMatchObject({ id: 'osm:relation/347950', label: 'Barcelona, Catalonia, Spain' });
    const { url } = requests[0]!;
    expect(url.pathname).toBe('/nominatim/reverse');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ lat: '41.387', lon: '2.1701', zoom: '10', format: 'jsonv2', 'accept-language': 'en' });
  });

  it('answers null where Nominatim finds nothing', async () => {
    const { provider } = fakeNominatim({ status: 200, body: { error: 'Unable to geocode' } });
    expect(await provider.reverse(0, -30, {})).toBeNull();
  });

  it('throws service_unavailable on an error status, a network failure, a timeout or a reply it cannot read', async () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    for (const answer of [{ status: 503, body: 'busy' }, { status: 429 }, new TypeError('fetch failed'), timeout, { status: 200, body: '<html>' }, { status: 200, body: [{ lat: 'x' }] }]) {
      const { provider } = fakeNominatim(answer);
      const failure = provider.search('barcelona', { limit: 5 });
      await expect(failure).rejects.toBeInstanceOf(AppError);
      await expect(failure).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
    }
    const { provider } = fakeNominatim({ status: 500 });
    await expect(provider.reverse(1, 2, {})).rejects.toMatchObject({ code: 'service_unavailable' });
  });

  it('times out a request that hangs', async () => {
    const fetch = ((_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof globalThis.fetch;
    const provider = new NominatimGeocodingProvider({ baseUrl: 'https://geo.example.org', userAgent: 'planns', fetch, timeoutMs: 20 });
    await expect(provider.search('barcelona', { limit: 5 })).rejects.toMatchObject({ code: 'service_unavailable' });
  });
});
