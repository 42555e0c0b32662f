import { describe, expect, it } from 'vitest';
import { EVENT_ROOM_KINDS, NOTIFICATION_MESSAGE } from '@planns/shared/realtime/realtime.rules';
import { addInvite, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';
import { arrives, client, joinEvent, listen, next, redisAnswers, redisClient, secondInstance } from './socket-client.ts';

describe('socket.io rooms', async () => {
  const ctx = await createTestApp({ sockets: true, env: { RATE_LIMIT_MAX: '1000000' } });
  const url = await listen(ctx);
  const person = async (name: string) => {
    const user = await buildUser(ctx.db, { name });
    const { token, headers } = await signIn(ctx, user.id);
    return { user, token, headers };
  };

  it('delivers comments, joins and notifications live to those who may see them', async () => {
    const host = await person('Live Host');
    const guest = await person('Live Guest');
    const event = await buildEvent(ctx.db, { user_id: host.user.id });
    const hostSocket = await client(url, { token: host.token });
    expect(await joinEvent(hostSocket, event.id)).toEqual({ ok: true });

    const joined = next<{ event_id: number; by: number; status: string }>(hostSocket, 'user_joined_event');
    const notified = next<{ data: { action: string } }>(hostSocket, NOTIFICATION_MESSAGE);
    await ctx.app.inject({ method: 'POST', url: `/api/events/${event.id}/join`, headers: guest.headers, payload: {} });
    expect(await joined).toEqual({ event_id: event.id, by: guest.user.id, status: 'going' });
    expect((await notified).data.action).toBe('user_joined_event');

    const commented = next<{ by: number; comment: { comment: string } }>(hostSocket, 'comment_posted');
    await ctx.app.inject({ method: 'POST', url: `/api/events/${event.id}/comment`, headers: guest.headers, payload: { comment: 'Live hello' } });
    expect(await commented).toMatchObject({ by: guest.user.id, comment: { comment: 'Live hello' } });

    const rejected = next<{ status: string }>(hostSocket, 'user_rejected_event');
    await ctx.app.inject({ method: 'POST', url: `/api/events/${event.id}/reject`, headers: guest.headers, payload: {} });
    expect((await rejected).status).toBe('rejected');
  });

  it('lets a socket follow an event only if its person may see it', async () => {
    const host = await person('Secret Host');
    const stranger = await person('Secret Stranger');
    const invitee = await person('Secret Invitee');
    const secret = await buildEvent(ctx.db, { user_id: host.user.id, visibility: 'private' });
    const open = await buildEvent(ctx.db, { user_id: host.user.id });
    await addInvite(ctx.db, secret.id, invitee.user.id, host.user.id);

    const visitor = await client(url);
    expect(await joinEvent(visitor, secret.id)).toEqual({ ok: false });
    expect(await joinEvent(visitor, open.id)).toEqual({ ok: true });
    const strangerSocket = await client(url, { token: stranger.token });
    expect(await joinEvent(strangerSocket, secret.id)).toEqual({ ok: false });
    expect(await joinEvent(strangerSocket, 'x' as unknown as number)).toEqual({ ok: false });
    const inviteeSocket = await client(url, { token: invitee.token });
    expect(await joinEvent(inviteeSocket, secret.id)).toEqual({ ok: true });

    const leak = arrives(strangerSocket, 'comment_posted');
    const seen = next(inviteeSocket, 'comment_posted');
    await ctx.app.inject({ method: 'POST', url: `/api/events/${secret.id}/comment`, headers: host.headers, payload: { comment: 'For invitees' } });
    await seen;
    expect(await leak).toBe(false);
    expect(EVENT_ROOM_KINDS).toHaveLength(4);
  });

  it('authenticates the handshake: a bad token and a foreign cookie origin are refused', async () => {
    await expect(client(url, { token: 'not-a-token' })).rejects.toThrow();
    const someone = await person('Cookie Person');
    await expect(client(url, { cookie: `planns_session=${someone.token}`, origin: 'https://evil.example' })).rejects.toThrow();
    const ok = await client(url, { cookie: `planns_session=${someone.token}`, origin: url });
    expect(ok.connected).toBe(true);
    // Notifications reach only their recipient's room.
    const other = await person('Other Person');
    const otherSocket = await client(url, { token: other.token });
    const leak = arrives(otherSocket, NOTIFICATION_MESSAGE);
    const mine = next(ok, NOTIFICATION_MESSAGE);
    await ctx.app.inject({ method: 'POST', url: `/api/user/${someone.user.id}/follow`, headers: other.headers });
    await mine;
    expect(await leak).toBe(false);
  });
});

const hasRedis = await redisAnswers();

describe.skipIf(!hasRedis)('two instances sharing Redis (Redis Streams adapter)', async () => {
  const a = await createTestApp({ sockets: true, redis: await redisClient(), env: { RATE_LIMIT_MAX: '1000000' } });
  const b = await secondInstance(a);
  const urlA = await listen(a);
  const urlB = b.url;

  it('a comment posted on one instance reaches a client connected to the other', async () => {
    const host = await buildUser(a.db, { name: 'Twin Host' });
    const guest = await buildUser(a.db, { name: 'Twin Guest' });
    const event = await buildEvent(a.db, { user_id: host.id });
    const hostSocket = await client(urlB, { token: (await signIn(a, host.id)).token });
    expect(await joinEvent(hostSocket, event.id)).toEqual({ ok: true });
    const received = next<{ comment: { comment: string } }>(hostSocket, 'comment_posted');
    const notified = next<{ data: { action: string } }>(hostSocket, NOTIFICATION_MESSAGE);
    // Posted through instance A (over HTTP, like a browser behind a load balancer).
    const res = await fetch(`${urlA}/api/events/${event.id}/comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await signIn(a, guest.id)).token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ comment: 'Across instances' }),
    });
    expect(res.status).toBe(200);
    expect((await received).comment.comment).toBe('Across instances');
    expect((await notified).data.action).toBe('comment_posted');
  });
});
