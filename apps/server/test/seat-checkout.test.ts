import { describe, expect, it } from 'vitest';
import { SEAT_MESSAGES } from '@planns/shared/seats/seats.rules';
import * as orders from '../src/modules/orders/orders.service.ts';
import { seededRandom } from '../src/seed/seeded-random.ts';
import { createTestApp, injector, openVerifiedPayoutAccount, seatedEventBody, signedInPerson, TEST_CARD } from './harness.ts';
import { client, joinEvent, listen, next } from './socket-client.ts';

/**
 * Seated checkout (issue 17, decision 0036): the embed call holds exactly the seats picked, a
 * seat taken meanwhile answers 409 naming it, payment gives each ticket its seat, a refund or an
 * ended hold frees it, and no seat is ever held or sold twice, whatever the interleaving.
 */
const SEEDS = Number(process.env.SEAT_SEEDS ?? 100);
const ctx = await createTestApp({ sockets: true, env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

const call = injector(app);
const person = (name: string) => signedInPerson(ctx, name);

const owner = await person('Olga Organiser');
await openVerifiedPayoutAccount(app, owner.headers);

/** A hall of 3 rows of 4 (row A is VIP), one place taken out; its ticket types sell its seat types. */
const HALL = {
  rows: 3,
  columns: 4,
  rowSpacers: [1],
  columnSpacers: [2],
  seatTypes: [{ label: 'Stalls', price: 2000 }, { label: 'VIP', price: 5000 }],
  seatTypeAreas: [{ type: 1, rows: [0, 0] }],
  disabledSeats: [{ row: 2, col: 3 }],
};

async function makeScheme(name: string, data: unknown) {
  return (await call('POST', '/api/seats/templates', owner.headers, { name, data })).json().data as { id: number };
}

async function seatedEvent(name: string, scheme?: { id: number }) {
  scheme ??= await makeScheme(`${name} hall`, HALL);
  // The event form with the seat selector on: each ticket type sells one seat type of the scheme.
  const created = await call(
    'POST',
    '/api/events/create',
    owner.headers,
    seatedEventBody(name, scheme.id, [
      { name: 'Stalls', price: 2000, currency: 'EUR', seat_type: 0 },
      { name: 'VIP', price: 5000, currency: 'EUR', seat_type: 1 },
    ]),
  );
  expect(created.statusCode, created.body).toBe(200);
  const event = created.json().data as { id: number; seated: boolean; seat_template_id: number; ticket_types: { id: number; seat_type: number }[] };
  expect([event.seated, event.seat_template_id, event.ticket_types.map((t) => t.seat_type)]).toEqual([true, scheme.id, [0, 1]]);
  await call('POST', `/api/payments/create-product/${event.id}`, owner.headers);
  return { id: event.id, types: event.ticket_types.map((t) => t.id) };
}

function embedUrl(eventId: number, session: string, seats: { row: number; col: number }[]) {
  const params = new URLSearchParams({ current_session: session });
  seats.forEach((seat, i) => {
    params.set(`seats[${i}][row]`, String(seat.row));
    params.set(`seats[${i}][col]`, String(seat.col));
    params.set(`seats[${i}][label]`, 'as shown');
  });
  return `/api/payments/embed/${eventId}?${params}`;
}

describe('seated checkout', () => {
  it('holds the seats picked, tells another buyer which seat went, and gives each ticket its seat', async () => {
    const event = await seatedEvent('Chamber night');
    const ana = await person('Ana');
    const ben = await person('Ben');

    const opened = await call('GET', embedUrl(event.id, 'ana-session-1', [{ row: 0, col: 1 }, { row: 1, col: 0 }]), ana.headers);
    expect(opened.statusCode).toBe(200);
    const checkout = opened.json().data;
    // One VIP (row A) and one Stalls seat: the server's prices, not the client's.
    expect(checkout.amount.lines).toEqual([
      { ticket_type_id: event.types[0], name: 'Stalls', unit_price: 2000, quantity: 1 },
      { ticket_type_id: event.types[1], name: 'VIP', unit_price: 5000, quantity: 1 },
    ]);
    expect(checkout.amount.subtotal).toBe(7000);

    const seen = await call('GET', `/api/seats/${event.id}`, ben.headers);
    expect(seen.json().data).toEqual([
      { the_row: 0, the_col: 1, state: 'held', own: false },
      { the_row: 1, the_col: 0, state: 'held', own: false },
    ]);

    const clash = await call('GET', embedUrl(event.id, 'ben-session-1', [{ row: 0, col: 0 }, { row: 0, col: 1 }]), ben.headers);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({ code: 'seat_taken', message: SEAT_MESSAGES.seatTaken('A2'), fields: { 'seats.1': SEAT_MESSAGES.seatTaken('A2') } });
    // Nothing of Ben's attempt stayed: not his order, not A1.
    expect((await call('GET', `/api/seats/${event.id}`, ben.headers)).json().data).toHaveLength(2);
    expect(await db.selectFrom('orders').select('id').where('buyer_id', '=', ben.user.id).execute()).toEqual([]);

    const paid = await call('POST', `/api/test-provider/checkout/${checkout.id}/pay`, {}, TEST_CARD);
    expect(paid.statusCode).toBe(200);
    await call('GET', `/api/payments/session/${checkout.id}`, ana.headers);
    const mine = (await call('GET', '/api/tickets', ana.headers)).json().data as { id: number; type_name: string; seat: unknown }[];
    expect(mine.map((t) => [t.type_name, t.seat]).sort()).toEqual([
      ['Stalls', { the_row: 1, the_col: 0, label: 'B1' }],
      ['VIP', { the_row: 0, the_col: 1, label: 'A2' }],
    ]);
    expect((await call('GET', `/api/seats/${event.id}`, ana.headers)).json().data).toEqual([
      { the_row: 0, the_col: 1, state: 'sold', own: true },
      { the_row: 1, the_col: 0, state: 'sold', own: true },
    ]);

    // The ticket report names each ticket's seat.
    const report = (await call('GET', `/api/tickets/export/${(await db.selectFrom('events').select('hash').where('id', '=', event.id).executeTakeFirstOrThrow()).hash}`, owner.headers)).body;
    expect(report.split('\r\n')[0]).toBe('"code","type","seat","holder","kind","price","currency","status","used_at","issued_at"');
    expect(report).toContain('"VIP","A2","Ana"');

    // The organiser refunds the VIP ticket: its seat is free again, the other stays sold.
    const vip = mine.find((t) => t.type_name === 'VIP')!;
    const refunded = await call('POST', `/api/orders/${checkout.order_id}/refund`, owner.headers, { ticket_ids: [vip.id] });
    expect(refunded.statusCode).toBe(200);
    expect((await call('GET', `/api/seats/${event.id}`, ben.headers)).json().data).toEqual([{ the_row: 1, the_col: 0, state: 'sold', own: false }]);
    expect((await call('GET', embedUrl(event.id, 'ben-session-2', [{ row: 0, col: 1 }]), ben.headers)).statusCode).toBe(200);
  });

  it('frees the seats of a hold that ended, and of a checkout replaced by a new pick', async () => {
    const event = await seatedEvent('Jazz trio');
    const ana = await person('Ana');
    const ben = await person('Ben');
    const first = (await call('GET', embedUrl(event.id, 'ana-session-2', [{ row: 2, col: 0 }]), ana.headers)).json().data;
    // Ana picks another seat in the same join session: C1 goes back at once.
    const second = await call('GET', embedUrl(event.id, 'ana-session-2', [{ row: 2, col: 1 }]), ana.headers);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.order_id).not.toBe(first.order_id);
    expect((await call('GET', `/api/seats/${event.id}`, ben.headers)).json().data).toEqual([{ the_row: 2, the_col: 1, state: 'held', own: false }]);
    // The same pick again answers the same checkout.
    expect((await call('GET', embedUrl(event.id, 'ana-session-2', [{ row: 2, col: 1 }]), ana.headers)).json().data.order_id).toBe(second.json().data.order_id);

    // Her hold's time is up (the sweep has not run): Ben may take the seat.
    await db.updateTable('orders').set({ hold_expires_at: new Date(ctx.clock.now().getTime() - 1000) }).where('id', '=', second.json().data.order_id).execute();
    await db.updateTable('event_seats').set({ hold_expires_at: new Date(ctx.clock.now().getTime() - 1000) }).where('order_id', '=', second.json().data.order_id).execute();
    expect((await call('GET', `/api/seats/${event.id}`, ben.headers)).json().data).toEqual([]);
    const taken = await call('GET', embedUrl(event.id, 'ben-session-3', [{ row: 2, col: 1 }]), ben.headers);
    expect(taken.statusCode).toBe(200);
    // Ana pays late: her seat is Ben's now, so her payment is refunded, not seated twice.
    await call('POST', `/api/test-provider/checkout/${second.json().data.id}/pay`, {}, TEST_CARD);
    await call('GET', `/api/payments/session/${second.json().data.id}`, ana.headers);
    const order = await db.selectFrom('orders').select(['status']).where('id', '=', second.json().data.order_id).executeTakeFirstOrThrow();
    expect(order.status).toBe('refunded');
    expect((await call('GET', '/api/tickets', ana.headers)).json().data).toEqual([]);
    expect((await call('GET', `/api/seats/${event.id}`, ben.headers)).json().data).toEqual([{ the_row: 2, the_col: 1, state: 'held', own: true }]);
  });

  it('answers bad picks per seat', async () => {
    const event = await seatedEvent('Poetry');
    const ana = await person('Ana');
    const none = await call('GET', `/api/payments/embed/${event.id}?current_session=ana-session-3&ticket_selections[0][type]=${event.types[0]}&ticket_selections[0][quantity]=1`, ana.headers);
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields).toEqual({ seats: SEAT_MESSAGES.seatsRequired });
    const bad = await call('GET', embedUrl(event.id, 'ana-session-3', [{ row: 2, col: 3 }, { row: 0, col: 0 }, { row: 0, col: 0 }, { row: 99, col: 99 }]), ana.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({
      'seats.0': SEAT_MESSAGES.seatUnknown('3-4'),
      'seats.2': SEAT_MESSAGES.seatTwice('A1'),
      'seats.3': SEAT_MESSAGES.seatUnknown('100-100'),
    });
    const outside = await call('GET', embedUrl(event.id, 'ana-session-3', [{ row: 100, col: 0 }]), ana.headers);
    expect(outside.statusCode).toBe(422);
    expect(Object.keys(outside.json().error.fields)).toEqual(['seats.0.row']);
  });

  it('never holds a seat twice: 50 buyers with overlapping picks on 10 seats, over many seeds', { timeout: 600_000 }, async () => {
    const TEN = { rows: 2, columns: 5, rowSpacers: [], columnSpacers: [], seatTypes: [{ label: 'Seat', price: 1500 }, { label: 'Front', price: 3000 }], seatTypeAreas: [{ type: 1, rows: [0, 0] }] };
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => person(`Racer ${i}`)));
    const ten = await makeScheme('Ten seats', TEN);
    for (let seed = 1; seed <= SEEDS; seed += 1) {
      const r = seededRandom(seed);
      const event = await seatedEvent(`Race ${seed}`, ten);
      const picksOf = buyers.map(() => {
        const n = r.int(1, 3);
        const chosen = new Map<string, { row: number; col: number }>();
        while (chosen.size < n) {
          const seat = { row: r.int(0, 1), col: r.int(0, 4) };
          chosen.set(`${seat.row}:${seat.col}`, seat);
        }
        return [...chosen.values()];
      });
      const answers = await Promise.all(buyers.map((buyer, i) => call('GET', embedUrl(event.id, `race-${seed}-${i}`, picksOf[i]!), buyer.headers)));
      const holders = new Map<string, number>();
      answers.forEach((answer, i) => {
        if (answer.statusCode === 200) {
          for (const seat of picksOf[i]!) {
            const key = `${seat.row}:${seat.col}`;
            expect(holders.has(key), `seed ${seed}: seat ${key} held twice`).toBe(false);
            holders.set(key, i);
          }
        } else {
          // Every loser is told which of their seats went, and each of those is someone's.
          expect(answer.statusCode, `seed ${seed}: ${answer.body}`).toBe(409);
          const { code, fields } = answer.json().error as { code: string; fields: Record<string, string> };
          expect(code).toBe('seat_taken');
          expect(Object.keys(fields).length).toBeGreaterThan(0);
        }
      });
      answers.forEach((answer, i) => {
        if (answer.statusCode !== 200) {
          const { fields } = answer.json().error as { fields: Record<string, string> };
          for (const field of Object.keys(fields)) {
            const seat = picksOf[i]![Number(field.split('.')[1])]!;
            expect(holders.has(`${seat.row}:${seat.col}`), `seed ${seed}: a loser was told of a free seat`).toBe(true);
          }
        }
      });
      expect(holders.size).toBeGreaterThan(0);
      const stored = await db.selectFrom('event_seats').select(['the_row', 'the_col', 'order_id']).where('event_id', '=', event.id).execute();
      expect(stored.length).toBe(holders.size);
    }
  });
});

