import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SETTINGS } from '@planns/shared/notifications/notifications.rules';
import { buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db, clock } = ctx;

async function person(name: string) {
  const user = await buildUser(db, { name });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const inbox = async (headers: Headers) =>
  (await call('GET', '/user/notifications', headers)).json().data as { id: number; viewed_at: string | null; data: { action: string; author: { id: number } | null; target: { hash: string } | null; comment: string | null; note: string | null } }[];

describe('notifications', () => {
  it('tells the host about answers and comments, and guests about comments; never the author', async () => {
    const host = await person('Hana Host');
    const guest = await person('Gus Guest');
    const other = await person('Ola Other');
    const event = await buildEvent(db, { user_id: host.user.id, name: 'Party' });

    await call('POST', `/events/${event.id}/join`, guest.headers, { note: 'Bringing cake' });
    clock.advance(1000);
    await call('POST', `/events/${event.id}/join`, guest.headers, { note: 'Still coming' }); // same answer again: no second notice
    clock.advance(1000);
    await call('POST', `/events/${event.id}/join`, other.headers, { maybe: true });
    clock.advance(1000);
    await call('POST', `/events/${event.id}/comment`, other.headers, { comment: 'What should I bring?' });

    const hostInbox = await inbox(host.headers);
    expect(hostInbox.map((n) => n.data.action)).toEqual(['comment_posted', 'user_maybe_event', 'user_joined_event']);
    expect(hostInbox[2]!.data).toMatchObject({ author: { id: guest.user.id }, target: { hash: event.hash }, note: 'Bringing cake' });
    expect(hostInbox[0]!.data.comment).toBe('What should I bring?');
    // The going guest hears about the comment; its author does not.
    expect((await inbox(guest.headers)).map((n) => n.data.action)).toEqual(['comment_posted']);
    expect(await inbox(other.headers)).toEqual([]);
  });

  it('respects settings: declines are off by default, and a switched-off setting stops its notices', async () => {
    const host = await person('Set Host');
    const guest = await person('Set Guest');
    const event = await buildEvent(db, { user_id: host.user.id });
    await call('POST', `/events/${event.id}/reject`, guest.headers, { note: 'Away' });
    expect(await inbox(host.headers)).toEqual([]); // 'Invite was declined to your event' is off by default

    const put = await call('PUT', '/notification-settings', host.headers, { notification_settings: [{ key: 'hosting_commented', value: false }, { key: 'hosting_declined', value: true }] });
    expect(put.statusCode).toBe(200);
    await call('POST', `/events/${event.id}/comment`, guest.headers, { comment: 'Sorry!' });
    await call('POST', `/events/${event.id}/join`, guest.headers, {});
    await call('POST', `/events/${event.id}/reject`, guest.headers, {});
    expect((await inbox(host.headers)).map((n) => n.data.action)).toEqual(['user_rejected_event', 'user_joined_event']);
  });

  it('friend requests, acceptances and follows notify the other person', async () => {
    const a = await person('Fri Asker');
    const b = await person('Fri Asked');
    const request = (await call('POST', '/user/friend-request', a.headers, { friend_id: b.user.id })).json().data.data;
    expect((await inbox(b.headers)).map((n) => n.data.action)).toEqual(['friend_request']);
    await call('POST', '/user/accept-friend', b.headers, { id: request.id });
    expect((await inbox(a.headers)).map((n) => n.data.action)).toEqual(['friend_accepted']);
    await call('POST', `/user/${a.user.id}/follow`, b.headers);
    await call('POST', `/user/${a.user.id}/follow`, b.headers); // already following: no second notice
    expect((await inbox(a.headers)).map((n) => n.data)).toMatchObject([{ action: 'user_following', author: { id: b.user.id }, target: null }, { action: 'friend_accepted' }]);
  });

  it('marks all viewed; each person sees only their own', async () => {
    const host = await person('View Host');
    const guest = await person('View Guest');
    const event = await buildEvent(db, { user_id: host.user.id });
    await call('POST', `/events/${event.id}/join`, guest.headers, {});
    expect((await inbox(host.headers))[0]!.viewed_at).toBeNull();
    expect((await call('POST', '/user/notifications/view', host.headers)).json()).toEqual({ data: { ok: true } });
    expect((await inbox(host.headers))[0]!.viewed_at).not.toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/user/notifications' })).statusCode).toBe(401);
  });
});

describe('notification settings', () => {
  it('answers the defaults of accounts §9 and saves the WhatsApp entry when missing', async () => {
    const me = await person('Def Settings');
    const res = await call('GET', '/notification-settings', me.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json().data.notification_settings as { key: string; value: boolean; name: string; type: string }[];
    expect(list.map((s) => [s.key, s.value])).toEqual(NOTIFICATION_SETTINGS.map((s) => [s.key, s.value]));
    expect(list[0]).toEqual({ key: 'whatsapp', name: 'Receive notifications via WhatsApp', value: true, type: 'whatsapp' });
    const stored = await db.selectFrom('notification_settings').select('settings').where('user_id', '=', me.user.id).executeTakeFirst();
    expect(stored?.settings).toEqual({ whatsapp: true });
  });

  it('changes only the keys given, and refuses unknown keys', async () => {
    const me = await person('Put Settings');
    const res = await call('PUT', '/notification-settings', me.headers, { notification_settings: [{ key: 'whatsapp', value: false, name: 'ignored' }] });
    const list = res.json().data.notification_settings as { key: string; value: boolean }[];
    expect(list.find((s) => s.key === 'whatsapp')?.value).toBe(false);
    expect(list.find((s) => s.key === 'event_invite')?.value).toBe(true);
    expect((await call('PUT', '/notification-settings', me.headers, { notification_settings: [{ key: 'nope', value: true }] })).statusCode).toBe(422);
    expect((await call('PUT', '/notification-settings', me.headers, { notification_settings: 'x' })).statusCode).toBe(422);
  });
});
