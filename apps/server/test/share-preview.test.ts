import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addInvite, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp } from './harness.ts';

// The web app's real index.html (the source, whose markers the build keeps) as the built page.
const sourceIndex = await fs.readFile(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
const webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-web-'));
await fs.writeFile(path.join(webDir, 'index.html'), sourceIndex);
afterAll(() => fs.rm(webDir, { recursive: true, force: true }));

const ctx = await createTestApp({ env: { WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://planns.example' } });
const { app, db } = ctx;

/** The content of every <meta> with this property or name (decoded), in order. */
function metas(html: string, key: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`, 'g');
  for (const m of html.matchAll(re)) {
    out.push(m[1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  }
  return out;
}

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
}

describe('link previews of event pages (Open Graph, Twitter cards)', () => {
  it('describes a public event: name, when in the place\'s time zone, venue, picture, canonical address', async () => {
    const event = await buildEvent(db, {
      name: 'Jazz at the Harbour',
      description: 'A long evening of jazz by the sea,   with guests.\nBring a friend.',
      start_date: '2026-12-05T19:00:00Z',
      end_date: '2026-12-05T22:30:00Z',
      venue: 'Port Vell',
      address: 'Moll de la Fusta 1, 08039 Barcelona',
      lat: 41.3766,
      lng: 2.1786,
      image: '/media/events/1/1-l.webp',
      m_image: '/media/events/1/1-m.webp',
    });
    for (const ref of [event.hash, String(event.id)]) {
      const html = await page(`/events/${ref}`);
      expect(html).toContain('<title>Jazz at the Harbour · planns</title>');
      expect(metas(html, 'og:title')).toEqual(['Jazz at the Harbour']);
      expect(metas(html, 'twitter:title')).toEqual(['Jazz at the Harbour']);
      expect(metas(html, 'og:url')).toEqual([`https://planns.example/events/${event.hash}`]);
      expect(html).toContain(`<link rel="canonical" href="https://planns.example/events/${event.hash}" />`);
      expect(metas(html, 'og:image')).toEqual(['https://planns.example/media/events/1/1-l.webp']);
      expect(metas(html, 'twitter:image')).toEqual(['https://planns.example/media/events/1/1-l.webp']);
      expect(metas(html, 'twitter:card')).toEqual(['summary_large_image']);
      // The page's largest paint, the picture it shows first, is fetched from the HTML at once.
      expect(html.match(/<link rel="preload" as="image"[^>]*>/g)).toEqual(['<link rel="preload" as="image" href="/media/events/1/1-l.webp" fetchpriority="high" />']);
      // And the event itself, at the address the app asks for it (get-event.ts).
      expect(html.match(/<link rel="preload" as="fetch"[^>]*>/g)).toEqual([
        `<link rel="preload" as="fetch" href="/api/events-no-auth/${ref}?full=true" crossorigin="anonymous" />`,
      ]);
      const [description] = metas(html, 'og:description');
      // 19:00 UTC is 20:00 in Barcelona in December (CET), and the end 23:30.
      expect(description).toMatch(/^Sat, Dec 5, 2026, 8:00\s*[–-]\s*11:30\sPM · Port Vell — A long evening of jazz by the sea, with guests\. Bring a friend\./);
      expect(metas(html, 'description')).toEqual([description]);
      // Only the event's tags: the generic ones are replaced, not duplicated.
      expect(metas(html, 'og:site_name')).toEqual(['planns']);
      expect(html.match(/<title>/g)).toHaveLength(1);
      // Visitors never get the address; neither do link previews.
      expect(html).not.toContain('Moll de la Fusta');
      // The app itself still loads.
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('writes the date in the language asked for (Accept-Language), else English', async () => {
    const event = await buildEvent(db, { name: 'Festa Major', start_date: '2026-08-15T16:00:00Z', lat: 41.3874, lng: 2.1686 });
    const es = await page(`/events/${event.hash}`, { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' });
    expect(metas(es, 'og:locale')).toEqual(['es']);
    expect(metas(es, 'og:description')[0]).toMatch(/sáb, 15 ago 2026, 18:00/);
    const unknown = await page(`/events/${event.hash}`, { 'accept-language': 'de-DE' });
    expect(metas(unknown, 'og:locale')).toEqual(['en']);
  });

  it('names UTC for an online event, which has no place, and never shows its link', async () => {
    const event = await buildEvent(db, {
      name: 'Remote meetup',
      location_type: 'virtual',
      url: 'https://meet.example/secret-room',
      start_date: '2026-03-10T17:00:00Z',
      end_date: null,
      lat: null,
      lng: null,
    });
    const html = await page(`/events/${event.hash}`);
    expect(metas(html, 'og:description')[0]).toMatch(/^Tue, Mar 10, 2026, 5:00\sPM UTC$/);
    expect(metas(html, 'twitter:card')).toEqual(['summary']);
    expect(metas(html, 'og:image')).toEqual([]);
    expect(html).not.toContain('rel="preload" as="image"');
    expect(html).not.toContain('secret-room');
  });

  it('escapes user text: a name or description with markup stays text', async () => {
    const event = await buildEvent(db, {
      name: 'Party "<script>alert(1)</script>" & more',
      description: '</title><img src=x onerror=alert(2)>',
    });
    const html = await page(`/events/${event.hash}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<title>Party &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; more · planns</title>');
    expect(metas(html, 'og:title')).toEqual(['Party "<script>alert(1)</script>" & more']);
  });

  it('clips a long description for the preview', async () => {
    const event = await buildEvent(db, { name: 'Long', description: 'word '.repeat(200) });
    const [description] = metas(await page(`/events/${event.hash}`), 'og:description');
    expect(description!.length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/word…$/);
  });

  it('tells nothing about private, friends-only, taken-down or missing events: the generic preview', async () => {
    const owner = await buildUser(db, { name: 'Secret Owner' });
    const invitee = await buildUser(db, { name: 'Invitee' });
    const privateEvent = await buildEvent(db, { user_id: owner.id, name: 'Secret surprise party', visibility: 'private' });
    await addInvite(db, privateEvent.id, invitee.id, owner.id);
    const friendsEvent = await buildEvent(db, { user_id: owner.id, name: 'Friends only dinner', visibility: 'friends' });
    const hidden = await buildEvent(db, { user_id: owner.id, name: 'Removed by moderator', deleted_by_moderator_at: new Date('2026-01-12T00:00:00Z') });
    for (const [url, name] of [
      [`/events/${privateEvent.hash}`, 'Secret surprise party'],
      [`/events/${privateEvent.id}`, 'Secret surprise party'],
      [`/events/${friendsEvent.hash}`, 'Friends only dinner'],
      [`/events/${hidden.hash}`, 'Removed by moderator'],
      ['/events/Zzzzzzzzzz', null],
      ['/events/2147483647', null],
      ['/events/not-a-ref', null],
    ] as const) {
      const html = await page(url);
      if (name) expect(html).not.toContain(name);
      expect(metas(html, 'og:title')).toEqual(['planns']);
      expect(metas(html, 'og:url')).toEqual([]);
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('serves the same preview to HEAD and leaves other pages alone', async () => {
    const event = await buildEvent(db, { name: 'Head check' });
    const head = await app.inject({ method: 'HEAD', url: `/events/${event.hash}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    const home = await page('/');
    expect(metas(home, 'og:title')).toEqual(['planns']);
    const other = await page('/my-events');
    expect(metas(other, 'og:title')).toEqual(['planns']);
  });
});

describe('the events list page', () => {
  it("preloads, for a visitor, the pictures of the list's first-screen cards (its largest paint), and nothing for a signed-in person", async () => {
    const at = (minutes: number) => new Date(ctx.clock.now().getTime() + minutes * 60_000).toISOString();
    await buildEvent(db, { name: 'First on the list', start_date: at(1), image: '/media/events/1/first-l.webp', m_image: '/media/events/1/first-m.webp' });
    await buildEvent(db, { name: 'Second, no picture', start_date: at(2) });
    await buildEvent(db, { name: 'Third', start_date: at(3), image: '/media/events/1/third-l.webp', m_image: '/media/events/1/third-m.webp' });
    const list = (await app.inject({ method: 'GET', url: '/api/events-na?per_page=3' })).json() as { data: { data: { name: string }[] } };
    expect(list.data.data.map((e) => e.name)).toEqual(['First on the list', 'Second, no picture', 'Third']);
    const html = await page('/events');
    // FIRST_SCREEN_CARDS is 2: the first card's picture; the second has none; the third is below the fold.
    // And the list itself, at the address the app asks for it (eventListRequestPath).
    // (No build manifest here, so no chunks: route-preloads.test.ts reads one.)
    expect(html.match(/<link rel="preload"[^>]*>/g)).toEqual([
      '<link rel="preload" as="fetch" href="/api/events-na?per_page=100&amp;page=1&amp;with_users=3&amp;with_doubt_users=0" crossorigin="anonymous" />',
      '<link rel="preload" as="image" href="/media/events/1/first-m.webp" fetchpriority="high" />',
    ]);
    expect(html).toContain('<div id="root"></div>');
    // A signed-in person's list is their own: no pictures; the list at the signed-in address.
    const signedIn = await page('/events', { cookie: 'planns_session=anything' });
    expect(signedIn.match(/<link rel="preload"[^>]*>/g)).toEqual([
      '<link rel="preload" as="fetch" href="/api/events?per_page=100&amp;page=1&amp;with_users=3&amp;with_doubt_users=0" crossorigin="anonymous" />',
    ]);
    const eventPage = await page('/events/abc', { cookie: 'planns_session=anything' });
    expect(eventPage.match(/<link rel="preload" as="fetch"[^>]*>/g)).toEqual([
      '<link rel="preload" as="fetch" href="/api/events/abc?full=true&amp;no_comments=1" crossorigin="anonymous" />',
    ]);
  });
});
