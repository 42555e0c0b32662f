import { describe, expect, it } from 'vitest';
import { createTestApp } from './harness.ts';

describe('platform', () => {
  it('answers health with the database state', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
