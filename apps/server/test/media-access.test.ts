import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HIDEABLE_MEDIA_MAX_AGE_SECONDS, HIDEABLE_MEDIA_PRESIGN_SECONDS } from '../src/modules/gallery/media-access.policy.ts';
import { addFriendship, addResponse, buildEvent } from './event-factory.ts';
import { BUCKET, fakeS3Env, fakeS3Storage, startFakeS3 } from './fake-s3.ts';
import { buildUser, createTestApp, ORIGIN, signIn, type TestContext } from './harness.ts';
import { jpegBytes } from './media-fixtures.ts';

/**
 * Who may fetch what under /media (docs/decisions/0019-media-access.md): every requester against
 * every kind of file, with local storage (status, caching headers, body, HEAD, Range, ETag) and
 * with s3 (a redirect to a short-lived presigned URL, or the same 404).
 */

const PEOPLE = ['visitor', 'stranger', 'friend', 'guest', 'uploader', 'owner', 'moderator'] as const;
type Who = (typeof PEOPLE)[number];
type Expected = 'immutable' | 'public' | 'private' | 404;

const CACHE: Record<Exclude<Expected, 404>, string> = {
  immutable: 'public, max-age=31536000, immutable',
  public: `public, max-age=${HIDEABLE_MEDIA_MAX_AGE_SECONDS}`,
  private: `private, max-age=${HIDEABLE_MEDIA_MAX_AGE_SECONDS}`,
};

interface Case {
  name: string;
  urls: string[];
  expect: Record<Who, Expected>;
  /** The files went with the item (every other case's files are still stored). */
  filesRemoved?: boolean;
}

/** One expectation per person, in the order of PEOPLE. */
function row(...values: [Expected, Expected, Expected, Expected, Expected, Expected, Expected]): Record<Who, Expected> {
  return Object.fromEntries(PEOPLE.map((who, i) => [who, values[i]!])) as Record<Who, Expected>;
}
const everyone = (e: Expected) => row(e, e, e, e, e, e, e);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Olga owns a public event, a public one that holds photos for approval, a private one and a
 * friends one; Gina (guest) and Uma (uploader) are going to each; Fred is Olga's friend; Stan a
 * stranger; Mona a moderator. Uma's photos cover every state an item can be in; the events'
 * pictures and an avatar are stored beside them.
 */