describe('the event form\'s seat selector', () => {
  const base = { start_date: '2026-03-01 19:00:00', address: 'Carrer de Mallorca 1, Barcelona', is_attending: false, pricing_mode: 'multiple', currency: 'EUR' };

  it('checks the scheme, the price and which ticket type sells which seats, by field', async () => {
    const scheme = await makeScheme('Form hall', HALL);
    const stranger = await person('Stranger');
    const strangers = (await call('POST', '/api/seats/templates', stranger.headers, { name: 'Not yours', data: HALL })).json().data as { id: number };
    const create = (body: Record<string, unknown>) => call('POST', '/api/events/create', owner.headers, { ...base, name: 'Form', ...body });

    const free = await create({ pricing_mode: 'single', currency: null, seated: true });
    expect(free.json().error.fields).toEqual({ seated: SEAT_MESSAGES.seatedNeedsPrice });
    const notMine = await create({ seated: true, seat_template_id: strangers.id, ticket_types: [{ name: 'A', price: 100, currency: 'EUR', seat_type: 0 }] });
    expect(notMine.json().error.fields).toEqual({ seat_template_id: 'Seat scheme not found' });
    const unmapped = await create({ seated: true, seat_template_id: scheme.id, ticket_types: [{ name: 'A', price: 100, currency: 'EUR' }, { name: 'B', price: 200, currency: 'EUR', seat_type: 0 }] });
    expect(unmapped.json().error.fields).toEqual({ 'ticket_types.0.seat_type': SEAT_MESSAGES.seatTypeRequired });
    const twice = await create({ seated: true, seat_template_id: scheme.id, ticket_types: [{ name: 'A', price: 100, currency: 'EUR', seat_type: 0 }, { name: 'B', price: 200, currency: 'EUR', seat_type: 0 }] });
    expect(twice.json().error.fields).toEqual({ 'ticket_types.1.seat_type': SEAT_MESSAGES.seatTypeSoldTwice });
    const unsold = await create({ seated: true, seat_template_id: scheme.id, ticket_types: [{ name: 'A', price: 100, currency: 'EUR', seat_type: 0 }] });
    expect(unsold.json().error.fields).toEqual({ ticket_types: SEAT_MESSAGES.seatTypeUnsold('VIP') });

    // No scheme: the default join map, its one seat type sold by the event's one price.
    const single = await create({ pricing_mode: 'single', price: 1500, seated: true });
    expect(single.statusCode).toBe(200);
    expect(single.json().data).toMatchObject({ seated: true, seat_template_id: null, ticket_types: [{ seat_type: 0 }] });
    const stalls = { row: 4, col: 6 };
    const ana = await person('Ana');
    await call('POST', `/api/payments/create-product/${single.json().data.id}`, owner.headers);
    const opened = await call('GET', embedUrl(single.json().data.id, 'ana-default-map', [stalls]), ana.headers);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.amount.subtotal).toBe(1500);
  });

  it('keeps the seat map of an event while seats on it are held or sold, and its scheme unchanged', async () => {
    const event = await seatedEvent('Locked map');
    const ana = await person('Ana');
    expect((await call('GET', embedUrl(event.id, 'ana-locked', [{ row: 1, col: 1 }]), ana.headers)).statusCode).toBe(200);
    const page = (await call('GET', `/api/events/${event.id}`, owner.headers)).json().data as { seat_template_id: number; ticket_types: { id: number; name: string; price: number; seat_type: number }[] };
    const body = {
      ...base,
      name: 'Locked map',
      ticket_types: page.ticket_types.map((t) => ({ id: t.id, name: t.name, price: t.price, currency: 'EUR', seat_type: t.seat_type })),
    };
    const off = await call('PUT', `/api/events/${event.id}`, owner.headers, { ...body, seated: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe(SEAT_MESSAGES.mapInUse);
    // The same seating with a new price is fine.
    const repriced = await call('PUT', `/api/events/${event.id}`, owner.headers, { ...body, seated: true, seat_template_id: page.seat_template_id, ticket_types: body.ticket_types.map((t) => ({ ...t, price: t.price + 100 })) });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect((await call('POST', `/api/seats/template/${page.seat_template_id}`, owner.headers, { name: 'Changed', data: HALL })).statusCode).toBe(409);
  });
});

describe('the organiser gives tickets on seats (POST tickets/gift/{event_id}, POST tickets)', () => {
  it('gives each ticket its seat, refuses a seat someone has, and wants seats on a seated event', async () => {
    const event = await seatedEvent('Gala');
    const ben = await person('Ben');
    const ana = await person('Ana');
    expect((await call('GET', embedUrl(event.id, 'ana-gala', [{ row: 2, col: 2 }]), ana.headers)).statusCode).toBe(200);

    const gift = await call('POST', `/api/tickets/gift/${event.id}`, owner.headers, { user_id: ben.user.id, tickets: [{ row: 0, col: 2 }, { row: 2, col: 0 }] });
    expect(gift.statusCode, gift.body).toBe(200);
    expect((gift.json().data as { type_name: string; seat: unknown }[]).map((t) => [t.type_name, t.seat])).toEqual([
      ['VIP', { the_row: 0, the_col: 2, label: 'A3' }],
      ['Stalls', { the_row: 2, the_col: 0, label: 'C1' }],
    ]);
    const taken = await call('POST', `/api/tickets/gift/${event.id}`, owner.headers, { user_id: ben.user.id, tickets: [{ row: 2, col: 1 }, { row: 2, col: 2 }] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'seat_taken', fields: { 'tickets.1': SEAT_MESSAGES.seatTaken('C3') } });
    expect((await call('GET', `/api/seats/${event.id}`, ben.headers)).json().data.filter((s: { own: boolean }) => s.own)).toHaveLength(2);
    const counted = await call('POST', `/api/tickets/gift/${event.id}`, owner.headers, { user_id: ben.user.id, tickets: 2 });
    expect(counted.json().error.fields).toEqual({ tickets: SEAT_MESSAGES.seatsRequired });
    const unknown = await call('POST', `/api/tickets/gift/${event.id}`, owner.headers, { user_id: ben.user.id, tickets: [{ row: 2, col: 3 }] });
    expect(unknown.json().error.fields).toEqual({ 'tickets.0': SEAT_MESSAGES.seatUnknown('3-4') });

    // A guest going gets an organiser's ticket on a seat.
    await call('POST', `/api/events/${event.id}/join`, ana.headers, { companions: [] });
    const issued = await call('POST', '/api/tickets', owner.headers, { user_id: ana.user.id, event_id: event.id, amount: 1, seats: [{ row: 1, col: 3 }] });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data[0].seat).toEqual({ the_row: 1, the_col: 3, label: 'B4' });
  });
});

describe('live seats', () => {
  it('tells the charts open on an event within a moment when someone holds seats, and when they go back', async () => {
    const url = await listen(ctx);
    const event = await seatedEvent('Live hall');
    const ana = await person('Ana');
    const watcher = await client(url);
    expect(await joinEvent(watcher, event.id)).toEqual({ ok: true });
    const held = next<{ event_id: number; by: number | null }>(watcher, 'seats_changed');
    const started = Date.now();
    const opened = await call('GET', embedUrl(event.id, 'ana-live', [{ row: 1, col: 1 }]), ana.headers);
    expect(await held).toEqual({ event_id: event.id, by: ana.user.id });
    expect(Date.now() - started).toBeLessThan(1000);
    // Her hold ends: the seat is free again, and the charts hear it.
    const freed = next<{ event_id: number }>(watcher, 'seats_changed');
    await db.updateTable('orders').set({ hold_expires_at: new Date(ctx.clock.now().getTime() - 1000) }).where('id', '=', opened.json().data.order_id).execute();
    await orders.expireHold(ctx.deps, opened.json().data.order_id);
    expect((await freed).event_id).toBe(event.id);
    watcher.disconnect();
  });
});
