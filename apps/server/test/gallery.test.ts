import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GALLERY_MESSAGES } from '@planns/shared/gallery/gallery.rules';
import { sweepStaleUploads } from '../src/modules/gallery/media-uploads.service.ts';
import { addResponse, buildEvent, mediaExists, mediaFiles } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';
import { jpegBytes, mp4Bytes, pngBomb, pngBytes, webmBytes } from './media-fixtures.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db, clock, dataDir } = ctx;

type Headers = Record<string, string>;
async function person(name: string, options: { moderator?: boolean } = {}) {
  const user = await buildUser(db, { name, is_moderator: options.moderator ?? false });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

const upload = (headers: Headers, eventId: number, body: Buffer, contentType = 'application/octet-stream') =>
  app.inject({ method: 'POST', url: `/api/media/uploads?event_id=${eventId}`, headers: { ...headers, 'content-type': contentType }, payload: body });
const post = (headers: Headers, eventId: number, data: unknown) => app.inject({ method: 'POST', url: `/api/gallery/${eventId}`, headers, payload: { cloudinary_data: data } });
const list = (headers: Headers, eventId: number) => app.inject({ method: 'GET', url: `/api/gallery/${eventId}`, headers });
const listVisitor = (eventId: number) => app.inject({ method: 'GET', url: `/api/gallery/${eventId}/unregistered` });
const call = (method: 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: Record<string, unknown>) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

/** Uploads and posts a picture; answers the new item. */
async function addPhoto(headers: Headers, eventId: number, bytes?: Buffer) {
  const up = await upload(headers, eventId, bytes ?? (await jpegBytes()));
  expect(up.statusCode, up.body).toBe(200);
  const res = await post(headers, eventId, up.json().data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; url: string; url_m: string; url_l: string; approved: boolean };
}

const galleryFiles = async () => (await mediaFiles(dataDir)).filter((f) => f.startsWith('gallery/'));
const tmpFiles = async () => (await fs.readdir(path.join(dataDir, 'tmp')).catch(() => [])).filter((f) => f.startsWith('upload-'));
const ids = (res: { json: () => { data: { data: { id: number }[] } } }) => res.json().data.data.map((i) => i.id);

/** An event with its owner, a going guest, a maybe guest, a guest who said no, a stranger and a moderator. */
async function scene(overrides: Parameters<typeof buildEvent>[1] = {}) {
  const owner = await person('Olga Owner');
  const event = await buildEvent(db, { user_id: owner.user.id, ...overrides });
  const going = await person('Gina Going');
  const maybe = await person('Max Maybe');
  const no = await person('Nora No');
  const stranger = await person('Stan Stranger');
  const moderator = await person('Mona Moderator', { moderator: true });
  await addResponse(db, event.id, going.user.id, 'going');
  await addResponse(db, event.id, maybe.user.id, 'maybe');
  await addResponse(db, event.id, no.user.id, 'rejected');
  return { event, owner, going, maybe, no, stranger, moderator };
}

describe('gallery uploads', () => {
  it('re-encodes a picture into three WebP sizes, upright and without its metadata, and lists it newest first', async () => {
    const { event, going } = await scene();
    const first = await addPhoto(going.headers, event.id, await pngBytes());
    clock.advance(1000);
    const up = await upload(going.headers, event.id, await jpegBytes(3000, 2000, { orientation: 6 }), 'image/jpeg');
    expect(up.statusCode, up.body).toBe(200);
    const result = up.json().data;
    // Orientation 6 is a quarter turn: the stored picture is portrait, its longest side 2560.
    expect(result).toMatchObject({ resource_type: 'image', format: 'jpeg', width: 1707, height: 2560 });
    expect(result.bytes).toBeGreaterThan(0);
    for (const url of [result.url, result.url_l, result.url_m]) {
      expect(url).toMatch(/^\/media\/gallery\/\d+\/[\w-]+(-[lm])?\.webp$/);
      // Not posted yet: only its uploader may fetch it (media-access.test.ts).
      const media = await app.inject({ method: 'GET', url, headers: going.headers });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/webp');
      expect(media.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(media.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(media.rawPayload.includes('secret-exif-marker')).toBe(false);
    }
    expect((await sharp((await app.inject({ method: 'GET', url: result.url_m, headers: going.headers })).rawPayload).metadata()).height).toBe(480);
    expect((await sharp((await app.inject({ method: 'GET', url: result.url_l, headers: going.headers })).rawPayload).metadata()).height).toBe(1280);

    const second = await post(going.headers, event.id, result);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ type: 'image', approved: true, is_hidden: false, likes_count: 0, user_uploaded: { id: going.user.id, name: 'Gina Going' } });
    const res = await list(going.headers, event.id);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([second.json().data.id, first.id]);
    expect(JSON.stringify(res.json())).not.toMatch(/phone|\+1202/);
    expect(await tmpFiles()).toEqual([]);
  });

  it('stores MP4, QuickTime and WebM videos as they came, with their size read from the container, and serves byte ranges', async () => {
    const { event, owner } = await scene();
    const cases = [
      { bytes: mp4Bytes(640, 360), format: 'mp4', type: 'video/mp4', width: 640, height: 360 },
      { bytes: mp4Bytes(1920, 1080, 'qt  '), format: 'mov', type: 'video/quicktime', width: 1920, height: 1080 },
      { bytes: webmBytes(320, 240), format: 'webm', type: 'video/webm', width: 320, height: 240 },
    ];
    for (const c of cases) {
      const up = await upload(owner.headers, event.id, c.bytes, 'video/whatever');
      expect(up.statusCode, up.body).toBe(200);
      const result = up.json().data;
      expect(result).toMatchObject({ resource_type: 'video', format: c.format, width: c.width, height: c.height, bytes: c.bytes.length });
      expect(result.url).toMatch(new RegExp(`\\.${c.format}$`));
      expect(result.url_m).toBe(result.url);
      const media = await app.inject({ method: 'GET', url: result.url, headers: owner.headers });
      expect(media.headers['content-type']).toBe(c.type);
      expect(media.rawPayload.equals(c.bytes)).toBe(true);
      const item = await post(owner.headers, event.id, result);
      expect(item.json().data.type).toBe('video');
    }
  });

  it('refuses a file with a .jpg name holding HTML, and leaves nothing behind', async () => {
    const { event, going } = await scene();
    const before = await galleryFiles();
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const res = await app.inject({
      method: 'POST',
      url: `/api/media/uploads?event_id=${event.id}`,
      headers: { ...going.headers, 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="holiday.jpg"' },
      payload: html,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'unsupported_media_type', fields: { file: GALLERY_MESSAGES.unsupportedType } });
    const svg = await upload(going.headers, event.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
    expect(svg.statusCode).toBe(415);
    const empty = await upload(going.headers, event.id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(await galleryFiles()).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
  });

  it('reads AVIF pictures, and says to save a HEIC picture as JPEG when this build cannot decode it', async () => {
    const { event, going } = await scene();
    const avif = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 1, g: 2, b: 3 } } }).avif().toBuffer();
    const ok = await upload(going.headers, event.id, avif, 'image/avif');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ resource_type: 'image', format: 'avif', width: 64, height: 48 });
    // A HEIC container whose HEVC picture sharp's prebuilt libvips cannot decode.
    const heic = Buffer.concat([Buffer.from('0000001c667479706865696300000000686569636d696631', 'hex'), Buffer.alloc(200, 9)]);
    const res = await upload(going.headers, event.id, heic, 'image/heic');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.fields.file).toBe(GALLERY_MESSAGES.heicUnreadable);
    expect(await tmpFiles()).toEqual([]);
  });

  it('refuses a decompression bomb within a second without the memory growing by 100 MB', async () => {
    const { event, going } = await scene();
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(going.headers, event.id, bomb, 'image/png');
    const elapsed = performance.now() - started;
    const grown = process.memoryUsage().rss - rssBefore;
    expect(res.statusCode).toBe(413);
    expect(res.json().error.fields.file).toBe(GALLERY_MESSAGES.tooManyPixels);
    expect(elapsed).toBeLessThan(1000);
    expect(grown).toBeLessThan(100 * 1024 * 1024);
    expect(await tmpFiles()).toEqual([]);
  });

  it('refuses a truncated JPEG', async () => {
    const { event, going } = await scene();
    const whole = await jpegBytes(800, 600, { noise: true });
    const res = await upload(going.headers, event.id, whole.subarray(0, Math.floor(whole.length / 2)), 'image/jpeg');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.file).toBe(GALLERY_MESSAGES.unreadable);
    expect(await tmpFiles()).toEqual([]);
  });

  it('stops a picture over 15 MB while it is still arriving, and a declared video over 200 MB at once', async () => {
    const { event, going } = await scene();
    const before = await galleryFiles();
    const big = Buffer.concat([await jpegBytes(), Buffer.alloc(16 * 1024 * 1024, 1)]);
    const res = await upload(going.headers, event.id, big, 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.fields.file).toBe(GALLERY_MESSAGES.imageTooBig);
    const declared = await app.inject({
      method: 'POST',
      url: `/api/media/uploads?event_id=${event.id}`,
      headers: { ...going.headers, 'content-type': 'video/mp4', 'content-length': String(201 * 1024 * 1024) },
      payload: mp4Bytes(),
    });
    expect(declared.statusCode).toBe(413);
    const presign = await call('POST', `/api/media/uploads/presign?event_id=${event.id}`, going.headers, { content_type: 'video/mp4', bytes: 201 * 1024 * 1024 });
    expect(presign.statusCode).toBe(422);
    expect(presign.json().error.fields.bytes).toBe(GALLERY_MESSAGES.videoTooBig);
    const presignImage = await call('POST', `/api/media/uploads/presign?event_id=${event.id}`, going.headers, { content_type: 'image/png', bytes: 16 * 1024 * 1024 });
    expect(presignImage.statusCode).toBe(413);
    expect(await galleryFiles()).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
  });

  it('takes a presigned upload in three steps: presign, PUT the bytes, complete', async () => {
    const { event, maybe, stranger } = await scene();
    const bytes = await jpegBytes(640, 480);
    const presign = await call('POST', `/api/media/uploads/presign?event_id=${event.id}`, maybe.headers, { content_type: 'image/jpeg', bytes: bytes.length });
    expect(presign.statusCode, presign.body).toBe(200);
    const target = presign.json().data;
    expect(target).toMatchObject({ method: 'PUT', url: `/api/media/uploads/${target.id}`, headers: { 'content-type': 'image/jpeg' } });
    // Not yet sent: nothing to complete.
    expect((await call('POST', `/api/media/uploads/${target.id}/complete`, maybe.headers)).statusCode).toBe(409);
    // Somebody else's upload is not theirs to fill.
    const theirs = await app.inject({ method: 'PUT', url: target.url, headers: { ...stranger.headers, 'content-type': 'image/jpeg' }, payload: bytes });
    expect(theirs.statusCode).toBe(404);
    const put = await app.inject({ method: 'PUT', url: target.url, headers: { ...maybe.headers, 'content-type': 'image/jpeg' }, payload: bytes });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ id: target.id, resource_type: 'image', width: 640, height: 480 });
    const again = await app.inject({ method: 'PUT', url: target.url, headers: { ...maybe.headers, 'content-type': 'image/jpeg' }, payload: bytes });
    expect(again.statusCode).toBe(409);
    const complete = await call('POST', `/api/media/uploads/${target.id}/complete`, maybe.headers);
    expect(complete.statusCode).toBe(200);
    expect(complete.json().data).toEqual(put.json().data);
    expect((await call('POST', `/api/media/uploads/${target.id}/complete`, stranger.headers)).statusCode).toBe(404);
    const item = await post(maybe.headers, event.id, complete.json().data);
    expect(item.statusCode).toBe(200);
  });

  it('accepts a posted upload only from the user it was issued to, for its event, once', async () => {
    const { event, going, maybe } = await scene();
    const other = await buildEvent(db, { user_id: going.user.id });
    const up = (await upload(going.headers, event.id, await pngBytes())).json().data;
    expect((await post(maybe.headers, event.id, up)).json().error.fields).toEqual({ cloudinary_data: GALLERY_MESSAGES.uploadNotYours });
    expect((await post(going.headers, other.id, up)).statusCode).toBe(422);
    expect((await post(going.headers, event.id, { ...up, id: 'made-up-upload-id' })).statusCode).toBe(422);
    expect((await post(going.headers, event.id, { url: up.url })).statusCode).toBe(422);
    // Posted twice at the same moment: one item.
    const [a, b] = await Promise.all([post(going.headers, event.id, up), post(going.headers, event.id, up)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect(ids(await list(going.headers, event.id))).toHaveLength(1);
  });

  it('sweeps uploads never posted after a day, with their files', async () => {
    const { event, going } = await scene();
    const kept = await addPhoto(going.headers, event.id);
    const orphan = (await upload(going.headers, event.id, await pngBytes())).json().data;
    expect(await mediaExists(dataDir, orphan.url)).toBe(true);
    clock.advance(25 * 60 * 60 * 1000);
    expect(await sweepStaleUploads(ctx.deps)).toBeGreaterThanOrEqual(1);
    for (const url of [orphan.url, orphan.url_l, orphan.url_m]) expect(await mediaExists(dataDir, url)).toBe(false);
    expect(await mediaExists(dataDir, kept.url)).toBe(true);
    expect((await post(going.headers, event.id, orphan)).statusCode).toBe(422);
  });
});