async function buildScene(ctx: TestContext) {
  const { app, db, deps } = ctx;
  const person = async (name: string, options: { moderator?: boolean; cookie?: boolean } = {}) => {
    const user = await buildUser(db, { name, is_moderator: options.moderator ?? false });
    const { token, headers } = await signIn(ctx, user.id);
    // The web app's way (the session cookie) for some, an API client's bearer token for the others.
    const request: { headers?: Record<string, string>; cookies?: Record<string, string> } = options.cookie ? { cookies: { planns_session: token } } : { headers };
    return { id: user.id, request };
  };
  /** A write as this person; the cookie ones say where they come from, as the web app does. */
  const send = (who: { request: { headers?: Record<string, string>; cookies?: Record<string, string> } }, method: 'POST' | 'DELETE', url: string, payload?: object | Buffer, contentType?: string) =>
    app.inject({
      method,
      url,
      ...who.request,
      headers: { ...who.request.headers, origin: ORIGIN, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload ? { payload } : {}),
    });
  const owner = await person('Olga Owner', { cookie: true });
  const uploader = await person('Uma Uploader', { cookie: true });
  const guest = await person('Gina Guest', { cookie: true });
  const friend = await person('Fred Friend');
  const stranger = await person('Stan Stranger');
  const moderator = await person('Mona Moderator', { moderator: true });
  await addFriendship(db, owner.id, friend.id);
  const requests: Record<Who, { headers?: Record<string, string>; cookies?: Record<string, string> }> = {
    visitor: {},
    stranger: stranger.request,
    friend: friend.request,
    guest: guest.request,
    uploader: uploader.request,
    owner: owner.request,
    moderator: moderator.request,
  };

  const event = async (visibility: 'public' | 'private' | 'friends', requiresApproval = false) => {
    const e = await buildEvent(db, { user_id: owner.id, visibility });
    if (requiresApproval) await db.updateTable('events').set({ gallery_requires_approval: true }).where('id', '=', e.id).execute();
    await addResponse(db, e.id, guest.id, 'going');
    await addResponse(db, e.id, uploader.id, 'going');
    return e;
  };
  const publicEvent = await event('public');
  const approvalEvent = await event('public', true);
  const privateEvent = await event('private');
  const friendsEvent = await event('friends');

  const upload = async (eventId: number) => {
    const res = await send(uploader, 'POST', `/api/media/uploads?event_id=${eventId}`, await jpegBytes(), 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; url: string; url_l: string; url_m: string };
  };
  const addItem = async (eventId: number) => {
    const result = await upload(eventId);
    const res = await send(uploader, 'POST', `/api/gallery/${eventId}`, { cloudinary_data: result });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().data.id as number, approved: res.json().data.approved as boolean, urls: [result.url, result.url_l, result.url_m] };
  };
  const asOwner = (method: 'POST' | 'DELETE', url: string) => send(owner, method, url);

  const publicItem = await addItem(publicEvent.id);
  const pendingItem = await addItem(approvalEvent.id);
  expect(pendingItem.approved).toBe(false);
  const hiddenItem = await addItem(publicEvent.id);
  const report = await send(guest, 'POST', `/api/gallery/${hiddenItem.id}/abuse`, { reason: 'privacy' });
  expect(report.statusCode, report.body).toBe(200);
  const deletedItem = await addItem(publicEvent.id);
  expect((await asOwner('DELETE', `/api/gallery/${deletedItem.id}`)).statusCode).toBe(200);
  // Rows gone while the files stay (a removal that failed half-way): the files are no one's.
  const itemRowGone = await addItem(publicEvent.id);
  await db.deleteFrom('gallery_items').where('id', '=', itemRowGone.id).execute();
  const uploadRowGone = await addItem(publicEvent.id);
  await db.deleteFrom('media_uploads').where('url', '=', uploadRowGone.urls[0]!).execute();
  const privateItem = await addItem(privateEvent.id);
  const friendsItem = await addItem(friendsEvent.id);
  const unposted = await upload(publicEvent.id);

  const put = async (key: string) => deps.storage.put(key, crypto.randomBytes(2000 + Math.floor(Math.random() * 1000)), 'image/webp');
  const eventPicture = async (e: { id: number }) => {
    const name = crypto.randomBytes(9).toString('base64url');
    const image = await put(`events/${owner.id}/${name}-l.webp`);
    const m_image = await put(`events/${owner.id}/${name}-m.webp`);
    await db.updateTable('events').set({ image, m_image }).where('id', '=', e.id).execute();
    return [image, m_image];
  };

  const cases: Case[] = [
    { name: 'an approved item of a public event', urls: publicItem.urls, expect: everyone('public') },
    { name: 'a pending item', urls: pendingItem.urls, expect: row(404, 404, 404, 404, 'private', 'private', 'private') },
    { name: 'an item hidden by a privacy report', urls: hiddenItem.urls, expect: row(404, 404, 404, 404, 404, 'private', 'private') },
    { name: 'a deleted item', urls: deletedItem.urls, expect: everyone(404), filesRemoved: true },
    { name: 'an item whose gallery row is gone', urls: itemRowGone.urls, expect: everyone(404) },
    { name: 'an item whose upload row is gone', urls: uploadRowGone.urls, expect: everyone(404) },
    { name: 'an item of a private event', urls: privateItem.urls, expect: row(404, 404, 404, 'private', 'private', 'private', 'private') },
    { name: 'an item of a friends event', urls: friendsItem.urls, expect: row(404, 404, 'private', 'private', 'private', 'private', 'private') },
    { name: 'an upload not posted yet', urls: [unposted.url, unposted.url_l, unposted.url_m], expect: row(404, 404, 404, 404, 'private', 404, 404) },
    { name: 'the picture of a public event', urls: await eventPicture(publicEvent), expect: everyone('immutable') },
    { name: 'the picture of a private event', urls: await eventPicture(privateEvent), expect: row(404, 404, 404, 'private', 'private', 'private', 'private') },
    { name: 'the picture of a friends event', urls: await eventPicture(friendsEvent), expect: row(404, 404, 'private', 'private', 'private', 'private', 'private') },
    { name: 'an avatar', urls: [await put(`avatars/${friend.id}/${crypto.randomBytes(9).toString('base64url')}-l.webp`)], expect: everyone('immutable') },
    // An s3 upload before processing keeps the camera's metadata: planns reads it, nobody else.
    { name: 'an incoming upload object', urls: [await put(`incoming/${uploader.id}/${crypto.randomBytes(16).toString('base64url')}.bin`)], expect: everyone(404) },
  ];
  return { cases, requests, publicItem, asOwner, send, friend };
}

