import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { LEFT_EVENT, NOTIFICATION_MESSAGE, eventRoom } from '@planns/shared/realtime/realtime.rules';
import { insertSession } from '../src/modules/auth/session.repo.ts';
import { hashToken, newToken } from '../src/modules/auth/tokens.ts';
import { addFriendship, addInvite, addResponse, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn, type TestContext } from './harness.ts';
import { client, joinEvent, listen, next, record, redisAnswers, redisClient, secondInstance } from './socket-client.ts';

/**
 * Issue 12 §2 (decision 0020): a socket leaves an event's rooms as soon as its person may no
 * longer see the event, and a signed-out socket is disconnected, with real sockets on a real
 * PostgreSQL. "Nothing arrives" is checked after a socket that kept its access has received the
 * same messages, plus a short wait.
 */

type Received = ReturnType<typeof record>;
const LIVE_KINDS = ['comment_posted', 'user_joined_event', 'user_rejected_event'];
const eventMessages = (received: Received) => received.filter((r) => LIVE_KINDS.includes(r.message));
const leftEvents = (received: Received) => received.filter((r) => r.message === LEFT_EVENT).map((r) => r.payload);
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

async function setUp(ctx: TestContext, url: string) {
  const person = async (name: string, overrides: { is_moderator?: boolean } = {}) => {
    const user = await buildUser(ctx.db, { name, ...overrides });
    const { token, headers } = await signIn(ctx, user.id);
    return { user, token, headers };
  };
  /** A connected socket that follows the event (the join must be accepted) and records what it receives. */
  const follower = async (eventId: number, token?: string) => {
    const socket = await client(url, token ? { token } : {});
    expect(await joinEvent(socket, eventId)).toEqual({ ok: true });
    return { socket, received: record(socket) };
  };
  return { person, follower };
}

type Person = { headers: Record<string, string> };

/**
 * A comment by `commenter`, then a join and a rejection by `responder`, through the API; resolves
 * once `keeper` (a socket that keeps its access) has received all three.
 */
