import { describe, expect, it } from 'vitest';
import { EVENT_FIELD_MESSAGES } from '@planns/shared/events/events.rules';
import { addInvite, buildCompanion, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

async function person(name = 'Rita Responder') {
  const user = await buildUser(db, { name });
  const { headers } = await signIn(ctx, user.id);
  return { user, headers };
}

function join(headers: Record<string, string>, eventId: number, payload: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: `/api/events/${eventId}/join`, headers, payload });
}

function reject(headers: Record<string, string>, eventId: number, payload: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: `/api/events/${eventId}/reject`, headers, payload });
}

async function answers(eventId: number) {
  return db.selectFrom('event_users').select(['user_id', 'status', 'companions_amount', 'note']).where('event_id', '=', eventId).orderBy('user_id').execute();
}

describe('RSVP: join and reject', () => {
  it('answers going with companions, then maybe, then not going: one answer per person, counted right', async () => {
    const owner = await person('Olga Owner');
    const event = await buildEvent(db, { user_id: owner.user.id });
    const { user, headers } = await person();
    const kid = await buildCompanion(db, user.id, 'Kid');
    const partner = await buildCompanion(db, user.id, 'Partner');

    const going = await join(headers, event.id, { companions: [kid.id, partner.id], note: 'See you' });
    expect(going.statusCode).toBe(200);
    expect(going.json().data).toMatchObject({ is_joined: true, is_maybe: false, is_rejected: false, users_count: 1, attendees_count: 3 });
    expect(going.json().data.users[0]).toMatchObject({ id: user.id, companions_amount: 2 });
    expect(await answers(event.id)).toEqual([{ user_id: user.id, status: 'going', companions_amount: 2, note: 'See you' }]);
    const chosen = await db.selectFrom('event_user_companions').select('companion_id').where('event_id', '=', event.id).orderBy('companion_id').execute();
    expect(chosen.map((c) => c.companion_id)).toEqual([kid.id, partner.id].sort((a, b) => a - b));

    const again = await join(headers, event.id, { companions: [kid.id] });
    expect(again.json().data).toMatchObject({ users_count: 1, attendees_count: 2 });
    expect(again.json().data.users).toHaveLength(1); // never listed twice

    const maybe = await join(headers, event.id, { maybe: true, companions: [kid.id] });
    expect(maybe.json().data).toMatchObject({ is_joined: false, is_maybe: true, users_count: 0, doubt_users_count: 1, attendees_count: 0 });
    expect(maybe.json().data.doubt_users[0]).toMatchObject({ id: user.id });

    const no = await reject(headers, event.id, { note: 'Sorry, ill' });
    expect(no.json().data).toMatchObject({ is_rejected: true, is_maybe: false, doubt_users_count: 0, rejected_users_count: 1, attendees_count: 0 });
    expect(await answers(event.id)).toEqual([{ user_id: user.id, status: 'rejected', companions_amount: 0, note: 'Sorry, ill' }]);
    expect(await db.selectFrom('event_user_companions').select('companion_id').where('event_id', '=', event.id).execute()).toEqual([]);
  });

  it('puts the current user first among those going', async () => {
    const event = await buildEvent(db);
    const others = await Promise.all([person('Ann One'), person('Ben Two'), person('Cat Three')]);
    for (const other of others) expect((await join(other.headers, event.id)).statusCode).toBe(200);
    const me = others[0]!;
    const page = await app.inject({ method: 'GET', url: `/api/events/${event.id}?full=true`, headers: me.headers });
    expect(page.json().data.users[0].id).toBe(me.user.id);
    expect(page.json().data.users_count).toBe(3);
  });

  it('refuses companions that are not mine, and more than the event allows', async () => {
    const event = await buildEvent(db);
    await db.updateTable('events').set({ max_companions: 1 }).where('id', '=', event.id).execute();
    const { user, headers } = await person();
    const stranger = await buildUser(db, { name: 'Other Parent' });
    const theirs = await buildCompanion(db, stranger.id, 'Theirs');
    const bad = await join(headers, event.id, { companions: [theirs.id] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({ companions: 'Companion not found' });
    const a = await buildCompanion(db, user.id, 'A');
    const b = await buildCompanion(db, user.id, 'B');
    const tooMany = await join(headers, event.id, { companions: [a.id, b.id] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.fields.companions).toBe('At most 1 companions');
    expect(await answers(event.id)).toEqual([]);
  });

  it('validates the bodies and never answers 5xx', async () => {
    const event = await buildEvent(db);
    const { headers } = await person();
    for (const payload of [{ companions: 'x' }, { companions: [-1] }, { note: 'n'.repeat(1001) }, { maybe: 'perhaps' }]) {
      const res = await join(headers, event.id, payload);
      expect(res.statusCode).toBe(422);
    }
    const text = await app.inject({ method: 'POST', url: `/api/events/${event.id}/reject`, headers: { ...headers, 'content-type': 'application/json' }, payload: '{bad' });
    expect(text.statusCode).toBe(400);
    expect((await join(headers, 999_999)).statusCode).toBe(404);
  });

  it('needs a session, and the event must be visible to the caller', async () => {
    const owner = await buildUser(db, { name: 'Private Owner' });
    const hidden = await buildEvent(db, { user_id: owner.id, visibility: 'private' });
    expect((await app.inject({ method: 'POST', url: `/api/events/${hidden.id}/join`, payload: {} })).statusCode).toBe(401);
    const stranger = await person('Sid Stranger');
    expect((await join(stranger.headers, hidden.id)).statusCode).toBe(404);
    expect((await reject(stranger.headers, hidden.id)).statusCode).toBe(404);
    // An invitee may answer; answering keeps the event visible even without the invitation.
    const guest = await person('Gil Guest');
    await addInvite(db, hidden.id, guest.user.id, owner.id);
    expect((await join(guest.headers, hidden.id)).statusCode).toBe(200);
    await db.deleteFrom('event_invites').where('event_id', '=', hidden.id).execute();
    const page = await app.inject({ method: 'GET', url: `/api/events/${hidden.hash}?full=true`, headers: guest.headers });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.address).not.toBeNull();
  });

  it('refuses answers on an event deleted by a moderator', async () => {
    const event = await buildEvent(db);
    await db.updateTable('events').set({ deleted_by_moderator_at: new Date() }).where('id', '=', event.id).execute();
    const { headers } = await person();
    expect((await join(headers, event.id)).statusCode).toBe(409);
  });
});

describe('RSVP: capacity', () => {
  it('says full with event_full once max is reached; maybe and not going stay open; a going person may shrink', async () => {
    const event = await buildEvent(db, { max: 3 });
    const a = await person('Al Full');
    const aCompanions = await Promise.all([buildCompanion(db, a.user.id, 'X'), buildCompanion(db, a.user.id, 'Y')]);
    expect((await join(a.headers, event.id, { companions: aCompanions.map((c) => c.id) })).json().data.attendees_count).toBe(3);
    const b = await person('Bo Late');
    const full = await join(b.headers, event.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'event_full', message: 'This event is full' });
    expect((await join(b.headers, event.id, { maybe: true })).statusCode).toBe(200);
    expect((await reject(b.headers, event.id)).statusCode).toBe(200);
    // A, already going with two, may go with one; then B fits.
    expect((await join(a.headers, event.id, { companions: [aCompanions[0]!.id] })).json().data.attendees_count).toBe(2);
    expect((await join(b.headers, event.id)).json().data.attendees_count).toBe(3);
  });

  it('never exceeds max when many people join at once (real PostgreSQL, parallel requests)', async () => {
    const max = 5;
    const event = await buildEvent(db, { max });
    const people = await Promise.all(Array.from({ length: 24 }, (_, i) => person(`Rush ${i}`)));
    const results = await Promise.all(people.map((p) => join(p.headers, event.id)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 409)).toHaveLength(people.length - max);
    const going = await db.selectFrom('event_users').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', event.id).where('status', '=', 'going').executeTakeFirstOrThrow();
    expect(Number(going.n)).toBe(max);
  });

  it('never exceeds max when people bring companions at once', async () => {
    const max = 10;
    const event = await buildEvent(db, { max });
    const people = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const p = await person(`Family ${i}`);
        const kids = await Promise.all([buildCompanion(db, p.user.id, 'K1'), buildCompanion(db, p.user.id, 'K2')]);
        return { ...p, kids: kids.map((k) => k.id) };
      }),
    );
    await Promise.all(people.map((p) => join(p.headers, event.id, { companions: p.kids })));
    const total = await db
      .selectFrom('event_users')
      .select((eb) => eb.fn.sum<number>(eb('companions_amount', '+', 1)).as('total'))
      .where('event_id', '=', event.id)
      .where('status', '=', 'going')
      .executeTakeFirstOrThrow();
    expect(Number(total.total)).toBe(9); // three families of three; a fourth would make 12
  });
});

