import { describe, expect, it } from 'vitest';
import { joinGroupReplySchema } from '@planns/shared/groups/groups.schemas';
import { buildEvent, buildGroup } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

/** POST /api/user/join-group (accounts §7; the group_invite of a shared link, events §4). */

const ctx = await createTestApp();
const { app, db } = ctx;

async function userWithSession() {
  const user = await buildUser(db, { name: 'Joiner' });
  const { headers } = await signIn(ctx, user.id);
  return { user, headers };
}

function join(headers: Record<string, string>, payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/user/join-group', headers, payload: payload as Record<string, unknown> });
}

async function memberships(userId: number) {
  return db.selectFrom('group_members').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute();
}

describe('POST /api/user/join-group', () => {
  it('joins the group and makes it the current group: answers {user, current_group}', async () => {
    const { user, headers } = await userWithSession();
    const group = await buildGroup(db, 'Hiking club');
    const res = await join(headers, { group_id: group.id });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = joinGroupReplySchema.parse(res.json());
    expect(data.current_group).toEqual({ id: group.id, name: 'Hiking club' });
    expect(data.user).toMatchObject({ id: user.id, current_group_id: group.id, current_group: { id: group.id, name: 'Hiking club' } });
    expect(data.user.groups).toContainEqual({ id: group.id, name: 'Hiking club' });
    expect(await memberships(user.id)).toEqual([{ group_id: group.id }]);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers });
    expect(me.json().data).toMatchObject({ current_group_id: group.id, groups: [{ id: group.id, name: 'Hiking club' }] });
  });

  it('joining twice is fine and keeps one membership', async () => {
    const { user, headers } = await userWithSession();
    const group = await buildGroup(db, 'Chess');
    expect((await join(headers, { group_id: group.id })).statusCode).toBe(200);
    const again = await join(headers, { group_id: group.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.groups).toEqual([{ id: group.id, name: 'Chess' }]);
    expect(await memberships(user.id)).toEqual([{ group_id: group.id }]);
  });

  it('a second group becomes the current one; the user stays in both', async () => {
    const { user, headers } = await userWithSession();
    const first = await buildGroup(db, 'First');
    const second = await buildGroup(db, 'Second');
    await join(headers, { group_id: first.id });
    const res = await join(headers, { group_id: String(second.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.current_group).toEqual({ id: second.id, name: 'Second' });
    expect(res.json().data.user.current_group_id).toBe(second.id);
    expect(res.json().data.user.groups).toEqual(expect.arrayContaining([{ id: first.id, name: 'First' }, { id: second.id, name: 'Second' }]));
    expect(await memberships(user.id)).toEqual([{ group_id: first.id }, { group_id: second.id }].sort((a, b) => a.group_id - b.group_id));
    // Back to the first: no new row, the current group moves.
    const back = await join(headers, { group_id: first.id });
    expect(back.json().data.user.current_group_id).toBe(first.id);
    expect(await memberships(user.id)).toHaveLength(2);
  });

  it('an unknown group is 404 and changes nothing', async () => {
    const { user, headers } = await userWithSession();
    const res = await join(headers, { group_id: 2_000_000 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await memberships(user.id)).toEqual([]);
    expect(await db.selectFrom('users').select('current_group_id').where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({ current_group_id: null });
  });

  it.each([[{}], [{ group_id: 'abc' }], [{ group_id: 0 }], [{ group_id: -3 }], [{ group_id: 1.5 }], [{ group_id: null }]])('refuses %j with 422 on group_id', async (payload) => {
    const { headers } = await userWithSession();
    const res = await join(headers, payload);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toEqual(['group_id']);
  });

  it('needs a session', async () => {
    const group = await buildGroup(db, 'Closed door');
    const res = await join({}, { group_id: group.id });
    expect(res.statusCode).toBe(401);
  });

  it('membership allows putting events in the group, and opens no hidden event of the group', async () => {
    const { user, headers } = await userWithSession();
    const group = await buildGroup(db, 'Book club');
    const privateOne = await buildEvent(db, { group_id: group.id, visibility: 'private' });
    const payload = { name: 'Reading', start_date: '2026-04-01 18:00:00', address: 'Library', group_id: group.id };
    const before = await app.inject({ method: 'POST', url: '/api/events/create', headers, payload });
    expect(before.statusCode).toBe(422);
    expect(before.json().error.fields).toEqual({ group_id: 'You are not a member of this group' });

    await join(headers, { group_id: group.id });
    const after = await app.inject({ method: 'POST', url: '/api/events/create', headers, payload });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data).toMatchObject({ user_id: user.id, group: { id: group.id, name: 'Book club' } });

    expect((await app.inject({ method: 'GET', url: `/api/events/${privateOne.hash}`, headers })).statusCode).toBe(404);
    const listed = await app.inject({ method: 'GET', url: `/api/events?group_id=${group.id}`, headers });
    expect(listed.json().data.data.map((e: { id: number }) => e.id)).toEqual([after.json().data.id]);
  });
});