describe('gallery permissions', () => {
  it('lets going and maybe guests and the owner upload; not a stranger, a guest who said no, a moderator or a visitor', async () => {
    const { event, owner, going, maybe, no, stranger, moderator } = await scene();
    const png = await pngBytes();
    for (const who of [owner, going, maybe]) expect((await upload(who.headers, event.id, png)).statusCode).toBe(200);
    for (const who of [no, stranger, moderator]) {
      const res = await upload(who.headers, event.id, png);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(GALLERY_MESSAGES.uploadOnlyGuests);
      expect((await call('POST', `/api/media/uploads/presign?event_id=${event.id}`, who.headers, { content_type: 'image/png', bytes: 10 })).statusCode).toBe(403);
    }
    expect((await upload({}, event.id, png)).statusCode).toBe(401);
    expect((await post({}, event.id, { id: 'whatever-id' })).statusCode).toBe(401);
  });

  it('shows a public gallery to visitors and strangers; a private one to nobody outside it', async () => {
    const open = await scene();
    const photo = await addPhoto(open.going.headers, open.event.id);
    expect(ids(await listVisitor(open.event.id))).toEqual([photo.id]);
    expect(ids(await list(open.stranger.headers, open.event.id))).toEqual([photo.id]);
    expect((await list({}, open.event.id)).statusCode).toBe(401);

    const closed = await scene({ visibility: 'private' });
    const hidden = await addPhoto(closed.going.headers, closed.event.id);
    expect((await listVisitor(closed.event.id)).statusCode).toBe(404);
    expect((await list(closed.stranger.headers, closed.event.id)).statusCode).toBe(404);
    expect(ids(await list(closed.going.headers, closed.event.id))).toEqual([hidden.id]);
    expect(ids(await list(closed.moderator.headers, closed.event.id))).toEqual([hidden.id]);
    // Nor can a stranger reach its items one by one.
    for (const [method, url, payload] of [
      ['POST', `/api/gallery/${hidden.id}/like`, undefined],
      ['POST', `/api/gallery/${hidden.id}/abuse`, { reason: 'inappropriate' }],
      ['DELETE', `/api/gallery/${hidden.id}`, undefined],
      ['POST', `/api/gallery/${hidden.id}/approve`, undefined],
    ] as const) {
      expect((await call(method, url, closed.stranger.headers, payload)).statusCode).toBe(404);
    }
    expect((await listVisitor(999_999)).statusCode).toBe(404);
  });

  it('deletes for the owner, a moderator and the uploader only, with the files', async () => {
    const { event, owner, going, maybe, stranger, moderator } = await scene();
    const a = await addPhoto(going.headers, event.id);
    const b = await addPhoto(going.headers, event.id);
    const c = await addPhoto(maybe.headers, event.id);
    for (const who of [stranger, maybe]) {
      const res = await call('DELETE', `/api/gallery/${a.id}`, who.headers);
      expect(res.statusCode).toBe(403);
    }
    expect((await call('DELETE', `/api/gallery/${a.id}`)).statusCode).toBe(401);
    const listed = await list(going.headers, event.id);
    expect(listed.json().data.data.map((i: { id: number; can_delete: boolean }) => [i.id, i.can_delete])).toEqual([
      [c.id, false],
      [b.id, true],
      [a.id, true],
    ]);
    expect((await call('DELETE', `/api/gallery/${a.id}`, owner.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/gallery/${b.id}`, moderator.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/gallery/${c.id}`, maybe.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/gallery/${c.id}`, maybe.headers)).statusCode).toBe(404);
    for (const item of [a, b, c]) for (const url of [item.url, item.url_l, item.url_m]) expect(await mediaExists(dataDir, url)).toBe(false);
    expect(ids(await list(owner.headers, event.id))).toEqual([]);
  });

  it('removes the gallery files with the event', async () => {
    const { event, owner, going } = await scene();
    const photo = await addPhoto(going.headers, event.id);
    const res = await call('DELETE', `/api/events/${event.id}`, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(await mediaExists(dataDir, photo.url)).toBe(false);
    expect(await mediaExists(dataDir, photo.url_m)).toBe(false);
  });

  it('holds items for approval when the owner asks: the uploader, the owner and moderators see them pending', async () => {
    const { event, owner, going, maybe, stranger, moderator } = await scene();
    await db.updateTable('events').set({ gallery_requires_approval: true }).where('id', '=', event.id).execute();
    const pending = await addPhoto(going.headers, event.id);
    expect(pending.approved).toBe(false);
    const own = await addPhoto(owner.headers, event.id);
    expect(own.approved).toBe(true);
    expect(ids(await list(going.headers, event.id))).toEqual([own.id, pending.id]);
    for (const who of [maybe, stranger]) expect(ids(await list(who.headers, event.id))).toEqual([own.id]);
    expect(ids(await listVisitor(event.id))).toEqual([own.id]);
    const ownerView = (await list(owner.headers, event.id)).json().data.data;
    expect(ownerView.map((i: { id: number; approved: boolean; can_moderate: boolean }) => [i.id, i.approved, i.can_moderate])).toEqual([
      [own.id, true, true],
      [pending.id, false, true],
    ]);
    expect(ids(await list(moderator.headers, event.id))).toEqual([own.id, pending.id]);
    // Nobody else reaches a pending item, and only the owner or a moderator approves it.
    expect((await call('POST', `/api/gallery/${pending.id}/like`, stranger.headers)).statusCode).toBe(404);
    expect((await call('POST', `/api/gallery/${pending.id}/approve`, going.headers)).statusCode).toBe(403);
    const approved = await call('POST', `/api/gallery/${pending.id}/approve`, owner.headers);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.approved).toBe(true);
    expect(ids(await list(stranger.headers, event.id))).toEqual([own.id, pending.id]);
  });

  it('event gallery_requires_approval is set through the event form fields', async () => {
    const { event, owner } = await scene();
    const page = await app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: owner.headers });
    expect(page.json().data.gallery_requires_approval).toBe(false);
  });
});

describe('gallery likes and reports', () => {
  it('toggles a like, answering the updated item with its likers', async () => {
    const { event, going, maybe, stranger } = await scene();
    const photo = await addPhoto(going.headers, event.id);
    const liked = await call('POST', `/api/gallery/${photo.id}/like`, maybe.headers);
    expect(liked.statusCode).toBe(200);
    expect(liked.json().data).toMatchObject({ id: photo.id, is_liked: true, likes_count: 1, likes: [{ user_id: maybe.user.id, user: { name: 'Max Maybe' } }] });
    await call('POST', `/api/gallery/${photo.id}/like`, stranger.headers);
    const other = (await list(going.headers, event.id)).json().data.data[0];
    expect(other).toMatchObject({ is_liked: false, likes_count: 2 });
    const unliked = await call('POST', `/api/gallery/${photo.id}/like`, maybe.headers);
    expect(unliked.json().data).toMatchObject({ is_liked: false, likes_count: 1 });
    // Ten quick taps by one person leave the count exact.
    await Promise.all(Array.from({ length: 10 }, () => call('POST', `/api/gallery/${photo.id}/like`, going.headers)));
    const row = await db.selectFrom('gallery_items').select('likes_count').where('id', '=', photo.id).executeTakeFirstOrThrow();
    const real = await db.selectFrom('gallery_likes').select((eb) => eb.fn.countAll<number>().as('n')).where('gallery_id', '=', photo.id).executeTakeFirstOrThrow();
    expect(row.likes_count).toBe(Number(real.n));
    expect((await call('POST', `/api/gallery/${photo.id}/like`)).statusCode).toBe(401);
    expect((await call('POST', `/api/gallery/999999/like`, going.headers)).statusCode).toBe(404);
  });

  it('takes one report per person, with a description only for other', async () => {
    const { event, owner, going, stranger, maybe } = await scene();
    const photo = await addPhoto(going.headers, event.id);
    const bad = await call('POST', `/api/gallery/${photo.id}/abuse`, stranger.headers, { reason: 'spam' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.reason).toBeTruthy();
    const noText = await call('POST', `/api/gallery/${photo.id}/abuse`, stranger.headers, { reason: 'other', description: '   ' });
    expect(noText.statusCode).toBe(422);
    expect(noText.json().error.fields).toEqual({ description: GALLERY_MESSAGES.describeOther });
    const first = await call('POST', `/api/gallery/${photo.id}/abuse`, stranger.headers, { reason: 'inappropriate', description: 'ignored' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ gallery_id: photo.id, reason: 'inappropriate' });
    const second = await call('POST', `/api/gallery/${photo.id}/abuse`, stranger.headers, { reason: 'other', description: 'Still bad' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('You already sent report for this image');
    const other = await call('POST', `/api/gallery/${photo.id}/abuse`, maybe.headers, { reason: 'other', description: 'Blurry ad' });
    expect(other.statusCode).toBe(200);
    const stored = await db.selectFrom('gallery_reports').select(['reason', 'description']).where('gallery_id', '=', photo.id).orderBy('id').execute();
    expect(stored).toEqual([
      { reason: 'inappropriate', description: null },
      { reason: 'other', description: 'Blurry ad' },
    ]);
    // The reporter sees is_abused; the owner sees the count; others see 0.
    expect((await list(stranger.headers, event.id)).json().data.data[0]).toMatchObject({ is_abused: true, reports_count: 0 });
    expect((await list(owner.headers, event.id)).json().data.data[0]).toMatchObject({ is_abused: false, reports_count: 2 });
    expect((await call('POST', `/api/gallery/${photo.id}/abuse`, {}, { reason: 'privacy' })).statusCode).toBe(401);
  });

  it("hides an item reported for privacy from all but the owner and moderators until one of them restores it", async () => {
    const { event, owner, going, maybe, stranger, moderator } = await scene();
    const photo = await addPhoto(going.headers, event.id);
    const res = await call('POST', `/api/gallery/${photo.id}/abuse`, maybe.headers, { reason: 'privacy' });
    expect(res.statusCode).toBe(200);
    for (const who of [going, maybe, stranger]) expect(ids(await list(who.headers, event.id))).toEqual([]);
    expect(ids(await listVisitor(event.id))).toEqual([]);
    expect((await call('DELETE', `/api/gallery/${photo.id}`, going.headers)).statusCode).toBe(404);
    const ownerView = (await list(owner.headers, event.id)).json().data.data;
    expect(ownerView).toMatchObject([{ id: photo.id, is_hidden: true, reports_count: 1 }]);
    expect(ids(await list(moderator.headers, event.id))).toEqual([photo.id]);
    const restored = await call('POST', `/api/gallery/${photo.id}/approve`, moderator.headers);
    expect(restored.json().data.is_hidden).toBe(false);
    expect(ids(await list(stranger.headers, event.id))).toEqual([photo.id]);
  });
});

describe('gallery in the API document', () => {
  it('lists every gallery and media call in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/gallery/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
    for (const p of ['/api/gallery/{id}/unregistered', '/api/gallery/{id}/like', '/api/gallery/{id}/abuse', '/api/gallery/{id}/approve', '/api/media/uploads', '/api/media/uploads/presign', '/api/media/uploads/{id}', '/api/media/uploads/{id}/complete']) {
      expect(paths[p], p).toBeDefined();
    }
    expect(JSON.stringify(paths['/api/gallery/{id}/abuse'])).toContain('inappropriate');
  });
});
