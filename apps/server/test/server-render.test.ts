import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/http/actor.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

/**
 * The server's side of decision 0035 with a render bundle of its own making: what the server
 * hands the bundle (the page's address, language, zone, and its own API answered for the person
 * asking), what it does with the answer (the page's HTML), and what it does when the bundle
 * fails. The web app's real bundle is exercised by e2e/server-render.spec.ts.
 */
const INDEX_HTML =
  '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';

/**
 * A bundle that asks the API for the user and the page's event and writes what it got. Like the
 * real bundle's zod, it adds a schema to zod's process-wide registry when its module runs, if it
 * finds one: with the server's registry there, that would put a second 'GalleryItem' in the API
 * document.
 */
const BUNDLE = `
export class NotRendered extends Error {}
const registry = globalThis.__zod_globalRegistry;
if (registry) registry.add({ _zod: { def: { type: 'string' } } }, { id: 'GalleryItem' });
export async function render(request) {
  if (request.url.includes('boom')) throw new Error('the bundle failed');
  if (request.url.includes('skip')) throw new NotRendered('not this page');
  const user = await request.fetchJson('/api/user');
  const name = user.status === 200 ? user.body.data.name : 'visitor';
  const html = '<link rel="preload" as="image" href="/media/x.webp"/><main data-user="' + name + '" data-status="' + user.status + '" data-url="' + request.url + '" data-tz="' + request.timeZone + '">' + request.language + '</main>';
  return { html, state: JSON.stringify({ language: request.language, timeZone: request.timeZone, queries: [] }), lang: request.language, dir: request.language === 'he' ? 'rtl' : 'ltr' };
}
`;

async function webDir(withBundle: boolean): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-ssr-'));
  await fs.writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  if (withBundle) {
    await fs.mkdir(path.join(dir, '.ssr'));
    await fs.writeFile(path.join(dir, '.ssr', 'entry-server.js'), BUNDLE);
  }
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

const ctx = await createTestApp({ env: { WEB_DIST_DIR: await webDir(true) } });
const off = await createTestApp({ env: { WEB_DIST_DIR: await webDir(true), SERVER_RENDER: 'false' } });

describe('pages rendered by the build’s render bundle', () => {
  it("renders /events for a visitor in the browser's language, UTC without the zone cookie, with the state beside #root", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/events?preset=trending', headers: { 'accept-language': 'he-IL,he;q=0.9' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toContain('cookie');
    expect(res.body).toContain('<html lang="he" dir="rtl">');
    expect(res.body).toContain('<div id="root"><main data-user="visitor" data-status="401" data-url="/events?preset=trending" data-tz="UTC">he</main></div>');
    expect(res.body).toContain('<script id="planns-state" type="application/json">{"language":"he","timeZone":"UTC","queries":[]}</script>');
    // React's hoisted resources go to the head; the app's scripts are fetched at low priority.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/media/x.webp"/>');
    expect(head).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js">');
    // No chunk is preloaded before the page paints; the first script loads them after (no manifest here: none).
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).toContain('<script id="planns-chunks" type="application/json">[]</script>');
  });

  it("answers the bundle's calls for the person asking: their session cookie, their language and zone cookies", async () => {
    const user = await buildUser(ctx.db, { name: 'Carla Cookie' });
    const { token } = await signIn(ctx, user.id);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/events/abc',
      headers: { cookie: `${SESSION_COOKIE}=${token}; planns_lang=ja; planns_tz=Asia%2FTokyo`, 'accept-language': 'he' },
    });
    expect(res.body).toContain('<html lang="ja" dir="ltr">');
    expect(res.body).toContain('data-user="Carla Cookie" data-status="200" data-url="/events/abc" data-tz="Asia/Tokyo">ja</main>');
  });

  it('ignores a zone cookie that names no zone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/events', headers: { cookie: 'planns_tz=%3Cscript%3E' } });
    expect(res.body).toContain('data-tz="UTC"');
  });

  it('sends the page unrendered when the bundle fails or declines, and when rendering is off', async () => {
    for (const url of ['/events/boom', '/events/skip']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('planns-state');
      // The unrendered page preloads its data as before (decision 0033).
      expect(res.body).toContain('rel="preload" as="fetch"');
    }
    const res = await off.app.inject({ method: 'GET', url: '/events' });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('planns-state');
  });

  it("keeps the bundle's zod schemas out of the server's API document", async () => {
    await ctx.app.inject({ method: 'GET', url: '/events' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { components: { schemas: Record<string, unknown> } }).components.schemas)).toContain('GalleryItem');
  });
});
