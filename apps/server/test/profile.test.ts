import { describe, expect, it } from 'vitest';
import { addFriendship, addResponse, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

describe('GET profile/{id}', () => {
  it('shows the person, friends, and only the events the viewer may see', async () => {
    const owner = await buildUser(db, { name: 'Paula Profile' });
    const friend = await buildUser(db, { name: 'Fred Friend' });
    const viewer = await buildUser(db, { name: 'Vic Viewer' });
    await addFriendship(db, owner.id, friend.id);
    const open = await buildEvent(db, { user_id: owner.id, name: 'Open one', start_date: '2026-03-01T10:00:00Z' });
    await buildEvent(db, { user_id: owner.id, name: 'Secret one', visibility: 'private' });
    const elsewhere = await buildEvent(db, { user_id: friend.id, name: 'Joined one' });
    await addResponse(db, elsewhere.id, owner.id, 'going');
    const { headers } = await signIn(ctx, viewer.id);

    const res = await app.inject({ method: 'GET', url: `/api/profile/${owner.id}`, headers });
    expect(res.statusCode).toBe(200);
    const profile = res.json().data;
    expect(profile.user).toMatchObject({ id: owner.id, name: 'Paula Profile' });
    expect(profile.friends_count).toBe(1);
    expect(profile.friends.map((f: { name: string }) => f.name)).toEqual(['Fred Friend']);
    expect(profile.created_events.map((e: { id: number }) => e.id)).toEqual([open.id]);
    expect(profile.joined_events.map((e: { name: string }) => e.name)).toEqual(['Joined one']);
    expect(profile).toMatchObject({ is_friend: false, request_sent_by_me: false, has_request: false });
    expect(profile.user).not.toHaveProperty('phone');
    expect(profile.friends[0]).not.toHaveProperty('phone');

    // The owner sees their own private event too.
    const own = await app.inject({ method: 'GET', url: `/api/profile/${owner.id}`, headers: (await signIn(ctx, owner.id)).headers });
    expect(own.json().data.created_events.map((e: { name: string }) => e.name).sort()).toEqual(['Open one', 'Secret one']);
  });

  it('needs a session and a real person', async () => {
    const someone = await buildUser(db, { name: 'Sol Someone' });
    expect((await app.inject({ method: 'GET', url: `/api/profile/${someone.id}` })).statusCode).toBe(401);
    const { headers } = await signIn(ctx, someone.id);
    expect((await app.inject({ method: 'GET', url: '/api/profile/999999', headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/profile/abc', headers })).statusCode).toBe(422);
  });
});
