import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';

describe('the error handler', () => {
  it('answers an exhausted database pool (an overload) with 503 and a retry, and other faults with 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/busy', async () => {
      throw new Error('timeout exceeded when trying to connect'); // pg-pool's words
    });
    app.get('/broken', async () => {
      throw new Error('something else');
    });
    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ error: { code: 'service_unavailable', retry_after: 1 } });
    expect(busy.headers['retry-after']).toBe('1');
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({ error: { code: 'internal_error', message: 'Something went wrong' } });
    await app.close();
  });
});
