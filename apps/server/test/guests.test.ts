import { describe, expect, it } from 'vitest';
import { buildCompanion, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

async function person(name: string) {
  const user = await buildUser(db, { name });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

describe('guest list and export', () => {
  it('lists every answer with companions and counts them, for the owner; text export too', async () => {
    const host = await person('Gala Host');
    const event = await buildEvent(db, { user_id: host.user.id, name: 'Gala night' });
    const ana = await person('Ana Going');
    const kid = await buildCompanion(db, ana.user.id, 'Kiddo');
    const ben = await person('Ben Maybe');
    const cai = await person('Cai Rejects');
    await app.inject({ method: 'POST', url: `/api/events/${event.id}/join`, headers: ana.headers, payload: { companions: [kid.id], note: 'Yay' } });
    await app.inject({ method: 'POST', url: `/api/events/${event.id}/join`, headers: ben.headers, payload: { maybe: true } });
    await app.inject({ method: 'POST', url: `/api/events/${event.id}/reject`, headers: cai.headers, payload: { note: 'Travelling' } });

    const res = await app.inject({ method: 'GET', url: `/api/events/${event.id}/guests`, headers: host.headers });
    expect(res.statusCode).toBe(200);
    const { guests, counts } = res.json().data;
    expect(counts).toEqual({ going: 2, maybe: 1, rejected: 1 });
    const ana1 = guests.find((g: { user: { id: number } }) => g.user.id === ana.user.id);
    expect(ana1).toMatchObject({ status: 'going', companions_amount: 1, note: 'Yay', companions: [{ id: kid.id, first_name: 'Kiddo' }] });
    expect(JSON.stringify(guests)).not.toContain('phone');

    const text = (await app.inject({ method: 'GET', url: `/api/events/${event.id}/export`, headers: host.headers })).json().data as string;
    expect(text).toContain('Gala night');
    expect(text).toContain('Going (2):\n- Ana Going +1 (Kiddo) — Yay');
    expect(text).toContain('Interested (1):\n- Ben Maybe');
    expect(text).toContain('Not going (1):\n- Cai Rejects — Travelling');
  });

  it('is for the owner and moderators only', async () => {
    const host = await person('Only Host');
    const event = await buildEvent(db, { user_id: host.user.id });
    const guest = await person('Curious Guest');
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}/guests`, headers: guest.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}/export`, headers: guest.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}/guests` })).statusCode).toBe(401);
    const mod = await person('Mo Derator');
    await db.updateTable('users').set({ is_moderator: true }).where('id', '=', mod.user.id).execute();
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}/guests`, headers: mod.headers })).statusCode).toBe(200);
    const hidden = await buildEvent(db, { user_id: host.user.id, visibility: 'private' });
    expect((await app.inject({ method: 'GET', url: `/api/events/${hidden.id}/export`, headers: guest.headers })).statusCode).toBe(404);
  });
});
