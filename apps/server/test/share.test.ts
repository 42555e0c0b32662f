import { describe, expect, it } from 'vitest';
import { addFriendship, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

async function person(name: string) {
  const user = await buildUser(db, { name });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}
const share = (headers: Record<string, string>, eventId: number, users: unknown) =>
  app.inject({ method: 'POST', url: `/api/events/${eventId}/share`, headers, payload: { users } });

describe('share with friends', () => {
  it('lets an invited friend open a private event and tells them', async () => {
    const host = await person('Priv Host');
    const friend = await person('Priv Friend');
    await addFriendship(db, host.user.id, friend.user.id);
    const event = await buildEvent(db, { user_id: host.user.id, visibility: 'private' });
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.hash}?full=true`, headers: friend.headers })).statusCode).toBe(404);
    const res = await share(host.headers, event.id, [friend.user.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { invited: [friend.user.id] } });
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.hash}?full=true`, headers: friend.headers })).statusCode).toBe(200);
    const inbox = (await app.inject({ method: 'GET', url: '/api/user/notifications', headers: friend.headers })).json().data;
    expect(inbox[0].data).toMatchObject({ action: 'event_shared', author: { id: host.user.id }, target: { hash: event.hash } });
    // Sharing again is fine and adds no second invitation.
    expect((await share(host.headers, event.id, [friend.user.id])).statusCode).toBe(200);
    expect(await db.selectFrom('event_invites').select('user_id').where('event_id', '=', event.id).execute()).toHaveLength(1);
  });

  it('shares only with friends, and private events only by their organisers', async () => {
    const host = await person('Rule Host');
    const guest = await person('Rule Guest');
    const stranger = await person('Rule Stranger');
    const guestFriend = await person('Guest Friend');
    await addFriendship(db, guest.user.id, guestFriend.user.id);
    await addFriendship(db, host.user.id, guest.user.id);
    const publicEvent = await buildEvent(db, { user_id: host.user.id });
    const privateEvent = await buildEvent(db, { user_id: host.user.id, visibility: 'private' });
    const bad = await share(host.headers, publicEvent.id, [stranger.user.id]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({ users: 'You can share only with your friends' });
    expect((await share(guest.headers, publicEvent.id, [guestFriend.user.id])).statusCode).toBe(200);
    await share(host.headers, privateEvent.id, [guest.user.id]);
    expect((await share(guest.headers, privateEvent.id, [guestFriend.user.id])).statusCode).toBe(403);
    expect((await share(stranger.headers, privateEvent.id, [guest.user.id])).statusCode).toBe(404);
    expect((await share(host.headers, publicEvent.id, [])).statusCode).toBe(422);
    expect((await app.inject({ method: 'POST', url: `/api/events/${publicEvent.id}/share`, payload: { users: [1] } })).statusCode).toBe(401);
  });
});
