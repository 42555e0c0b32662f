import zlib from 'node:zlib';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SmsProvider } from '../src/providers/sms/sms-provider.ts';
import { buildUser, createTestApp, lastCodeFor, nextIp, nextPhone, signIn } from './harness.ts';
import { buildApp } from '../src/app.ts';

const INDEX_HTML = '<!doctype html><html><head><title>planns test build</title></head><body><div id="root"></div></body></html>';

async function tempDir(files: Record<string, string> = {}): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-web-'));
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), name.endsWith('.br') || name.endsWith('.gz') ? Buffer.from(content, 'latin1') : content);
  }
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

const BIG_JS = `console.log(${JSON.stringify('planns '.repeat(400))});`;
const webDir = await tempDir({
  'index.html': INDEX_HTML,
  'assets/app-abc123.js': 'console.log("planns")',
  'assets/big-def456.js': BIG_JS,
  // As the build writes them beside the file (apps/web/vite.config.ts precompress).
  'assets/big-def456.js.br': zlib.brotliCompressSync(BIG_JS).toString('latin1'),
  'assets/big-def456.js.gz': zlib.gzipSync(BIG_JS).toString('latin1'),
});
const emptyWebDir = await tempDir();

const LEAK = 'postgres://admin:hunter2@db.internal:5432/planns';
const ctx = await createTestApp({
  env: { WEB_DIST_DIR: webDir },
  beforeReady: (app) => {
    app.get('/api/test/boom', { schema: { hide: true } }, async () => {
      throw new Error(`connect ECONNREFUSED ${LEAK}`);
    });
    app.get('/api/test/boom-typed', { schema: { hide: true } }, async () => {
      const err = new Error(`relation "secret_table" does not exist at ${LEAK}`) as Error & { statusCode: number; code: string };
      err.statusCode = 500;
      err.code = '42P01';
      throw err;
    });
  },
});
const { app, db } = ctx;

function cspDirectives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = cspDirectives(headers['content-security-policy']);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

function expectNoInternals(body: string) {
  expect(body).not.toContain('hunter2');
  expect(body).not.toContain('db.internal');
  expect(body).not.toContain('secret_table');
  expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/); // a stack frame
  expect(body).not.toContain('stack');
  expect(body).not.toContain('node_modules');
}

class FakeSms implements SmsProvider {
  readonly name = 'twilio' as const;
  readonly verifiesCodes = false;
  readonly sent: { to: string; text: string }[] = [];
  failNext = false;
  async sendCode(to: string, _code: string, text: string): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error(`SMS gateway said 500 with key ${LEAK}`);
    }
    this.sent.push({ to, text });
  }
  async checkCode(): Promise<boolean> {
    throw new Error('not used: this provider does not verify codes');
  }
  async sendMessage(to: string, text: string): Promise<void> {
    this.sent.push({ to, text });
  }
}

// Apps built while the file is collected, so that the harness's afterAll closes them.
const secure = await createTestApp({ env: { PUBLIC_URL: 'https://planns.example', WEB_DIST_DIR: emptyWebDir } });
const otherSms = new FakeSms();
const withOtherSms = await createTestApp({ sms: otherSms, env: { WEB_DIST_DIR: emptyWebDir } });
const failingSms = new FakeSms();
const withFailingSms = await createTestApp({ sms: failingSms, env: { WEB_DIST_DIR: emptyWebDir } });
const broken = await createTestApp({ env: { WEB_DIST_DIR: emptyWebDir } });
const unbuilt = await createTestApp({ env: { WEB_DIST_DIR: emptyWebDir } });

