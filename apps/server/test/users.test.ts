import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@planns/shared/errors/error-codes';
import { approvePhone, buildUser, createTestApp, nextIp, nextPhone, signIn } from './harness.ts';

const ctx = await createTestApp();
const { app, db } = ctx;
const mediaRoot = path.join(ctx.dataDir, 'media');

type Injected = Awaited<ReturnType<typeof app.inject>>;

async function userWithSession(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, overrides);
  const { headers } = await signIn(ctx, user.id);
  return { user, headers };
}

async function row(id: number) {
  return db
    .selectFrom('users')
    .select(['name', 'email', 'phone', 'avatar', 'avatar_m', 'avatar_s', 'terms_accepted_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function mediaFiles(): Promise<string[]> {
  const entries = await fs.readdir(mediaRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function image(format: 'png' | 'jpeg' | 'gif', width = 300, height = 200): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });
  if (format === 'png') return base.png().toBuffer();
  if (format === 'jpeg') return base.jpeg().toBuffer();
  return base.gif().toBuffer();
}

/** A valid 1-bit greyscale PNG of width x height, all black: tiny as a file, huge once decoded. */
function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function putAvatar(id: number, headers: Record<string, string>, extension: string, base64: string) {
  return app.inject({ method: 'PUT', url: `/api/users/${id}/avatar`, headers, payload: { extension, base64 } });
}

function putUser(id: number, headers: Record<string, string>, payload: Record<string, unknown>, cookies?: Record<string, string>) {
  return app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload, remoteAddress: nextIp(), ...(cookies ? { cookies } : {}) });
}

function setName(headers: Record<string, string>, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/set-name', headers, payload, remoteAddress: nextIp() });
}

function expectNoLeak(res: Injected, other: { phone: string | null; email: string | null }) {
  if (other.phone) expect(res.body).not.toContain(other.phone);
  if (other.email) expect(res.body).not.toContain(other.email);
}

async function expectAvatarServed(url: string, size: number) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(String(res.headers['content-security-policy'])).toMatch(/(^|;)\s*sandbox\b/);
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.format).toBe('webp');
  expect([meta.width, meta.height]).toEqual([size, size]);
}

