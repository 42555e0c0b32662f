import { describe, expect, it } from 'vitest';
import { buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

async function person(name: string) {
  const user = await buildUser(db, { name });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

describe('friend requests', () => {
  it('send, list both ways, accept: friends on both sides, the request gone', async () => {
    const ann = await person('Ann Asker');
    const bob = await person('Bob Asked');
    const sent = await call('POST', '/user/friend-request', ann.headers, { friend_id: bob.user.id });
    expect(sent.statusCode).toBe(200);
    const request = sent.json().data.data;
    expect(request).toMatchObject({ user_id: ann.user.id, friend_id: bob.user.id, user: { name: 'Ann Asker' }, friend: { name: 'Bob Asked' } });
    expect((await call('POST', '/user/friend-request', ann.headers, { friend_id: bob.user.id })).json().error).toMatchObject({
      code: 'conflict',
      message: 'Request already sent',
    });
    expect((await call('GET', '/user/friend-requests?full=1', ann.headers)).json().data).toMatchObject({ received: [], sent: [{ id: request.id }] });
    expect((await call('GET', '/user/friend-requests', bob.headers)).json().data).toMatchObject({ received: [{ id: request.id }], sent: [] });

    // Only the person asked may accept.
    expect((await call('POST', '/user/accept-friend', ann.headers, request)).statusCode).toBe(404);
    const accepted = await call('POST', '/user/accept-friend', bob.headers, request);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.data).toMatchObject({ id: ann.user.id, name: 'Ann Asker' });
    expect((await call('GET', '/user/friends', ann.headers)).json().data.map((u: { id: number }) => u.id)).toEqual([bob.user.id]);
    expect((await call('GET', '/user/friends', bob.headers)).json().data.map((u: { id: number }) => u.id)).toEqual([ann.user.id]);
    expect((await call('GET', '/user/friend-requests', bob.headers)).json().data).toEqual({ received: [], sent: [] });
    expect((await call('POST', '/user/friend-request', bob.headers, { friend_id: ann.user.id })).json().error.message).toBe('You are already friends');

    // Unfriend: both sides; again is a 404.
    expect((await call('DELETE', `/user/unfriend/${ann.user.id}`, bob.headers)).statusCode).toBe(200);
    expect((await call('GET', '/user/friends', ann.headers)).json().data).toEqual([]);
    expect((await call('DELETE', `/user/unfriend/${ann.user.id}`, bob.headers)).statusCode).toBe(404);
  });

  it('asking someone who asked you makes you friends at once', async () => {
    const a = await person('Cross One');
    const b = await person('Cross Two');
    await call('POST', '/user/friend-request', a.headers, { friend_id: b.user.id });
    expect((await call('POST', '/user/friend-request', b.headers, { friend_id: a.user.id })).statusCode).toBe(200);
    expect((await call('GET', '/user/friends', a.headers)).json().data.map((u: { id: number }) => u.id)).toEqual([b.user.id]);
    expect(await db.selectFrom('friend_requests').select('id').where('user_id', 'in', [a.user.id, b.user.id]).execute()).toEqual([]);
  });

  it('cancel by the sender, decline by the person asked; strangers get 404', async () => {
    const a = await person('Cancel Sender');
    const b = await person('Decline Receiver');
    const c = await person('Nosy Third');
    const first = (await call('POST', '/user/friend-request', a.headers, { friend_id: b.user.id })).json().data.data;
    expect((await call('DELETE', `/user/friend-request/${first.id}`, c.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/user/friend-request/${first.id}`, a.headers)).statusCode).toBe(200);
    const second = (await call('POST', '/user/friend-request', a.headers, { friend_id: b.user.id })).json().data.data;
    expect((await call('DELETE', `/user/friend-request/${second.id}`, b.headers)).statusCode).toBe(200);
    expect((await call('GET', '/user/friends', a.headers)).json().data).toEqual([]);
  });

  it('refuses yourself, unknown people and bad bodies; needs a session', async () => {
    const a = await person('Lonely Self');
    expect((await call('POST', '/user/friend-request', a.headers, { friend_id: a.user.id })).json().error.fields).toEqual({ friend_id: 'You cannot befriend yourself' });
    expect((await call('POST', '/user/friend-request', a.headers, { friend_id: 999_999 })).statusCode).toBe(404);
    expect((await call('POST', '/user/friend-request', a.headers, { friend_id: 'x' })).statusCode).toBe(422);
    expect((await call('POST', '/user/accept-friend', a.headers, {})).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/user/friends' })).statusCode).toBe(401);
  });

  it('friendship opens friends-only events of the new friend', async () => {
    const host = await person('Host Friendly');
    const guest = await person('Guest Friendly');
    const event = await buildEvent(db, { user_id: host.user.id, visibility: 'friends' });
    expect((await call('GET', `/events/${event.hash}?full=true`, guest.headers)).statusCode).toBe(404);
    const request = (await call('POST', '/user/friend-request', guest.headers, { friend_id: host.user.id })).json().data.data;
    await call('POST', '/user/accept-friend', host.headers, { id: request.id });
    expect((await call('GET', `/events/${event.hash}?full=true`, guest.headers)).statusCode).toBe(200);
  });
});

describe('follows', () => {
  it('follow, status both ways, following?users=, unfollow', async () => {
    const fan = await person('Fran Fan');
    const star = await person('Sol Star');
    const other = await person('Otto Other');
    expect((await call('POST', `/user/${star.user.id}/follow`, fan.headers)).json().data).toEqual({ is_following_me: false, is_followed_by_me: true });
    expect((await call('POST', `/user/${star.user.id}/follow`, fan.headers)).statusCode).toBe(200); // again: no error
    expect((await call('GET', `/user/${fan.user.id}/follow-status`, star.headers)).json().data).toEqual({ is_following_me: true, is_followed_by_me: false });
    const following = await call('GET', `/user/${fan.user.id}/following?users=${star.user.id},${other.user.id}`, star.headers);
    expect(following.json().data).toEqual([star.user.id]);
    expect((await call('DELETE', `/user/${star.user.id}/unfollow`, fan.headers)).json().data).toEqual({ is_following_me: false, is_followed_by_me: false });
    expect((await call('POST', `/user/${fan.user.id}/follow`, fan.headers)).statusCode).toBe(422);
    expect((await call('POST', '/user/999999/follow', fan.headers)).statusCode).toBe(404);
    expect((await call('GET', `/user/${fan.user.id}/following?users=a`, star.headers)).statusCode).toBe(422);
  });

  it('GET user/follows: the people I follow, friends or not, newest first; only mine; needs a session', async () => {
    const me = await person('Mia Follower');
    const friend = await person('Fred Friend');
    const stranger = await person('Stan Stranger');
    const notFollowed = await person('Nora Notfollowed');
    await call('POST', '/user/friend-request', me.headers, { friend_id: friend.user.id });
    await call('POST', '/user/friend-request', friend.headers, { friend_id: me.user.id });
    await call('POST', '/user/friend-request', me.headers, { friend_id: notFollowed.user.id });
    expect((await call('POST', `/user/${friend.user.id}/follow`, me.headers)).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    expect((await call('POST', `/user/${stranger.user.id}/follow`, me.headers)).statusCode).toBe(200);
    // Someone following me is not someone I follow.
    await call('POST', `/user/${me.user.id}/follow`, notFollowed.headers);

    const res = await call('GET', '/user/follows', me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: stranger.user.id, name: 'Stan Stranger', avatar: null, avatar_m: null, avatar_s: null },
      { id: friend.user.id, name: 'Fred Friend', avatar: null, avatar_m: null, avatar_s: null },
    ]);
    expect((await call('GET', '/user/follows', stranger.headers)).json().data).toEqual([]);
    await call('DELETE', `/user/${stranger.user.id}/unfollow`, me.headers);
    expect((await call('GET', '/user/follows', me.headers)).json().data.map((p: { id: number }) => p.id)).toEqual([friend.user.id]);
    expect((await app.inject({ method: 'GET', url: '/api/user/follows' })).statusCode).toBe(401);
  });
});

describe('people search with relationships', () => {
  it('flags friends, sent and received requests, and leaves me out', async () => {
    const me = await person('Zed Searcher');
    const friend = await person('Zed Friend');
    const asked = await person('Zed Asked');
    const asker = await person('Zed Asker');
    const r1 = (await call('POST', '/user/friend-request', me.headers, { friend_id: friend.user.id })).json().data.data;
    await call('POST', '/user/accept-friend', friend.headers, { id: r1.id });
    const r2 = (await call('POST', '/user/friend-request', me.headers, { friend_id: asked.user.id })).json().data.data;
    const r3 = (await call('POST', '/user/friend-request', asker.headers, { friend_id: me.user.id })).json().data.data;
    const res = await call('GET', '/user/search?name=zed', me.headers);
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json().data.data as { id: number }[]).map((u) => [u.id, u]));
    expect(byId.has(me.user.id)).toBe(false);
    expect(byId.get(friend.user.id)).toMatchObject({ is_friend: true, request_sent_by_me: false, has_request: false });
    expect(byId.get(asked.user.id)).toMatchObject({ is_friend: false, request_sent_by_me: true, has_request: false, request_id: r2.id });
    expect(byId.get(asker.user.id)).toMatchObject({ is_friend: false, request_sent_by_me: false, has_request: true, request_id: r3.id });
    expect(JSON.stringify(res.json())).not.toContain('phone');
    expect((await call('GET', '/user/search?name=ze', me.headers)).statusCode).toBe(422);
  });
});
