import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client.ts';
import { canSearchByName, searchByName } from './search-by-name.ts';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const schema = z.object({ data: z.object({ data: z.array(z.object({ id: z.number() })) }) });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('searchByName', () => {
  it('asks the path for the trimmed, encoded name and returns the people found', async () => {
    const fetchMock = vi.fn(async () => reply(200, { data: { data: [{ id: 7 }] } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(searchByName('/api/user/search', schema, '  Ana & Bo ')).resolves.toEqual([{ id: 7 }]);
    const [path] = fetchMock.mock.calls[0] as unknown as [string];
    expect(path).toBe('/api/user/search?name=Ana%20%26%20Bo');
  });

  it('logs a 401 as unauthorized and finds no one', async () => {
    vi.stubGlobal('fetch', async () => reply(401, { error: { code: 'unauthorized', message: 'Sign in' } }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(searchByName('/api/users/search', schema, 'ana')).resolves.toEqual([]);
    expect(log).toHaveBeenCalledWith('unauthorized');
  });

  it('throws any other failure', async () => {
    vi.stubGlobal('fetch', async () => reply(500, { error: { code: 'internal_error', message: 'Oops' } }));
    await expect(searchByName('/api/users/search', schema, 'ana')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('canSearchByName', () => {
  it('needs three characters past the spaces', () => {
    expect(canSearchByName(' ab ')).toBe(false);
    expect(canSearchByName('abc')).toBe(true);
  });
});