describe('RSVP: lowering max (decision 0024)', () => {
  const editBody = (max: number | null) => ({
    name: 'Capped',
    start_date: '2026-03-01T18:00:00Z',
    location_type: 'in_person',
    address: 'Carrer 1',
    max,
  });
  const edit = (headers: Record<string, string>, id: number, max: number | null) =>
    app.inject({ method: 'PUT', url: `/api/events/${id}`, headers, payload: editBody(max) });
  const stored = async (id: number) => {
    const event = await db.selectFrom('events').select('max').where('id', '=', id).executeTakeFirstOrThrow();
    const going = await db
      .selectFrom('event_users')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(eb('companions_amount', '+', 1)), eb.lit(0)).as('total'))
      .where('event_id', '=', id)
      .where('status', '=', 'going')
      .executeTakeFirstOrThrow();
    return { max: event.max, going: Number(going.total) };
  };

  it('refuses a max below the people already going with a 409 naming the count, and takes it equal', async () => {
    const owner = await person('Cap Owner');
    const event = await buildEvent(db, { user_id: owner.user.id, max: 10 });
    const guest = await person('Cap Guest');
    const kids = await Promise.all([buildCompanion(db, guest.user.id, 'A'), buildCompanion(db, guest.user.id, 'B')]);
    await join(guest.headers, event.id, { companions: kids.map((k) => k.id) });
    await join((await person('Cap Two')).headers, event.id);
    const lower = await edit(owner.headers, event.id, 3);
    expect(lower.statusCode).toBe(409);
    expect(lower.json().error).toMatchObject({ code: 'conflict', fields: { max: EVENT_FIELD_MESSAGES.maxBelowGoing } });
    expect(lower.json().error.message).toContain('4 people are already going');
    expect((await stored(event.id)).max).toBe(10);
    const equal = await edit(owner.headers, event.id, 4);
    expect(equal.statusCode).toBe(200);
    expect(equal.json().data).toMatchObject({ max: 4, attendees_count: 4 });
    // No limit, and an unchanged max on an event edited for something else, stay fine.
    expect((await edit(owner.headers, event.id, null)).statusCode).toBe(200);
  });

  it('never ends with more going than max when joins race an edit lowering it (real PostgreSQL)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const owner = await person('Race Owner');
      const event = await buildEvent(db, { user_id: owner.user.id, max: 30 });
      const early = await Promise.all(Array.from({ length: 8 }, (_, i) => person(`Early ${round}-${i}`)));
      for (const p of early) await join(p.headers, event.id);
      const late = await Promise.all(Array.from({ length: 12 }, (_, i) => person(`Late ${round}-${i}`)));
      const results = await Promise.all([...late.map((p) => join(p.headers, event.id)), edit(owner.headers, event.id, 10)]);
      const after = await stored(event.id);
      expect(after.going).toBeLessThanOrEqual(after.max!);
      const editAnswer = results.at(-1)!;
      if (editAnswer.statusCode === 200) expect(after.max).toBe(10);
      else expect([editAnswer.statusCode, after.max]).toEqual([409, 30]);
    }
  });
});

