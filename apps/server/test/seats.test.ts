import { describe, expect, it } from 'vitest';
import { SEAT_MESSAGES } from '@planns/shared/seats/seats.rules';
import { reservedSeatsReplySchema } from '@planns/shared/seats/seats.schemas';
import { buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

const ctx = await createTestApp();
const { app, db } = ctx;

async function userWithSession(name = 'Organiser') {
  const user = await buildUser(db, { name });
  const { headers } = await signIn(ctx, user.id);
  return { user, headers };
}

const hall = {
  rows: 4,
  columns: 6,
  rowSpacers: [2],
  columnSpacers: [3],
  seatTypes: [{ label: 'Economy', price: 2000 }, { label: 'VIP', price: 5000 }],
  seatTypeAreas: [{ type: 1, rows: [0, 0] }],
  disabledSeats: [{ row: 3, col: 0 }],
  seatLabel: { skipLetters: 'I', separator: '-' },
};

function create(headers: Record<string, string>, payload: unknown) {
  return app.inject({ method: 'POST', url: '/api/seats/templates', headers, payload: payload as Record<string, unknown> });
}

async function useTemplate(eventId: number, templateId: number) {
  await db.updateTable('events').set({ seated: true, seat_template_id: templateId }).where('id', '=', eventId).execute();
}

describe('seat schemes (GET/POST seats/templates, seats/template/{id})', () => {
  it('makes a scheme with the rule filled in, lists, reads, changes and deletes it', async () => {
    const { headers } = await userWithSession();
    const made = await create(headers, { name: '  Main hall ', data: hall });
    expect(made.statusCode).toBe(200);
    const scheme = made.json().data;
    expect(scheme).toMatchObject({ name: 'Main hall', seat_count: 23, events_count: 0 });
    expect(scheme.data.seatLabel).toMatchObject({ rowNames: 'letters', skipLetters: 'I', separator: '-', numbering: [{ order: 'left-to-right', step: 1, firstSeat: 1 }] });
    expect(scheme.data.seatTypes).toEqual(hall.seatTypes);

    const listed = await app.inject({ method: 'GET', url: '/api/seats/templates', headers });
    expect(listed.json().data.map((t: { id: number }) => t.id)).toEqual([scheme.id]);
    const read = await app.inject({ method: 'GET', url: `/api/seats/template/${scheme.id}`, headers });
    expect(read.json().data).toEqual(scheme);

    const changed = await app.inject({ method: 'POST', url: `/api/seats/template/${scheme.id}`, headers, payload: { name: 'Hall B', data: { ...hall, rows: 5 } } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ id: scheme.id, name: 'Hall B', seat_count: 29 });

    const deleted = await app.inject({ method: 'DELETE', url: `/api/seats/template/${scheme.id}`, headers });
    expect(deleted.json()).toEqual({ data: { ok: true } });
    expect((await app.inject({ method: 'GET', url: `/api/seats/template/${scheme.id}`, headers })).statusCode).toBe(404);
  });

  it('answers bad schemes with per-field messages and stores nothing', async () => {
    const { user, headers } = await userWithSession();
    const bad = await create(headers, { name: '', data: { ...hall, rows: 101, seatTypes: [{ label: 'A' }, { label: 'a' }] } });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().error.fields;
    expect(fields).toMatchObject({ name: SEAT_MESSAGES.nameRequired, 'data.rows': SEAT_MESSAGES.rowsRange });
    const outside = await create(headers, { name: 'X', data: { ...hall, rowSpacers: [4], disabledSeats: [{ row: 9, col: 9 }] } });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error.fields).toMatchObject({ 'data.rowSpacers.0': SEAT_MESSAGES.spacerOutside, 'data.disabledSeats.0': SEAT_MESSAGES.seatOutside });
    const clash = await create(headers, { name: 'X', data: { ...hall, seatLabel: { rowOverrides: [{ row: 1, name: 'A' }] } } });
    expect(clash.json().error.fields).toEqual({ 'data.seatLabel': SEAT_MESSAGES.duplicateLabel('A1') });
    expect(await db.selectFrom('seat_templates').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it("keeps a scheme to its maker: another person's is a 404 to read, change or delete", async () => {
    const owner = await userWithSession();
    const other = await userWithSession('Other');
    const scheme = (await create(owner.headers, { name: 'Mine', data: hall })).json().data;
    expect((await app.inject({ method: 'GET', url: `/api/seats/template/${scheme.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/seats/template/${scheme.id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/seats/template/${scheme.id}`, headers: other.headers, payload: { name: 'Taken', data: hall } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/seats/template/${scheme.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/seats/templates', headers: other.headers })).json().data).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/seats/templates' })).statusCode).toBe(401);
  });

  it('keeps a scheme an event uses as it is, and shows it to whoever may see that event', async () => {
    const owner = await userWithSession();
    const stranger = await userWithSession('Stranger');
    const scheme = (await create(owner.headers, { name: 'Used', data: hall })).json().data;
    const open = await buildEvent(db, { user_id: owner.user.id, price: 2000 });
    await useTemplate(open.id, scheme.id);

    const change = await app.inject({ method: 'POST', url: `/api/seats/template/${scheme.id}`, headers: owner.headers, payload: { name: 'New', data: hall } });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.message).toBe(SEAT_MESSAGES.schemeUsed);
    expect((await app.inject({ method: 'DELETE', url: `/api/seats/template/${scheme.id}`, headers: owner.headers })).statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: `/api/seats/template/${scheme.id}`, headers: owner.headers })).json().data.events_count).toBe(1);

    // A public event's chart: visitors and strangers may read its scheme.
    expect((await app.inject({ method: 'GET', url: `/api/seats/template/${scheme.id}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/seats/template/${scheme.id}`, headers: stranger.headers })).statusCode).toBe(200);

    // Used only by a private event: a stranger does not learn it exists.
    const privateScheme = (await create(owner.headers, { name: 'Private', data: hall })).json().data;
    const hidden = await buildEvent(db, { user_id: owner.user.id, price: 2000, visibility: 'private' });
    await useTemplate(hidden.id, privateScheme.id);
    expect((await app.inject({ method: 'GET', url: `/api/seats/template/${privateScheme.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/seats/template/${privateScheme.id}` })).statusCode).toBe(404);
  });
});