async function commentJoinReject(app: FastifyInstance, eventId: number, commenter: Person, responder: Person, keeper: Socket): Promise<void> {
  const seen = Promise.all([next(keeper, 'comment_posted'), next(keeper, 'user_joined_event'), next(keeper, 'user_rejected_event')]);
  const call = async (url: string, headers: Record<string, string>, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  await call(`/api/events/${eventId}/comment`, commenter.headers, { comment: 'Still here?' });
  await call(`/api/events/${eventId}/join`, responder.headers, {});
  await call(`/api/events/${eventId}/reject`, responder.headers, {});
  await seen;
  await settle();
}

/** PUT events/{id} with the visibility flags (the rest of a valid body). */
function setVisibility(app: FastifyInstance, eventId: number, headers: Record<string, string>, flags: { is_private: boolean; is_friends: boolean }) {
  return app.inject({
    method: 'PUT',
    url: `/api/events/${eventId}`,
    headers,
    payload: { name: 'Live rooms', description: '', start_date: '2026-03-01 18:00:00', address: 'Carrer Gran 1, Barcelona', categories: [], ...flags },
  });
}

describe('live rooms follow the right to see the event', async () => {
  const ctx = await createTestApp({ sockets: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const url = await listen(ctx);
  const { person, follower } = await setUp(ctx, url);

  it('an event turned private: a stranger and a visitor leave its rooms; the owner and an invitee stay', async () => {
    const owner = await person('Private Owner');
    const stranger = await person('Private Stranger');
    const invitee = await person('Private Invitee');
    const event = await buildEvent(ctx.db, { user_id: owner.user.id });
    await addInvite(ctx.db, event.id, invitee.user.id, owner.user.id);
    const ownerSocket = await follower(event.id, owner.token);
    const inviteeSocket = await follower(event.id, invitee.token);
    const strangerSocket = await follower(event.id, stranger.token);
    const visitorSocket = await follower(event.id);

    const res = await setVisibility(ctx.app, event.id, owner.headers, { is_private: true, is_friends: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: stranger.headers })).statusCode).toBe(404);

    await commentJoinReject(ctx.app, event.id, owner, invitee, ownerSocket.socket);
    expect(eventMessages(ownerSocket.received).map((r) => r.message)).toEqual(['comment_posted', 'user_joined_event', 'user_rejected_event']);
    expect(eventMessages(inviteeSocket.received)).toHaveLength(3);
    expect(eventMessages(strangerSocket.received)).toEqual([]);
    expect(eventMessages(visitorSocket.received)).toEqual([]);
    // Those who lost it were told, and may not follow it again; the others were not told anything.
    expect(leftEvents(strangerSocket.received)).toEqual([{ event_id: event.id, by: owner.user.id }]);
    expect(leftEvents(visitorSocket.received)).toEqual([{ event_id: event.id, by: owner.user.id }]);
    expect(leftEvents(inviteeSocket.received)).toEqual([]);
    expect(await joinEvent(strangerSocket.socket, event.id)).toEqual({ ok: false });
    expect(await joinEvent(visitorSocket.socket, event.id)).toEqual({ ok: false });
  });

  it('a message sent while the event’s re-check runs waits for its verdict', async () => {
    const owner = await person('Waiting Owner');
    const stranger = await person('Waiting Stranger');
    const event = await buildEvent(ctx.db, { user_id: owner.user.id });
    const ownerSocket = await follower(event.id, owner.token);
    const strangerSocket = await follower(event.id, stranger.token);

    // The change is committed; its re-check starts, and a comment is sent before it has finished.
    await ctx.db.updateTable('events').set({ visibility: 'private' }).where('id', '=', event.id).execute();
    const rechecked = ctx.deps.realtime!.recheckEvent(event.id, owner.user.id);
    const seen = next(ownerSocket.socket, 'comment_posted');
    ctx.deps.realtime!.emit(eventRoom('comment_posted', event.id), 'comment_posted', { event_id: event.id, by: owner.user.id });
    await rechecked;
    await seen;
    await settle();
    expect(eventMessages(strangerSocket.received)).toEqual([]);
  });

  it('an event turned friends-only: a friend of the owner stays; a non-friend and a visitor leave', async () => {
    const owner = await person('Friends Owner');
    const friend = await person('Friends Friend');
    const stranger = await person('Friends Stranger');
    await addFriendship(ctx.db, owner.user.id, friend.user.id);
    const event = await buildEvent(ctx.db, { user_id: owner.user.id });
    const ownerSocket = await follower(event.id, owner.token);
    const friendSocket = await follower(event.id, friend.token);
    const strangerSocket = await follower(event.id, stranger.token);
    const visitorSocket = await follower(event.id);

    expect((await setVisibility(ctx.app, event.id, owner.headers, { is_private: false, is_friends: true })).statusCode).toBe(200);

    await commentJoinReject(ctx.app, event.id, owner, friend, ownerSocket.socket);
    expect(eventMessages(friendSocket.received)).toHaveLength(3);
    expect(eventMessages(strangerSocket.received)).toEqual([]);
    expect(eventMessages(visitorSocket.received)).toEqual([]);
  });

  it('an unfriend removes a friends event from the former friend, who leaves its rooms; a friend who answered stays', async () => {
    const owner = await person('Unfriend Owner');
    const friend = await person('Unfriend Friend');
    const answered = await person('Unfriend Guest');
    await addFriendship(ctx.db, owner.user.id, friend.user.id);
    await addFriendship(ctx.db, owner.user.id, answered.user.id);
    const event = await buildEvent(ctx.db, { user_id: owner.user.id, visibility: 'friends' });
    await addResponse(ctx.db, event.id, answered.user.id, 'maybe');
    const ownerSocket = await follower(event.id, owner.token);
    const friendSocket = await follower(event.id, friend.token);
    const answeredSocket = await follower(event.id, answered.token);

    // The owner ends one friendship, the guest who answered ends the other: answering keeps the event in view.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/user/unfriend/${friend.user.id}`, headers: owner.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/user/unfriend/${owner.user.id}`, headers: answered.headers })).statusCode).toBe(200);

    await commentJoinReject(ctx.app, event.id, owner, answered, ownerSocket.socket);
    expect(eventMessages(answeredSocket.received)).toHaveLength(3);
    expect(eventMessages(friendSocket.received)).toEqual([]);
    expect(leftEvents(friendSocket.received)).toEqual([{ event_id: event.id, by: owner.user.id }]);
    // Still connected and signed in: only the event went.
    expect(friendSocket.socket.connected).toBe(true);
  });

  it('an owner change: the former owner and the former owner’s friends leave a friends event; the moderator stays and the new owner may follow', async () => {
    const owner = await person('Old Owner');
    const friend = await person('Old Owner Friend');
    const newOwner = await person('New Owner');
    const moderator = await person('Owner Moderator', { is_moderator: true });
    await addFriendship(ctx.db, owner.user.id, friend.user.id);
    const event = await buildEvent(ctx.db, { user_id: owner.user.id, visibility: 'friends' });
    const ownerSocket = await follower(event.id, owner.token);
    const friendSocket = await follower(event.id, friend.token);
    const moderatorSocket = await follower(event.id, moderator.token);

    const res = await ctx.app.inject({ method: 'POST', url: `/api/events/${event.id}/ownership`, headers: moderator.headers, payload: { user_id: newOwner.user.id } });
    expect(res.statusCode, res.body).toBe(200);
    const newOwnerSocket = await follower(event.id, newOwner.token);

    await commentJoinReject(ctx.app, event.id, newOwner, moderator, newOwnerSocket.socket);
    expect(eventMessages(moderatorSocket.received)).toHaveLength(3);
    expect(eventMessages(friendSocket.received)).toEqual([]);
    expect(eventMessages(ownerSocket.received)).toEqual([]);
  });

  it('sign-out disconnects that session’s sockets: no more notifications or event messages; another session of the same person keeps them', async () => {
    const owner = await person('Signout Owner');
    const leaving = await person('Signout Person');
    const otherSession = await signIn(ctx, leaving.user.id);
    const event = await buildEvent(ctx.db, { user_id: owner.user.id });
    const ownerSocket = await follower(event.id, owner.token);
    const leavingSocket = await follower(event.id, leaving.token);
    const otherSocket = await follower(event.id, otherSession.token);
    const disconnected = new Promise<string>((resolve) => leavingSocket.socket.once('disconnect', resolve));

    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: leaving.headers, payload: {} })).statusCode).toBe(200);
    // Right after the answer: a notification for that person, and the event's messages.
    const notified = next(otherSocket.socket, NOTIFICATION_MESSAGE);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/user/${leaving.user.id}/follow`, headers: owner.headers })).statusCode).toBe(200);
    await notified;
    await commentJoinReject(ctx.app, event.id, owner, otherSession, ownerSocket.socket);
    expect(eventMessages(otherSocket.received)).toHaveLength(3);
    expect(leavingSocket.received).toEqual([]);
    expect(await disconnected).toBe('io server disconnect');
  });

  for (const how of ['moderator', 'owner'] as const) {
    it(`a ${how} deletes the event: every socket leaves its rooms, is told, and may not follow it again`, async () => {
      const owner = await person(`Deleted by ${how} owner`);
      const guest = await person(`Deleted by ${how} guest`);
      const moderator = await person(`Deleted by ${how} moderator`, { is_moderator: true });
      const event = await buildEvent(ctx.db, { user_id: owner.user.id });
      const followers = [await follower(event.id, owner.token), await follower(event.id, guest.token), await follower(event.id, moderator.token), await follower(event.id)];

      const res =
        how === 'moderator'
          ? await ctx.app.inject({ method: 'DELETE', url: `/api/events/moderator/${event.id}`, headers: moderator.headers })
          : await ctx.app.inject({ method: 'DELETE', url: `/api/events/${event.id}`, headers: owner.headers });
      expect(res.statusCode, res.body).toBe(200);

      // A comment that was in flight when the event went (checked before, sent after) reaches nobody.
      ctx.deps.realtime!.emit(eventRoom('comment_posted', event.id), 'comment_posted', { event_id: event.id, by: guest.user.id });
      await settle();
      for (const f of followers) {
        expect(eventMessages(f.received)).toEqual([]);
        expect(leftEvents(f.received)).toEqual([{ event_id: event.id, by: how === 'moderator' ? moderator.user.id : owner.user.id }]);
        expect(await joinEvent(f.socket, event.id)).toEqual({ ok: false });
      }
    });
  }

  it('moderator rights taken back in the database (the admin command): a new join is refused at once, and the sweep removes the socket from a private event', async () => {
    const owner = await person('Revoked Owner');
    const moderator = await person('Revoked Moderator', { is_moderator: true });
    const secret = await buildEvent(ctx.db, { user_id: owner.user.id, visibility: 'private' });
    const other = await buildEvent(ctx.db, { user_id: owner.user.id, visibility: 'private' });
    const ownerSocket = await follower(secret.id, owner.token);
    const moderatorSocket = await follower(secret.id, moderator.token);

    // As `npm run admin -- revoke-moderator` does, from another process: the server is not told.
    await ctx.db.updateTable('users').set({ is_moderator: false }).where('id', '=', moderator.user.id).execute();
    expect(await joinEvent(moderatorSocket.socket, other.id)).toEqual({ ok: false });
    await ctx.deps.realtime!.sweep();

    const seen = next(ownerSocket.socket, 'comment_posted');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/events/${secret.id}/comment`, headers: owner.headers, payload: { comment: 'Owner only' } })).statusCode).toBe(200);
    await seen;
    await settle();
    expect(eventMessages(moderatorSocket.received)).toEqual([]);
    expect(leftEvents(moderatorSocket.received)).toEqual([{ event_id: secret.id, by: null }]);
  });

  it('an expired session: its socket is disconnected at the expiry, and by the sweep once the clock has passed it', async () => {
    const owner = await person('Expiry Owner');
    const event = await buildEvent(ctx.db, { user_id: owner.user.id });
    const session = async (ms: number) => {
      const token = newToken();
      const now = ctx.clock.now();
      await insertSession(ctx.db, { token_hash: hashToken(token), user_id: owner.user.id, now, expires_at: new Date(now.getTime() + ms), user_agent: 'test', ip: null });
      return token;
    };
    const soon = await follower(event.id, await session(400));
    const later = await follower(event.id, await session(3_600_000));
    const reason = await new Promise<string>((resolve) => {
      setTimeout(() => resolve('still connected after 3 s'), 3000);
      soon.socket.once('disconnect', resolve);
    });
    expect(reason).toBe('io server disconnect');
    expect(later.socket.connected).toBe(true);

    ctx.clock.advance(3_600_001);
    await ctx.deps.realtime!.sweep();
    await settle();
    expect(later.socket.connected).toBe(false);
  });
});

