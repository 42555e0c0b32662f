import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { GOOGLE_GEOCODE_URL, GoogleGeocodingProvider } from './google-geocoding.ts';

const KEY = 'AIza-test-key';

type Answer = { status: number; body?: unknown } | Error;

function fakeGoogle(...answers: Answer[]) {
  const requests: URL[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    requests.push(new URL(String(input)));
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { requests, provider: new GoogleGeocodingProvider({ apiKey: KEY, fetch }) };
}

const component = (long_name: string, short_name: string, ...types: string[]) => ({ long_name, short_name, types });
const BARCELONA = {
  place_id: 'ChIJ5TCOcRaYpBIRCmZHTz37sEQ',
  formatted_address: 'Barcelona, Spain',
  types: ['locality', 'political'],
  address_components: [
    component('Barcelona', 'Barcelona', 'locality', 'political'),
    component('Barcelona', 'B', 'administrative_area_level_2', 'political'),
    component('Catalonia', 'CT', 'administrative_area_level_1', 'political'),
    component('Spain', 'ES', 'country', 'political'),
  ],
  geometry: { location: { lat: 41.3873974, lng: 2.168568 } },
};
const STREET_ADDRESS = {
  place_id: 'ChIJstreet',
  formatted_address: 'Plaça de Catalunya, 1, 08002 Barcelona, Spain',
  types: ['street_address'],
  address_components: [
    component('1', '1', 'street_number'),
    component('Plaça de Catalunya', 'Plaça de Catalunya', 'route'),
    component('Barcelona', 'Barcelona', 'locality', 'political'),
    component('Spain', 'ES', 'country', 'political'),
  ],
  geometry: { location: { lat: 41.387, lng: 2.1701 } },
};

describe('GoogleGeocodingProvider', () => {
  it('searches the geocode endpoint with address=, the language and the key', async () => {
    const { requests, provider } = fakeGoogle({ status: 200, body: { status: 'OK', results: [BARCELONA] } });
    const places = await provider.search('barcelona', { limit: 8, lang: 'ca' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.origin + requests[0]!.pathname).toBe(GOOGLE_GEOCODE_URL);
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ address: 'barcelona', language: 'ca', key: KEY });
    expect(places).toEqual([
      { id: 'google:ChIJ5TCOcRaYpBIRCmZHTz37sEQ', label: 'Barcelona, Spain', name: 'Barcelona', country: 'Spain', lat: 41.3873974, lng: 2.168568 },
    ]);
  });

  it('names an address by its first part and keeps to the limit', async () => {
    const { provider } = fakeGoogle({ status: 200, body: { status: 'OK', results: [STREET_ADDRESS, BARCELONA] } });
    const places = await provider.search('placa catalunya 1', { limit: 1 });
    expect(places).toEqual([
      { id: 'google:ChIJstreet', label: 'Plaça de Catalunya, 1, 08002 Barcelona, Spain', name: 'Plaça de Catalunya', country: 'Spain', lat: 41.387, lng: 2.1701 },
    ]);
  });

  it('answers an empty list for ZERO_RESULTS', async () => {
    const { provider } = fakeGoogle({ status: 200, body: { status: 'ZERO_RESULTS', results: [] } });
    expect(await provider.search('qqxqzv', { limit: 8 })).toEqual([]);
  });

  it('reverse-geocodes with latlng= and answers the city among the results', async () => {
    const { requests, provider } = fakeGoogle({ status: 200, body: { status: 'OK', results: [STREET_ADDRESS, BARCELONA] } });
    const place = await provider.reverse(41.387, 2.1701, {});
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ latlng: '41.387,2.1701', key: KEY });
    expect(place).toMatchObject({ id: 'google:ChIJ5TCOcRaYpBIRCmZHTz37sEQ', name: 'Barcelona' });
  });

  it('answers the first result when none is a city, and null for ZERO_RESULTS', async () => {
    const { provider } = fakeGoogle({ status: 200, body: { status: 'OK', results: [STREET_ADDRESS] } }, { status: 200, body: { status: 'ZERO_RESULTS', results: [] } });
    expect(await provider.reverse(41.387, 2.1701, {})).toMatchObject({ id: 'google:ChIJstreet' });
    expect(await provider.reverse(0, -30, {})).toBeNull();
  });

  it('throws service_unavailable for a refused key, a quota, an HTTP error, a network failure or an unreadable reply, never naming the key', async () => {
    const answers: Answer[] = [
      { status: 200, body: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] } },
      { status: 200, body: { status: 'OVER_QUERY_LIMIT', results: [] } },
      { status: 500, body: {} },
      new TypeError('fetch failed'),
      { status: 200, body: { results: 'nope' } },
    ];
    for (const answer of answers) {
      const { provider } = fakeGoogle(answer);
      const failure = provider.search('barcelona', { limit: 8 });
      await expect(failure).rejects.toBeInstanceOf(AppError);
      const error = (await failure.catch((e: unknown) => e)) as AppError;
      expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
      expect(`${error.message} ${String(error.cause)}`).not.toContain(KEY);
    }
  });
});