describe('platform', () => {
  it('answers liveness without the database, and readiness with its state', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers GET /api/config with the public settings', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { otp_length: 6, sms_provider: 'console', analytics_provider: 'none', payments_provider: 'test', platform_fee_percent: 5, stripe_publishable_key: null, support_phone: null, google_login: false, calendar_provider: 'ics' } });
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/users/1'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const user = await buildUser(db);
    const { headers } = await signIn(ctx, user.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/set-name',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"id": 1, "name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error.code).toBe('bad_request');
    expect(res.json().error.message).toEqual(expect.any(String));
    expectNoInternals(res.body);
  });

  it.each(['application/xml', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses the content-type %s with 415',
    async (contentType) => {
      const user = await buildUser(db, { name: 'Kept Name' });
      const { headers } = await signIn(ctx, user.id);
      const res = await app.inject({
        method: 'POST',
        url: '/api/set-name',
        headers: { ...headers, 'content-type': contentType },
        payload: JSON.stringify({ id: user.id, name: 'Changed Name' }),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('unsupported_media_type');
      const stored = await db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(stored.name).toBe('Kept Name');
    },
  );

  it('refuses a body over 1 MB with a JSON 413', async () => {
    const user = await buildUser(db, { name: 'Kept Name' });
    const { headers } = await signIn(ctx, user.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/set-name',
      headers,
      payload: { id: user.id, name: 'Big Body', padding: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('sets the security headers on an API answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expectSecurityHeaders(res.headers);
    // Plain http: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sets the security headers on a page', async () => {
    const res = await app.inject({ method: 'GET', url: '/events' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expectSecurityHeaders(res.headers);
  });

  it('answers liveness on a real server before the framework, with the route’s own headers and body', async () => {
    const live = await buildApp(ctx.deps);
    try {
      const base = await live.listen({ port: 0, host: '127.0.0.1' });
      const fast = await fetch(`${base}/api/health`);
      const routed = await live.inject({ method: 'GET', url: '/api/health' });
      expect(fast.status).toBe(200);
      expect(await fast.json()).toEqual(routed.json());
      for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cache-control', 'content-type']) {
        expect(fast.headers.get(name), name).toBe(String(routed.headers[name]));
      }
      // With a query string it goes through the route.
      expect((await fetch(`${base}/api/health?probe=1`)).status).toBe(200);
    } finally {
      await live.close();
    }
  });

  it('logs one line per request at info, with its route and status, and none for the liveness check', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const logged = await buildApp(ctx.deps, { logger: { level: 'info', stream } });
    try {
      await logged.inject({ method: 'GET', url: '/api/config?x=1' });
      await logged.inject({ method: 'GET', url: '/api/health' });
      const refused = await logged.inject({ method: 'GET', url: '/api/events/999999999' });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests.map((l) => [l.method, l.url, l.statusCode])).toEqual([
        ['GET', '/api/config', 200],
        ['GET', '/api/events/:ref', refused.statusCode],
      ]);
      expect(requests.every((l) => typeof l.ms === 'number' && typeof l.reqId === 'string')).toBe(true);
      expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
    } finally {
      await logged.close();
    }
  });

  it('publishes an OpenAPI 3.1 document of the API', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toEqual(expect.any(String));
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/send-code',
      '/api/check-code',
      '/api/auth-create',
      '/api/logout',
      '/api/user',
      '/api/set-name',
      '/api/users/{id}/avatar',
      '/api/users/{id}',
      '/api/companions',
      '/api/companions/{id}',
      '/api/health',
      '/api/health/ready',
      '/api/config',
      '/api/payments',
      '/api/payments/info',
      '/api/payments/url',
      '/api/payments/login-url',
      '/api/payments/disconnect',
      '/api/payments/create-product/{id}',
      '/api/payments/use-planns-stripe/{eventId}',
      '/api/payments/{userId}/payments',
      '/api/payments/make-payment/{eventId}',
      '/api/payments/webhook',
      '/api/events/{id}/disable-stripe',
      // The test provider's scripted call is documented (with PAYMENTS_PROVIDER=test only).
      '/api/test-provider/accounts/{accountId}/onboard',
      '/api/test-provider/checkout/{sessionId}/pay',
    ]) {
      expect(paths).toContain(p);
    }
    expect(Object.keys(doc.paths['/api/send-code'])).toContain('post');
    expect(Object.keys(doc.paths['/api/users/{id}/avatar'])).toContain('put');
    expect(Object.keys(doc.paths['/api/companions/{id}']).sort()).toEqual(['delete', 'post']);
    expect(paths.some((p) => p.startsWith('/media'))).toBe(false);
    // Nothing of the tests' own harness is ever served.
    expect(paths.some((p) => p.startsWith('/api/test/'))).toBe(false);
  });

  it('serves the dev outbox with the console SMS provider', async () => {
    const phone = nextPhone();
    expect((await app.inject({ method: 'POST', url: '/api/send-code', remoteAddress: nextIp(), payload: { to: phone } })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const [newest] = res.json().data;
    expect(newest).toMatchObject({ to: phone, created_at: ctx.clock.now().toISOString() });
    expect(newest.body).toContain(lastCodeFor(ctx.sms, phone));
  });

  it('has no dev outbox with another SMS provider, which then sends the codes', async () => {
    const sms = otherSms;
    const other = withOtherSms;
    const outbox = await other.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.json().error.code).toBe('not_found');
    expect((await other.app.inject({ method: 'GET', url: '/api/config' })).json().data.sms_provider).toBe('twilio');

    const phone = nextPhone();
    const ip = nextIp();
    expect((await other.app.inject({ method: 'POST', url: '/api/send-code', remoteAddress: ip, payload: { to: phone } })).statusCode).toBe(200);
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]!.to).toBe(phone);
    const code = sms.sent[0]!.text.match(/^\d{6}/)?.[0];
    expect(code).toBeDefined();
    expect(other.sms.list()).toHaveLength(0);
    const checked = await other.app.inject({ method: 'POST', url: '/api/check-code', remoteAddress: ip, payload: { to: phone, code } });
    expect(checked.statusCode).toBe(200);
  });

  it('answers 503 without internals when the SMS provider fails, and does not count the send', async () => {
    const sms = failingSms;
    const other = withFailingSms;
    const phone = nextPhone();
    const ip = nextIp();
    sms.failNext = true;
    const failed = await other.app.inject({ method: 'POST', url: '/api/send-code', remoteAddress: ip, payload: { to: phone } });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('service_unavailable');
    expectNoInternals(failed.body);
    // No 30 s cooldown: the failed send was not recorded.
    expect((await other.app.inject({ method: 'POST', url: '/api/send-code', remoteAddress: ip, payload: { to: phone } })).statusCode).toBe(200);
    expect(sms.sent).toHaveLength(1);
  });

  it('never leaks internals in a 500', async () => {
    for (const url of ['/api/test/boom', '/api/test/boom-typed']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong' } });
      expectNoInternals(res.body);
    }
  });

  it('answers 503 with a generic message when the database is gone', async () => {
    const user = await buildUser(broken.db);
    const { headers } = await signIn(broken, user.id);
    await broken.db.destroy();
    // Alive, not ready.
    expect((await broken.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const health = await broken.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(health.statusCode).toBe(503);
    expect(health.json().error.code).toBe('service_unavailable');
    expect(health.json().error.message).toEqual(expect.any(String));
    expectNoInternals(health.body);
    expect(health.body).not.toMatch(/driver|destroyed|pool|kysely/i);

    const me = await broken.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(me.statusCode).toBe(500);
    expect(me.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong' } });
  });

  it('falls back to index.html for the pages of the web app', async () => {
    for (const url of ['/', '/events', '/my-user', '/terms', '/profile/12', '/events?tab=mine']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // /events names its data in the HTML (decision 0033); the page is index.html otherwise.
      const preloads = res.body.match(/<link rel="preload"[^>]*>/g) ?? [];
      expect(preloads.length, url).toBe(url.startsWith('/events') ? 1 : 0);
      expect(res.body.replace(/\s*<link rel="preload"[^>]*>\s*/g, '')).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("planns")');
    expect(asset.headers['cache-control']).toMatch(/immutable/);
  });

  it('compresses what compresses: precompressed static files, API answers above 1 KiB; small ones and clients that ask for none as they are', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);

    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const docBr = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(docBr.headers['content-encoding']).toBe('br');
    expect(docBr.rawPayload.length).toBeLessThan(doc.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(docBr.rawPayload).toString())).toEqual(doc.json());
    const docGz = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docGz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(docGz.rawPayload).toString())).toEqual(doc.json());
    // Under the threshold: not worth it.
    const config = await app.inject({ method: 'GET', url: '/api/config', headers: { 'accept-encoding': 'br, gzip' } });
    expect(config.rawPayload.length).toBeLessThan(1024);
    expect(config.headers['content-encoding']).toBeUndefined();
  });

  it('keeps /api and /media out of the fallback', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    expect(api.body).not.toContain('<html');

    for (const url of ['/media/missing.webp', '/media/avatars/1/nothing-l.webp', '/media/avatars/%2e%2e/x.webp']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<html');
    }
    const post = await app.inject({ method: 'POST', url: '/events', headers: { origin: 'http://localhost:3000' } });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });

  it('says the web app is not built when WEB_DIST_DIR has no index.html', async () => {
    const res = await unbuilt.app.inject({ method: 'GET', url: '/events' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatch(/not built/);
    expect((await unbuilt.app.inject({ method: 'GET', url: '/api/nope' })).json().error.code).toBe('not_found');
  });
});
