import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN } from './harness.ts';

/** A Plausible-compatible events API double: keeps what it was sent. */
const received: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let failNext = false;
const double = http.createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  request.on('end', () => {
    if (request.method === 'POST' && request.url === '/api/event') {
      if (failNext) {
        failNext = false;
        response.writeHead(500).end();
        return;
      }
      received.push({ headers: request.headers, body: JSON.parse(raw) as Record<string, unknown> });
      response.writeHead(202, { 'content-type': 'text/plain' }).end('ok');
    } else {
      response.writeHead(404).end();
    }
  });
});
await new Promise<void>((resolve) => double.listen(0, '127.0.0.1', resolve));
const doubleUrl = `http://127.0.0.1:${(double.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => double.close(() => resolve())));

const plausible = await createTestApp({
  env: { ANALYTICS_PROVIDER: 'plausible', PLAUSIBLE_URL: doubleUrl, ANALYTICS_DOMAIN: 'planns.example', TRUST_PROXY: 'true', RATE_LIMIT_MAX: '1000000' },
});
const none = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });

async function waitFor(count: number) {
  await expect.poll(() => received.length, { timeout: 5000 }).toBe(count);
}

describe('analytics (ANALYTICS_PROVIDER=plausible)', () => {
  it('passes page views and steps on with the visitor’s address and browser, the page reduced to its route', async () => {
    received.length = 0;
    const res = await plausible.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      headers: { origin: ORIGIN, 'user-agent': 'Mozilla/5.0 (test phone)', 'x-forwarded-for': '203.0.113.9' },
      payload: { name: 'pageview', path: '/events/Secr3tHash?group_invite=5', referrer: 'https://news.example/story?id=1' },
    });
    expect(res.statusCode).toBe(202);
    await waitFor(1);
    expect(received[0]!.body).toEqual({ name: 'pageview', url: `${plausible.config.publicUrl.origin}/events/:event`, domain: 'planns.example', referrer: 'https://news.example' });
    expect(received[0]!.headers['user-agent']).toBe('Mozilla/5.0 (test phone)');
    expect(received[0]!.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(JSON.stringify(received)).not.toContain('Secr3tHash');

    await plausible.app.inject({ method: 'POST', url: '/api/analytics/event', headers: { origin: ORIGIN }, payload: { name: 'payment', path: '/events/abc', props: { step: 'paid', tickets: 2 } } });
    await waitFor(2);
    expect(received[1]!.body).toMatchObject({ name: 'payment', props: { step: 'paid', tickets: 2 }, referrer: null });
  });

  it('answers 202 when the service fails (only logged), and refuses bad events with per-field messages', async () => {
    received.length = 0;
    failNext = true;
    const failed = await plausible.app.inject({ method: 'POST', url: '/api/analytics/event', headers: { origin: ORIGIN }, payload: { name: 'rsvp', path: '/events/x', props: { answer: 'join' } } });
    expect(failed.statusCode).toBe(202);
    const bad = await plausible.app.inject({ method: 'POST', url: '/api/analytics/event', headers: { origin: ORIGIN }, payload: { name: 'purchase', path: 'events', props: { Bad: 1 } } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(expect.arrayContaining(['name', 'path']));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
  });
});

describe('analytics (ANALYTICS_PROVIDER=none, the default)', () => {
  it('takes the event and sends nothing anywhere', async () => {
    received.length = 0;
    const res = await none.app.inject({ method: 'POST', url: '/api/analytics/event', headers: { origin: ORIGIN }, payload: { name: 'pageview', path: '/' } });
    expect(res.statusCode).toBe(202);
    const config = (await none.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(config.analytics_provider).toBe('none');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
  });
});