const keyOf = (url: string) => url.slice('/media/'.length);

describe('the media route checks who may have each file (local storage)', async () => {
  const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
  const { app, deps } = ctx;
  const scene = await buildScene(ctx);
  // A file that never existed: every refusal must look exactly like it.
  const missing = await app.inject({ method: 'GET', url: `/media/gallery/1/${crypto.randomBytes(16).toString('base64url')}-m.webp` });
  const missingHead = await app.inject({ method: 'HEAD', url: `/media/gallery/1/${crypto.randomBytes(16).toString('base64url')}-m.webp` });
  const look = (res: typeof missing) => ({
    status: res.statusCode,
    body: res.body,
    ...Object.fromEntries(['content-type', 'content-length', 'cache-control', 'vary', 'etag', 'location', 'content-range'].map((h) => [h, res.headers[h]])),
  });

  it('a missing file is a 404 no cache keeps', () => {
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it.each(PEOPLE)('serves each file to the %s as the gallery shows it, and refuses the rest like a missing file (GET, HEAD, Range, If-None-Match)', async (who) => {
    const request = scene.requests[who];
    for (const c of scene.cases) {
      const expected = c.expect[who];
      for (const url of c.urls) {
        const what = `${who}: ${c.name} (${url})`;
        const stored = await deps.storage.read(keyOf(url));
        expect(stored === null, what).toBe(c.filesRemoved ?? false);
        const bytes = stored ? await readAll(stored.stream) : Buffer.alloc(0);
        const etag = `"${bytes.length.toString(36)}"`;
        const get = await app.inject({ method: 'GET', url, ...request });
        const head = await app.inject({ method: 'HEAD', url, ...request });
        const ranged = await app.inject({ method: 'GET', url, ...request, headers: { ...request.headers, range: 'bytes=0-9' } });
        const revalidated = await app.inject({ method: 'GET', url, ...request, headers: { ...request.headers, 'if-none-match': etag } });
        if (expected === 404) {
          for (const res of [get, ranged, revalidated]) expect(look(res), what).toEqual(look(missing));
          expect(look(head), what).toEqual(look(missingHead));
          continue;
        }
        const vary = expected === 'private' ? 'Cookie, Authorization' : undefined;
        expect(get.statusCode, what).toBe(200);
        expect(get.headers['cache-control'], what).toBe(CACHE[expected]);
        expect(get.headers.vary, what).toBe(vary);
        expect(get.headers.etag, what).toBe(etag);
        expect(get.rawPayload.equals(bytes), what).toBe(true);
        expect(head.statusCode, what).toBe(200);
        expect(head.headers['cache-control'], what).toBe(CACHE[expected]);
        expect(head.headers['content-length'], what).toBe(String(bytes.length));
        expect(head.rawPayload.length, what).toBe(0);
        expect(ranged.statusCode, what).toBe(206);
        expect(ranged.headers['content-range'], what).toBe(`bytes 0-9/${bytes.length}`);
        expect(ranged.headers['cache-control'], what).toBe(CACHE[expected]);
        expect(ranged.rawPayload.equals(bytes.subarray(0, 10)), what).toBe(true);
        expect(revalidated.statusCode, what).toBe(304);
        expect(revalidated.headers['cache-control'], what).toBe(CACHE[expected]);
        expect(revalidated.headers.vary, what).toBe(vary);
        expect(revalidated.rawPayload.length, what).toBe(0);
      }
    }
  });

  it('takes a picture down the moment a privacy report hides it, and serves it again once the owner restores it', async () => {
    const url = scene.publicItem.urls[2]!;
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    // Cached by anyone for minutes, not a year: a report can still take it down.
    expect(first.headers['cache-control']).toBe(`public, max-age=${HIDEABLE_MEDIA_MAX_AGE_SECONDS}`);
    const report = await scene.send(scene.friend, 'POST', `/api/gallery/${scene.publicItem.id}/abuse`, { reason: 'privacy' });
    expect(report.statusCode, report.body).toBe(200);
    for (const who of ['visitor', 'stranger', 'friend', 'guest', 'uploader'] as const) {
      const res = await app.inject({ method: 'GET', url, ...scene.requests[who], headers: { ...scene.requests[who].headers, 'if-none-match': String(first.headers.etag) } });
      expect(look(res), who).toEqual(look(missing));
    }
    const owners = await app.inject({ method: 'GET', url, ...scene.requests.owner });
    expect(owners.statusCode).toBe(200);
    expect(owners.headers['cache-control']).toBe(`private, max-age=${HIDEABLE_MEDIA_MAX_AGE_SECONDS}`);

    expect((await scene.asOwner('POST', `/api/gallery/${scene.publicItem.id}/approve`)).statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe(`public, max-age=${HIDEABLE_MEDIA_MAX_AGE_SECONDS}`);
  });
});

describe('the media route checks who may have each file (s3 storage)', async () => {
  const PRESIGN_SECONDS = 3600;
  const fake = await startFakeS3();
  const ctx = await createTestApp({ storage: fakeS3Storage(fake.endpoint, PRESIGN_SECONDS), env: { ...fakeS3Env(fake.endpoint, PRESIGN_SECONDS), RATE_LIMIT_MAX: '1000000' } });
  const { app } = ctx;
  const scene = await buildScene(ctx);

  it.each(PEOPLE)('redirects the %s to a presigned URL only for the files they may have, short-lived unless public for good', async (who) => {
    const request = scene.requests[who];
    for (const c of scene.cases) {
      const expected = c.expect[who];
      for (const url of c.urls) {
        const what = `${who}: ${c.name} (${url})`;
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await app.inject({ method, url, ...request });
          if (expected === 404) {
            expect(res.statusCode, what).toBe(404);
            expect(res.headers.location, what).toBeUndefined();
            expect(res.headers['cache-control'], what).toBe('no-store');
            continue;
          }
          expect(res.statusCode, what).toBe(302);
          const location = new URL(String(res.headers.location));
          expect(`${location.origin}${location.pathname}`, what).toBe(`${fake.endpoint}/${BUCKET}/${keyOf(url)}`);
          if (expected === 'immutable') {
            expect(location.searchParams.get('X-Amz-Expires'), what).toBe(String(PRESIGN_SECONDS));
            expect(res.headers['cache-control'], what).toBe(`private, max-age=${PRESIGN_SECONDS - 60}`);
          } else {
            // What can still be hidden: a URL that lives minutes, and a redirect kept nowhere.
            expect(location.searchParams.get('X-Amz-Expires'), what).toBe(String(HIDEABLE_MEDIA_PRESIGN_SECONDS));
            expect(res.headers['cache-control'], what).toBe('private, no-store');
          }
          expect(res.headers.vary, what).toBe(expected === 'private' ? 'Cookie, Authorization' : undefined);
          if (method === 'GET') {
            const fetched = await fetch(location);
            expect(fetched.status, what).toBe(200);
            expect(Buffer.from(await fetched.arrayBuffer()).equals(fake.objects.get(keyOf(url))!.body), what).toBe(true);
          }
        }
      }
    }
  });
});