describe('GET /api/user', () => {
  it('answers the signed-in user with phone, email, groups and current_group', async () => {
    const { user, headers } = await userWithSession({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const res = await app.inject({ method: 'GET', url: '/api/user', headers });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({
      id: user.id,
      name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: user.phone,
      avatar: null,
      avatar_m: null,
      avatar_s: null,
      is_moderator: false,
      groups: [],
      current_group_id: null,
      current_group: null,
      stripe_id: null,
      stripe_approved: false,
      google_email: null,
      google_token_expires_in: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers 401 when signed out', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});

describe('POST /api/set-name', () => {
  it('trims the name and joins its parts with one space', async () => {
    const { user, headers } = await userWithSession({ name: null });
    const res = await setName(headers, { id: user.id, name: '  Ada    Lovelace  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace' });
    expect((await row(user.id)).name).toBe('Ada Lovelace');
  });

  it.each([' A ', '', '   '])('refuses the name %j (under 2 characters once trimmed)', async (name) => {
    const { user, headers } = await userWithSession({ name: 'Kept Name' });
    const res = await setName(headers, { id: user.id, name });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields.name).toEqual(expect.any(String));
    expect((await row(user.id)).name).toBe('Kept Name');
  });

  it('accepts a 2-character name', async () => {
    const { user, headers } = await userWithSession({ name: null });
    expect((await setName(headers, { id: user.id, name: ' Al ' })).json().data.name).toBe('Al');
  });

  it('requires terms_accepted true the first time, and not afterwards', async () => {
    const { user, headers } = await userWithSession({ name: null, terms_accepted_at: null });
    for (const terms of [undefined, false]) {
      const res = await setName(headers, { id: user.id, name: 'New Person', ...(terms === undefined ? {} : { terms_accepted: terms }) });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.fields.terms_accepted).toEqual(expect.any(String));
    }
    expect(await row(user.id)).toMatchObject({ name: null, terms_accepted_at: null });

    const ok = await setName(headers, { id: user.id, name: 'New Person', terms_accepted: true });
    expect(ok.statusCode).toBe(200);
    expect((await row(user.id)).terms_accepted_at).toEqual(ctx.clock.now());

    const later = await setName(headers, { id: user.id, name: 'Renamed Person' });
    expect(later.statusCode).toBe(200);
    expect(later.json().data.name).toBe('Renamed Person');
  });

  it('lower-cases the email and clears it when empty', async () => {
    const { user, headers } = await userWithSession();
    const res = await setName(headers, { id: user.id, name: 'Ada Lovelace', email: '  Ada.L@Example.COM ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('ada.l@example.com');
    expect((await row(user.id)).email).toBe('ada.l@example.com');

    const cleared = await setName(headers, { id: user.id, name: 'Ada Lovelace', email: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.email).toBeNull();
  });

  it('refuses an invalid email', async () => {
    const { user, headers } = await userWithSession({ email: 'kept@example.com' });
    const res = await setName(headers, { id: user.id, name: 'Ada Lovelace', email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.email).toEqual(expect.any(String));
    expect((await row(user.id)).email).toBe('kept@example.com');
  });

  it("takes an email another account holds exactly like a free one, so the answer tells nothing (decision 0018)", async () => {
    const other = await buildUser(db, { name: 'Mail Holder', email: 'taken@example.com' });
    const a = await userWithSession({ name: 'Kept Name', email: 'mine@example.com' });
    const b = await userWithSession({ name: 'Kept Name', email: 'mine2@example.com' });
    const taken = await setName(a.headers, { id: a.user.id, name: 'New Name', email: 'Taken@Example.com' });
    const free = await setName(b.headers, { id: b.user.id, name: 'New Name', email: 'free-address@example.com' });
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    const shape = (res: Injected) => Object.keys(res.json().data).sort();
    expect(shape(taken)).toEqual(shape(free));
    expect(taken.json().data.email).toBe('taken@example.com');
    // The other account keeps its address; neither answer names it or its phone.
    expect((await row(other.id)).email).toBe('taken@example.com');
    expect(taken.body).not.toContain(other.phone!);
    expect(taken.body).not.toContain('Mail Holder');
  });

  it("keeps the user's own email without a conflict", async () => {
    const { user, headers } = await userWithSession({ email: 'own@example.com' });
    const res = await setName(headers, { id: user.id, name: 'Same Mail', email: 'OWN@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('own@example.com');
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const other = await buildUser(db, { name: 'Other Person', email: 'other@example.com' });
    const { headers } = await userWithSession();
    const res = await setName(headers, { id: other.id, name: 'Hijacked', email: 'hijack@example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(await row(other.id)).toMatchObject({ name: 'Other Person', email: 'other@example.com' });
    expectNoLeak(res, other);
  });

  it('answers 401 when signed out', async () => {
    const other = await buildUser(db, { name: 'Other Person' });
    const res = await app.inject({ method: 'POST', url: '/api/set-name', payload: { id: other.id, name: 'Anon' } });
    expect(res.statusCode).toBe(401);
    expect((await row(other.id)).name).toBe('Other Person');
  });
});

describe('PUT /api/users/{id}/avatar', () => {
  it.each(['png', 'jpeg', 'gif'] as const)('re-encodes a %s into three square WebP sizes served safely', async (format) => {
    const { user, headers } = await userWithSession();
    const bytes = await image(format);
    const res = await putAvatar(user.id, headers, format === 'jpeg' ? 'jpg' : format, bytes.toString('base64'));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    const pattern = (s: string) => new RegExp(`^/media/avatars/${user.id}/[A-Za-z0-9_-]+-${s}\\.webp$`);
    expect(data.avatar).toMatch(pattern('l'));
    expect(data.avatar_m).toMatch(pattern('m'));
    expect(data.avatar_s).toMatch(pattern('s'));
    expect(await row(user.id)).toMatchObject({ avatar: data.avatar, avatar_m: data.avatar_m, avatar_s: data.avatar_s });
    await expectAvatarServed(data.avatar, 512);
    await expectAvatarServed(data.avatar_m, 256);
    await expectAvatarServed(data.avatar_s, 96);
  });

  it('tolerates a data-URL prefix', async () => {
    const { user, headers } = await userWithSession();
    const bytes = await image('png', 120, 120);
    const res = await putAvatar(user.id, headers, 'png', `data:image/png;base64,${bytes.toString('base64')}`);
    expect(res.statusCode).toBe(200);
    await expectAvatarServed(res.json().data.avatar_s, 96);
  });

  it('refuses an HTML file declared as jpg with 415 and writes no file', async () => {
    const { user, headers } = await userWithSession();
    const before = await mediaFiles();
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const res = await putAvatar(user.id, headers, 'jpg', html.toString('base64'));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
    expect(await mediaFiles()).toEqual(before);
    expect((await row(user.id)).avatar).toBeNull();
  });

  it('refuses a truncated JPEG with 422', async () => {
    const { user, headers } = await userWithSession();
    const jpeg = await image('jpeg', 400, 300);
    const before = await mediaFiles();
    const res = await putAvatar(user.id, headers, 'jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)).toString('base64'));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.base64).toEqual(expect.any(String));
    expect(await mediaFiles()).toEqual(before);
    expect((await row(user.id)).avatar).toBeNull();
  });

  it('refuses a decompression bomb quickly', async () => {
    const { user, headers } = await userWithSession();
    const bomb = bombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const res = await putAvatar(user.id, headers, 'png', bomb.toString('base64'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect([413, 422]).toContain(res.statusCode);
    expect((await row(user.id)).avatar).toBeNull();
  });

  it('refuses a picture over 10 MB with 413', async () => {
    const { user, headers } = await userWithSession();
    const big = Buffer.concat([await image('png', 10, 10), crypto.randomBytes(10 * 1024 * 1024 + 100)]);
    const res = await putAvatar(user.id, headers, 'png', big.toString('base64'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it.each(['!!!!', 'a', '', 'abc$def'])('refuses the invalid base64 %j with 422', async (base64) => {
    const { user, headers } = await userWithSession();
    const res = await putAvatar(user.id, headers, 'png', base64);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields.base64).toEqual(expect.any(String));
  });

  it('refuses an extension outside png, jpeg, jpg, gif', async () => {
    const { user, headers } = await userWithSession();
    const res = await putAvatar(user.id, headers, 'svg', (await image('png', 10, 10)).toString('base64'));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.extension).toEqual(expect.any(String));
  });

  it("refuses another user's avatar with 403 and writes nothing", async () => {
    const other = await buildUser(db, { email: 'avatar-other@example.com' });
    const { headers } = await userWithSession();
    const before = await mediaFiles();
    const res = await putAvatar(other.id, headers, 'png', (await image('png', 50, 50)).toString('base64'));
    expect(res.statusCode).toBe(403);
    expect((await row(other.id)).avatar).toBeNull();
    expect(await mediaFiles()).toEqual(before);
    expectNoLeak(res, other);
  });

  it('answers 401 when signed out', async () => {
    const other = await buildUser(db);
    const res = await app.inject({ method: 'PUT', url: `/api/users/${other.id}/avatar`, payload: { extension: 'png', base64: 'AAAA' } });
    expect(res.statusCode).toBe(401);
  });

  it('deletes the old files when the avatar is replaced', async () => {
    const { user, headers } = await userWithSession();
    const first = (await putAvatar(user.id, headers, 'png', (await image('png')).toString('base64'))).json().data;
    const second = (await putAvatar(user.id, headers, 'gif', (await image('gif')).toString('base64'))).json().data;
    for (const key of ['avatar', 'avatar_m', 'avatar_s'] as const) {
      expect(second[key]).not.toBe(first[key]);
      expect((await app.inject({ method: 'GET', url: first[key] })).statusCode).toBe(404);
      await expect(fs.stat(path.join(mediaRoot, first[key].slice('/media/'.length)))).rejects.toThrow();
      expect((await app.inject({ method: 'GET', url: second[key] })).statusCode).toBe(200);
    }
    const own = (await mediaFiles()).filter((f) => f.includes(`${path.sep}avatars${path.sep}${user.id}${path.sep}`));
    expect(own).toHaveLength(3);
  });
});

describe('PUT /api/users/{id}', () => {
  it('updates name and email', async () => {
    const { user, headers } = await userWithSession({ name: 'Old Name', email: 'old@example.com' });
    const res = await putUser(user.id, headers, { name: ' New   Name ', email: 'New@Example.com', phone: user.phone, avatar: null, base64: null, extension: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, name: 'New Name', email: 'new@example.com', phone: user.phone });
    expect(await row(user.id)).toMatchObject({ name: 'New Name', email: 'new@example.com', phone: user.phone });
  });

  it('refuses a name under 2 characters and changes nothing', async () => {
    const { user, headers } = await userWithSession({ name: 'Old Name', email: 'old2@example.com' });
    const short = await putUser(user.id, headers, { name: 'x', email: 'new2@example.com' });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.fields.name).toEqual(expect.any(String));
    expect(await row(user.id)).toMatchObject({ name: 'Old Name', email: 'old2@example.com' });
  });

  it('answers the same for an email another account holds and a free one', async () => {
    const other = await buildUser(db, { email: 'profile-taken@example.com' });
    const a = await userWithSession({ name: 'Old Name', email: 'old3@example.com' });
    const b = await userWithSession({ name: 'Old Name', email: 'old4@example.com' });
    const taken = await putUser(a.user.id, a.headers, { name: 'New Name', email: 'profile-taken@example.com' });
    const free = await putUser(b.user.id, b.headers, { name: 'New Name', email: 'profile-free@example.com' });
    expect([taken.statusCode, free.statusCode]).toEqual([200, 200]);
    expect(await row(a.user.id)).toMatchObject({ name: 'New Name', email: 'profile-taken@example.com' });
    expect((await row(other.id)).email).toBe('profile-taken@example.com');
    expectNoLeak(taken, { phone: other.phone, email: null });
  });

  it('keeps the avatar when none is sent, and replaces it with base64 + extension', async () => {
    const { user, headers } = await userWithSession({ name: 'Pic Person' });
    const first = (await putAvatar(user.id, headers, 'png', (await image('png')).toString('base64'))).json().data;

    const kept = await putUser(user.id, headers, { name: 'Pic Person Two', email: null, phone: user.phone, avatar: null, base64: null, extension: null });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Pic Person Two', avatar: first.avatar, avatar_m: first.avatar_m, avatar_s: first.avatar_s });
    expect((await app.inject({ method: 'GET', url: first.avatar })).statusCode).toBe(200);

    const replaced = await putUser(user.id, headers, { name: 'Pic Person Two', base64: (await image('jpeg')).toString('base64'), extension: 'jpeg' });
    expect(replaced.statusCode).toBe(200);
    const next = replaced.json().data;
    expect(next.avatar).not.toBe(first.avatar);
    await expectAvatarServed(next.avatar, 512);
    await expectAvatarServed(next.avatar_s, 96);
    expect((await app.inject({ method: 'GET', url: first.avatar })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: first.avatar_s })).statusCode).toBe(404);
  });

  it('refuses a bad picture and keeps the old avatar', async () => {
    const { user, headers } = await userWithSession({ name: 'Pic Person' });
    const first = (await putAvatar(user.id, headers, 'png', (await image('png')).toString('base64'))).json().data;
    const res = await putUser(user.id, headers, { name: 'Changed Name', base64: Buffer.from('<svg/>').toString('base64'), extension: 'png' });
    expect(res.statusCode).toBe(415);
    expect(await row(user.id)).toMatchObject({ name: 'Pic Person', avatar: first.avatar });
    expect((await app.inject({ method: 'GET', url: first.avatar })).statusCode).toBe(200);
  });

  it('refuses a new phone without a code approval', async () => {
    const { user, headers } = await userWithSession();
    const res = await putUser(user.id, headers, { phone: nextPhone() });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('code_not_approved');
    expect(res.json().error.fields.phone).toEqual(expect.any(String));
    expect((await row(user.id)).phone).toBe(user.phone);
  });

  it('refuses an invalid phone with the spec text', async () => {
    const { user, headers } = await userWithSession();
    const res = await putUser(user.id, headers, { phone: '+1 23' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('phone_invalid');
    expect(res.json().error.fields).toEqual({ phone: ERROR_MESSAGES.phoneWrong });
  });

  it('changes the phone after send-code and check-code to the new number (token in the body)', async () => {
    const { user, headers } = await userWithSession();
    const phone = nextPhone();
    const approval = await approvePhone(ctx, phone);
    const res = await putUser(user.id, headers, { phone: `${phone.slice(0, 2)} ${phone.slice(2)}`, approval_token: approval });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.phone).toBe(phone);
    expect((await row(user.id)).phone).toBe(phone);
    // The approval is used up.
    const { user: second, headers: secondHeaders } = await userWithSession();
    const reuse = await putUser(second.id, secondHeaders, { phone: nextPhone(), approval_token: approval });
    expect(reuse.statusCode).toBe(422);
  });

  it('changes the phone with the approval cookie', async () => {
    const { user, headers } = await userWithSession();
    const phone = nextPhone();
    const approval = await approvePhone(ctx, phone);
    const res = await putUser(user.id, headers, { phone }, { planns_otp: approval });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.phone).toBe(phone);
  });

  it('refuses an approval of another number', async () => {
    const { user, headers } = await userWithSession();
    const approval = await approvePhone(ctx, nextPhone());
    const res = await putUser(user.id, headers, { phone: nextPhone(), approval_token: approval });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('code_not_approved');
    expect((await row(user.id)).phone).toBe(user.phone);
  });

  it("answers another account's number exactly like an unknown one until the code to it is confirmed (decision 0018)", async () => {
    const other = await buildUser(db, { name: 'Phone Owner', email: 'phone-owner@example.com' });
    const { user, headers } = await userWithSession();
    const known = await putUser(user.id, headers, { phone: other.phone });
    const unknown = await putUser(user.id, headers, { phone: nextPhone() });
    expect(known.statusCode).toBe(422);
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().error.code).toBe('code_not_approved');
    expect((await row(user.id)).phone).toBe(user.phone);
    for (const res of [known, unknown]) {
      expect(res.body).not.toContain(other.phone!);
      expect(res.body).not.toContain('phone-owner@example.com');
      expect(res.body).not.toContain('Phone Owner');
    }
  });

  it("refuses another account's number with 409 once the code sent to it is confirmed", async () => {
    const other = await buildUser(db, { name: 'Phone Owner Two' });
    const { user, headers } = await userWithSession();
    // Whoever confirms a code sent to the number holds that phone: telling them is no leak.
    const approval = await approvePhone(ctx, other.phone!);
    const res = await putUser(user.id, headers, { phone: other.phone, approval_token: approval });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.phone).toBe('This phone number belongs to another account');
    expect((await row(user.id)).phone).toBe(user.phone);
    expect((await row(other.id)).phone).toBe(other.phone);
  });

  it('limits profile writes per client', async () => {
    const { user, headers } = await userWithSession();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers, remoteAddress: ip, payload: { phone: nextPhone() } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("refuses another user's profile with 403 and changes nothing", async () => {
    const other = await buildUser(db, { name: 'Other Person', email: 'other-profile@example.com' });
    const { headers } = await userWithSession();
    const before = await row(other.id);
    const attempts = [
      await putUser(other.id, headers, { name: 'Hijacked', email: 'hijack2@example.com' }),
      await putUser(other.id, headers, { phone: nextPhone() }),
      await putUser(other.id, headers, { base64: (await image('png', 20, 20)).toString('base64'), extension: 'png' }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      expectNoLeak(res, other);
    }
    expect(await row(other.id)).toEqual(before);
  });

  it('answers 401 when signed out', async () => {
    const other = await buildUser(db, { name: 'Other Person' });
    const res = await app.inject({ method: 'PUT', url: `/api/users/${other.id}`, payload: { name: 'Anon' } });
    expect(res.statusCode).toBe(401);
    expect((await row(other.id)).name).toBe('Other Person');
  });

  it('never shows another user their phone or email through GET /api/user', async () => {
    const other = await buildUser(db, { name: 'Private Person', email: 'private@example.com' });
    const { headers } = await userWithSession();
    const res = await app.inject({ method: 'GET', url: '/api/user', headers });
    expect(res.statusCode).toBe(200);
    expectNoLeak(res, other);
  });
});
