import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from './api-client.ts';

function reply(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const schema = z.object({ data: z.object({ ok: z.literal(true) }) });

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON with same-origin credentials and parses the reply', async () => {
    const fetchMock = vi.fn(async () => reply(200, { data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/logout', { method: 'POST', body: { a: 1 }, schema })).resolves.toEqual({ data: { ok: true } });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/logout');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
  });

  it('throws an ApiError with code, fields and retry_after from the error body', async () => {
    vi.stubGlobal('fetch', async () =>
      reply(429, { error: { code: 'too_many_requests', message: 'Slow down', fields: { to: 'Slow down' }, retry_after: 12 } }),
    );
    const error = await apiRequest('/api/send-code', { method: 'POST', body: {}, schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', fields: { to: 'Slow down' }, retryAfter: 12 });
  });

  it('reads the legacy additional field details too', async () => {
    vi.stubGlobal('fetch', async () =>
      reply(422, { error: { code: 'validation_failed', message: 'Invalid' }, additional: { name: 'Too short' } }),
    );
    await expect(apiRequest('/api/set-name', { method: 'POST', body: {}, schema })).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { name: 'Too short' },
    });
  });

  it('turns a body that is not an error body into a generic error', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/api/user', { schema })).rejects.toMatchObject({ status: 502, code: 'internal_error' });
  });

  it('rejects a reply that does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => reply(200, { data: { ok: 'yes' } }));
    await expect(apiRequest('/api/user', { schema })).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('reports network failures', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/user', { schema })).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('readErrorBody agrees with errorBodySchema', async () => {
  const { errorBodySchema } = await import('@planns/shared/errors/error-codes');
  const { readErrorBody } = await import('./api-client.ts');
  const samples: unknown[] = [
    { error: { code: 'not_found', message: 'Event not found' } },
    { error: { code: 'validation_failed', message: 'Bad', fields: { name: 'Name is required' } }, additional: { name: 'Name is required' } },
    { error: { code: 'too_many_requests', message: 'Slow down', retry_after: 30 } },
    { error: { code: 'not_found', message: 5 } },
    { error: { code: 'validation_failed', message: 'Bad', fields: { name: 3 } } },
    { error: { code: 'too_many_requests', message: 'x', retry_after: 1.5 } },
    { message: 'plain' },
    null,
  ];
  for (const sample of samples) {
    it(`verdict for ${JSON.stringify(sample)}`, () => {
      const zod = errorBodySchema.safeParse(sample);
      const read = readErrorBody(sample);
      expect(read !== null).toBe(zod.success);
      if (zod.success) {
        expect(read).toEqual({
          code: zod.data.error.code,
          message: zod.data.error.message,
          fields: { ...zod.data.additional, ...zod.data.error.fields },
          retryAfter: zod.data.error.retry_after ?? null,
        });
      }
    });
  }
});