describe('a re-check that cannot be made fails closed', async () => {
  // Its own database: this test breaks it for a moment.
  const ctx = await createTestApp({ sockets: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const url = await listen(ctx);
  const { person, follower } = await setUp(ctx, url);

  it('with the database failing, the event’s sockets leave its rooms and are told; one still allowed follows again', async () => {
    const owner = await person('Failing Owner');
    const event = await buildEvent(ctx.db, { user_id: owner.user.id });
    const ownerSocket = await follower(event.id, owner.token);
    const visitorSocket = await follower(event.id);

    await sql`ALTER TABLE events RENAME TO events_away`.execute(ctx.db);
    try {
      await ctx.deps.realtime!.recheckEvent(event.id, owner.user.id);
    } finally {
      await sql`ALTER TABLE events_away RENAME TO events`.execute(ctx.db);
    }
    ctx.deps.realtime!.emit(eventRoom('comment_posted', event.id), 'comment_posted', { event_id: event.id, by: owner.user.id });
    await settle();
    for (const f of [ownerSocket, visitorSocket]) {
      expect(eventMessages(f.received)).toEqual([]);
      expect(leftEvents(f.received)).toEqual([{ event_id: event.id, by: owner.user.id }]);
    }
    expect(await joinEvent(ownerSocket.socket, event.id)).toEqual({ ok: true });
  });
});

const hasRedis = await redisAnswers();

describe.skipIf(!hasRedis)('live rooms across two instances sharing Redis', async () => {
  const a = await createTestApp({ sockets: true, redis: await redisClient(), env: { RATE_LIMIT_MAX: '1000000' } });
  const b = await secondInstance(a);
  await listen(a);
  const { person, follower } = await setUp(a, b.url);

  it('a change made on instance 1 removes a socket of instance 2 before its answer', async () => {
    const owner = await person('Twin Private Owner');
    const invitee = await person('Twin Private Invitee');
    const stranger = await person('Twin Private Stranger');
    const event = await buildEvent(a.db, { user_id: owner.user.id });
    await addInvite(a.db, event.id, invitee.user.id, owner.user.id);
    // The sockets are on instance 2.
    const ownerSocket = await follower(event.id, owner.token);
    const strangerSocket = await follower(event.id, stranger.token);

    expect((await setVisibility(a.app, event.id, owner.headers, { is_private: true, is_friends: false })).statusCode).toBe(200);
    // Right after the answer, a comment, a join and a rejection on instance 2 itself.
    await commentJoinReject(b.app, event.id, owner, invitee, ownerSocket.socket);
    expect(eventMessages(strangerSocket.received)).toEqual([]);
    // Told once. By the owner's change; or, when the minute's sweep on instance 2 came first (it
    // re-checks every socket, knowing no actor), by nobody: both found the socket, one told it.
    const left = leftEvents(strangerSocket.received);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ event_id: event.id });
    expect([owner.user.id, null]).toContain((left[0] as { by: number | null }).by);

    // Signing out on instance 1 disconnects the session's socket on instance 2 before the answer.
    const disconnected = new Promise<string>((resolve) => strangerSocket.socket.once('disconnect', resolve));
    expect((await a.app.inject({ method: 'POST', url: '/api/logout', headers: stranger.headers, payload: {} })).statusCode).toBe(200);
    const notified = next(ownerSocket.socket, NOTIFICATION_MESSAGE);
    await b.app.inject({ method: 'POST', url: `/api/user/${stranger.user.id}/follow`, headers: owner.headers });
    await b.app.inject({ method: 'POST', url: `/api/user/${owner.user.id}/follow`, headers: invitee.headers });
    await notified;
    await settle();
    expect(strangerSocket.received.filter((r) => r.message === NOTIFICATION_MESSAGE)).toEqual([]);
    expect(await disconnected).toBe('io server disconnect');
  });
});
