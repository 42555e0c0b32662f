import { describe, expect, it } from 'vitest';
import { addInvite, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db, clock } = ctx;

async function person(name: string) {
  const user = await buildUser(db, { name });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

const post = (headers: Record<string, string>, eventId: number, comment: unknown) =>
  app.inject({ method: 'POST', url: `/api/events/${eventId}/comment`, headers, payload: { comment } });
const list = (eventId: number, headers: Record<string, string> = {}, query = '') =>
  app.inject({ method: 'GET', url: `/api/events/${eventId}/comments${query}`, headers });

describe('comments', () => {
  it('posts and lists newest first, with the author but never their phone', async () => {
    const event = await buildEvent(db);
    const ann = await person('Ann Commenter');
    const ben = await person('Ben Commenter');
    const first = await post(ann.headers, event.id, '  First!  ');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ event_id: event.id, comment: 'First!', user: { id: ann.user.id, name: 'Ann Commenter' } });
    clock.advance(1000);
    await post(ben.headers, event.id, 'Second');
    const res = await list(event.id, ann.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { comment: string }) => c.comment)).toEqual(['Second', 'First!']);
    expect(JSON.stringify(res.json())).not.toMatch(/phone|\+1202/);
    const page = await app.inject({ method: 'GET', url: `/api/events-no-auth/${event.hash}?full=true` });
    expect(page.json().data.comments_count).toBe(2);
    // Visitors read the comments of a public event.
    expect((await list(event.id)).json().data).toHaveLength(2);
  });

  it('pages back with before=<id>', async () => {
    const event = await buildEvent(db);
    const { headers } = await person('Pat Pager');
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      clock.advance(1000);
      ids.push((await post(headers, event.id, `c${i}`)).json().data.id);
    }
    const older = await list(event.id, headers, `?before=${ids[2]}`);
    expect(older.json().data.map((c: { comment: string }) => c.comment)).toEqual(['c1', 'c0']);
  });

  it('refuses blank and oversized comments, and visitors posting', async () => {
    const event = await buildEvent(db);
    const { headers } = await person('Val Validator');
    for (const bad of ['', '   ', 'x'.repeat(2001), 5, null]) {
      const res = await post(headers, event.id, bad);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().error.fields)).toEqual(['comment']);
    }
    expect((await app.inject({ method: 'POST', url: `/api/events/${event.id}/comment`, payload: { comment: 'hi' } })).statusCode).toBe(401);
    expect(await db.selectFrom('comments').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
  });

  it('follows the event: a hidden event has no readable or writable comments', async () => {
    const owner = await person('Owen Private');
    const event = await buildEvent(db, { user_id: owner.user.id, visibility: 'private' });
    expect((await post(owner.headers, event.id, 'Only us')).statusCode).toBe(200);
    const stranger = await person('Stan Stranger');
    expect((await list(event.id)).statusCode).toBe(404);
    expect((await list(event.id, stranger.headers)).statusCode).toBe(404);
    expect((await post(stranger.headers, event.id, 'Let me in')).statusCode).toBe(404);
    const guest = await person('Gwen Guest');
    await addInvite(db, event.id, guest.user.id, owner.user.id);
    expect((await list(event.id, guest.headers)).json().data.map((c: { comment: string }) => c.comment)).toEqual(['Only us']);
    expect((await post(guest.headers, event.id, 'Thanks!')).statusCode).toBe(200);
    expect((await list(999_999)).statusCode).toBe(404);
  });

  it('goes with its event: deleting the event removes its comments', async () => {
    const owner = await person('Del Owner');
    const event = await buildEvent(db, { user_id: owner.user.id });
    await post(owner.headers, event.id, 'Soon gone');
    expect((await app.inject({ method: 'DELETE', url: `/api/events/${event.id}`, headers: owner.headers })).statusCode).toBe(200);
    expect(await db.selectFrom('comments').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
  });
});
