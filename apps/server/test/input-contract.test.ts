import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '@planns/shared/input/text.rules';
import { ID_MESSAGE } from '@planns/shared/input/ids.rules';
import { GALLERY_MESSAGES } from '@planns/shared/gallery/gallery.rules';
import { addResponse, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

/**
 * The input contract of decision 0017: the text planns accepts and the id schema, applied to
 * every route; and the raw-body routes without a body. Each of these answered 500 before
 * (issue 12 §1). The bad-input walk covers every route; these name the reported cases.
 */
const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

async function person(name: string) {
  const user = await buildUser(db, { name });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

describe('text planns accepts', () => {
  it('answers a NUL in a visitor search with a 422 naming the parameter', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/events-na?search=a%00b' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { search: TEXT_MESSAGES.controlCharacter } });
  });

  it('refuses control characters in body texts per field, and stores nothing', async () => {
    const { user, headers } = await person('Cara Control');
    const res = await app.inject({ method: 'POST', url: '/api/companions', headers, payload: { first_name: 'Sam\u0000', last_name: 'Lee\u001b[2J', type: 'friend' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ first_name: TEXT_MESSAGES.controlCharacter, last_name: TEXT_MESSAGES.controlCharacter });
    expect(await db.selectFrom('companions').where('user_id', '=', user.id).selectAll().execute()).toEqual([]);
  });

  it('refuses a lone surrogate in a comment and a NUL in an RSVP note', async () => {
    const event = await buildEvent(db);
    const { user, headers } = await person('Sue Surrogate');
    const comment = await app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/comment`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"comment":"hello \\ud800"}',
    });
    expect(comment.statusCode).toBe(422);
    expect(comment.json().error.fields).toEqual({ comment: TEXT_MESSAGES.notText });
    const join = await app.inject({ method: 'POST', url: `/api/events/${event.id}/join`, headers, payload: { note: 'see you\u0000' } });
    expect(join.statusCode).toBe(422);
    expect(join.json().error.fields).toEqual({ note: TEXT_MESSAGES.controlCharacter });
    expect(await db.selectFrom('comments').where('event_id', '=', event.id).selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('event_users').where('user_id', '=', user.id).selectAll().execute()).toEqual([]);
  });

  it('keeps tabs, line breaks and every script', async () => {
    const event = await buildEvent(db);
    const { headers } = await person('Tomás Tab');
    const text = 'Línea 1\n\tשלום — 日本語 🎉\r\nend';
    const res = await app.inject({ method: 'POST', url: `/api/events/${event.id}/comment`, headers, payload: { comment: text } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.comment).toBe(text);
  });

  it('refuses JSON nested deeper than any body planns takes', async () => {
    const { headers } = await person('Dee Deep');
    const res = await app.inject({
      method: 'POST',
      url: '/api/companions',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `{"first_name":"Sam","type":"friend","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toMatchObject({ [`x${'.0'.repeat(31)}`]: TEXT_MESSAGES.tooDeep });
  });
});

describe('ids', () => {
  it('answers ids beyond the database type with a 422, in lists, paths and bodies', async () => {
    const { user, headers } = await person('Ida Id');
    const list = await app.inject({ method: 'GET', url: `/api/user/${user.id}/following?users=99999999999999999999`, headers });
    expect(list.statusCode).toBe(422);
    expect(list.json().error.fields).toHaveProperty('users');
    const pathId = await app.inject({ method: 'GET', url: '/api/profile/9007199254740992', headers });
    expect(pathId.statusCode).toBe(422);
    expect(pathId.json().error.fields).toEqual({ id: ID_MESSAGE });
    const body = await app.inject({ method: 'POST', url: '/api/user/friend-request', headers, payload: { friend_id: 1e20 } });
    expect(body.statusCode).toBe(422);
    expect(body.json().error.fields).toEqual({ friend_id: ID_MESSAGE });
  });

  it('answers the largest exact id like any id that does not exist', async () => {
    const { headers } = await person('Max Id');
    const res = await app.inject({ method: 'GET', url: `/api/profile/${Number.MAX_SAFE_INTEGER}`, headers });
    expect(res.statusCode).toBe(404);
  });
});

describe('uploads without a body', () => {
  it('answers POST media/uploads with no body and no content type with a 422', async () => {
    const { user, headers } = await person('Una Upload');
    const event = await buildEvent(db, { user_id: user.id });
    await addResponse(db, event.id, user.id, 'going');
    const res = await app.inject({ method: 'POST', url: `/api/media/uploads?event_id=${event.id}`, headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ file: GALLERY_MESSAGES.empty });
  });

  it('answers PUT media/uploads/{id} with no body with a 422, for a known or unknown id', async () => {
    const { headers } = await person('Pete Put');
    const res = await app.inject({ method: 'PUT', url: '/api/media/uploads/abcdefgh1234', headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ file: GALLERY_MESSAGES.empty });
  });
});