describe('seats taken (GET seats/{eventId})', () => {
  async function order(eventId: number, buyerId: number, holdMinutes: number, status = 'pending') {
    const now = ctx.clock.now();
    const row = await db
      .insertInto('orders')
      .values({
        event_id: eventId,
        event_name: 'Seated',
        event_start: now,
        buyer_id: buyerId,
        provider: 'test',
        status,
        payment_mode: 'planns',
        currency: 'EUR',
        subtotal: 2000,
        fee: 100,
        total: 2100,
        hold_expires_at: new Date(now.getTime() + holdMinutes * 60_000),
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('answers the seats held now or sold, with the asker’s own, and no expired hold', async () => {
    const owner = await userWithSession();
    const buyer = await userWithSession('Buyer');
    const other = await buildUser(db, { name: 'Other buyer' });
    const event = await buildEvent(db, { user_id: owner.user.id, price: 2000 });
    await db.updateTable('events').set({ seated: true }).where('id', '=', event.id).execute();
    const now = ctx.clock.now();
    const mine = await order(event.id, buyer.user.id, 10);
    const theirs = await order(event.id, other.id, 10);
    const expired = await order(event.id, other.id, -1);
    const ticket = await db
      .insertInto('tickets')
      .values({ code: '0123456789ABCDEF', event_id: event.id, type_name: 'General Admission', user_id: other.id, kind: 'issued', created_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const seat = (row: number, col: number, extra: Record<string, unknown>) => ({ event_id: event.id, the_row: row, the_col: col, label: `S${row}-${col}`, created_at: now, ...extra });
    await db
      .insertInto('event_seats')
      .values([
        seat(0, 1, { order_id: mine, hold_expires_at: new Date(now.getTime() + 600_000) }),
        seat(0, 2, { order_id: theirs, hold_expires_at: new Date(now.getTime() + 600_000) }),
        seat(0, 3, { order_id: expired, hold_expires_at: new Date(now.getTime() - 60_000) }),
        seat(2, 0, { ticket_id: ticket.id }),
      ] as never)
      .execute();

    const seen = await app.inject({ method: 'GET', url: `/api/seats/${event.id}`, headers: buyer.headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('application/json; charset=utf-8');
    // The answer is written by PostgreSQL, past the response serializer: it is held to the schema here.
    expect(reservedSeatsReplySchema.strict().safeParse(seen.json()).success).toBe(true);
    expect(seen.json().data).toEqual([
      { the_row: 0, the_col: 1, state: 'held', own: true },
      { the_row: 0, the_col: 2, state: 'held', own: false },
      { the_row: 2, the_col: 0, state: 'sold', own: false },
    ]);
    const visitor = await app.inject({ method: 'GET', url: `/api/seats/${event.id}` });
    expect(visitor.json().data.map((s: { own: boolean }) => s.own)).toEqual([false, false, false]);

    // The key keeps one seat of one event to one order or ticket.
    await expect(db.insertInto('event_seats').values(seat(0, 2, { order_id: mine, hold_expires_at: now }) as never).execute()).rejects.toThrow(/event_seats_pkey/);
  });

  it('answers 404 for an event the asker may not see', async () => {
    const owner = await userWithSession();
    const stranger = await userWithSession('Stranger');
    const hidden = await buildEvent(db, { user_id: owner.user.id, visibility: 'private' });
    expect((await app.inject({ method: 'GET', url: `/api/seats/${hidden.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/seats/${hidden.id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/seats/${hidden.id}`, headers: owner.headers })).json()).toEqual({ data: [] });
    // The seats are read in the statement that checks the event: taken ones stay hidden from the
    // stranger; a moderator, who may open any event, sees them.
    await db.updateTable('events').set({ seated: true }).where('id', '=', hidden.id).execute();
    const held = await order(hidden.id, owner.user.id, 10);
    await db
      .insertInto('event_seats')
      .values({ event_id: hidden.id, the_row: 1, the_col: 1, label: 'B2', order_id: held, hold_expires_at: new Date(ctx.clock.now().getTime() + 600_000), created_at: ctx.clock.now() } as never)
      .execute();
    expect((await app.inject({ method: 'GET', url: `/api/seats/${hidden.id}`, headers: stranger.headers })).statusCode).toBe(404);
    const moderator = await buildUser(db, { name: 'Moderator', is_moderator: true });
    const seen = await app.inject({ method: 'GET', url: `/api/seats/${hidden.id}`, headers: (await signIn(ctx, moderator.id)).headers });
    expect(seen.json()).toEqual({ data: [{ the_row: 1, the_col: 1, state: 'held', own: false }] });
    expect((await app.inject({ method: 'GET', url: `/api/seats/${hidden.id}`, headers: owner.headers })).json().data).toEqual([{ the_row: 1, the_col: 1, state: 'held', own: true }]);
  });
});