describe('rejected_users (events §3)', () => {
  it('are given to the owner and moderators, on the page and in lists, and to nobody else', async () => {
    const owner = await person('Rhea Owner');
    const event = await buildEvent(db, { user_id: owner.user.id, name: 'Rejections shown' });
    const no = await person('Noel NotGoing');
    const other = await person('Otto Other');
    await reject(no.headers, event.id, { note: 'Busy' });
    await join(other.headers, event.id);
    const moderator = await buildUser(db, { name: 'Mod Eraor', is_moderator: true });
    const mod = { headers: (await signIn(ctx, moderator.id)).headers };

    const page = (headers?: Record<string, string>) =>
      app.inject({ method: 'GET', url: headers ? `/api/events/${event.id}?no_visit=1` : `/api/events-no-auth/${event.hash}`, ...(headers ? { headers } : {}) });
    const names = (res: Awaited<ReturnType<typeof page>>) => (res.json().data.rejected_users as { name: string }[]).map((p) => p.name);
    expect(names(await page(owner.headers))).toEqual(['Noel NotGoing']);
    expect(names(await page(mod.headers))).toEqual(['Noel NotGoing']);
    expect(names(await page(other.headers))).toEqual([]);
    expect(names(await page(no.headers))).toEqual([]);
    expect(names(await page())).toEqual([]);
    expect((await page(other.headers)).json().data.rejected_users_count).toBe(1);

    const listed = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: `/api/events?search=${encodeURIComponent('Rejections shown')}`, headers });
      const found = (res.json().data.data as { id: number; rejected_users: { name: string }[] }[]).find((e) => e.id === event.id);
      return found?.rejected_users.map((p) => p.name);
    };
    expect(await listed(owner.headers)).toEqual(['Noel NotGoing']);
    expect(await listed(mod.headers)).toEqual(['Noel NotGoing']);
    expect(await listed(other.headers)).toEqual([]);
  });
});
