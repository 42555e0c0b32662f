import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { reservedSeatsReplySchema } from '@planns/shared/seats/seats.schemas';
import { HOLD_MINUTES } from '@planns/shared/tickets/tickets.rules';
import { buildApp } from '../src/app.ts';
import { inTransaction } from '../src/db/database.ts';
import { hashToken } from '../src/modules/auth/tokens.ts';
import * as orders from '../src/modules/orders/orders.service.ts';
import { addFriendship, addInvite } from './event-factory.ts';
import { buildUser, createTestApp, injector, nextIp, openVerifiedPayoutAccount, signedInPerson, signIn, TEST_CARD } from './harness.ts';

/**
 * GET seats/{eventId} from the event's snapshot (decision 0036): with the snapshot warm, the answer
 * is right after every kind of change (a hold, a replaced, failed or ended hold, a sale, a refund,
 * a gift, a hold whose time passes with no write, a change of an order's status or a seat's holder
 * made by any path), each viewer sees their own seats and no one else's, and visibility is checked
 * on every request. The snapshots are compared with nothing here (SEATS_SNAPSHOT_VERIFY off): the
 * answers themselves are checked, so a version that fails to move fails these tests.
 */
const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000', SEATS_SNAPSHOT_VERIFY: 'false' } });
const { app, db, clock } = ctx;
type Headers = Record<string, string>;
type Seat = { the_row: number; the_col: number; state: 'held' | 'sold'; own: boolean };

const call = injector(app);
const person = (name: string) => signedInPerson(ctx, name);

const owner = await person('Olga Organiser');
await openVerifiedPayoutAccount(app, owner.headers);
const ana = await person('Ana');
/** The same app on the same database with no snapshots (SEATS_SNAPSHOT_EVENTS=0). */
const uncached = await buildApp({ ...ctx.deps, config: { ...ctx.config, SEATS_SNAPSHOT_EVENTS: 0 } });
await uncached.ready();
afterAll(() => uncached.close());
const ben = await person('Ben');
const cleo = await person('Cleo');

/** A hall of 3 rows of 4, one seat type. */
const HALL = { rows: 3, columns: 4, rowSpacers: [], columnSpacers: [], seatTypes: [{ label: 'Seat', price: 2000 }], seatTypeAreas: [] };

async function seatedEvent(name: string, hall: typeof HALL = HALL) {
  const scheme = (await call('POST', '/api/seats/templates', owner.headers, { name: `${name} hall`, data: hall })).json().data as { id: number };
  const created = await call('POST', '/api/events/create', owner.headers, {
    name,
    start_date: '2026-03-01 19:00:00',
    address: 'Carrer de Mallorca 1, Barcelona',
    is_attending: false,
    pricing_mode: 'single',
    price: 2000,
    currency: 'EUR',
    seated: true,
    seat_template_id: scheme.id,
  });
  expect(created.statusCode, created.body).toBe(200);
  const event = created.json().data as { id: number; visibility: string };
  await call('POST', `/api/payments/create-product/${event.id}`, owner.headers);
  return event.id;
}

function embedUrl(eventId: number, session: string, seats: { row: number; col: number }[]) {
  const params = new URLSearchParams({ current_session: `join-session-${session}` });
  seats.forEach((seat, i) => {
    params.set(`seats[${i}][row]`, String(seat.row));
    params.set(`seats[${i}][col]`, String(seat.col));
  });
  return `/api/payments/embed/${eventId}?${params}`;
}

async function hold(eventId: number, who: { headers: Headers }, session: string, seats: { row: number; col: number }[]) {
  const opened = await call('GET', embedUrl(eventId, session, seats), who.headers);
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().data as { id: string; order_id: number };
}

/** The answer as `who` (a visitor: nobody) sees it, held to the schema, and whether it came from a kept snapshot. */
async function seats(eventId: number, who: { headers: Headers } | null = ben) {
  const answer = await call('GET', `/api/seats/${eventId}`, who?.headers ?? {});
  expect(answer.statusCode, answer.body).toBe(200);
  expect(reservedSeatsReplySchema.strict().safeParse(answer.json()).success).toBe(true);
  return { data: answer.json().data as Seat[], timing: String(answer.headers['server-timing']) };
}

/** Reads the answer twice: the second comes from the snapshot (nothing changed between), so it is warm for what follows. */
async function warm(eventId: number, who: { headers: Headers } | null = ben): Promise<Seat[]> {
  const first = await seats(eventId, who);
  const again = await seats(eventId, who);
  expect(again.timing).toMatch(/^seats;desc=hit;dur=/);
  expect(again.data).toEqual(first.data);
  return first.data;
}

const held = (row: number, col: number, own = false): Seat => ({ the_row: row, the_col: col, state: 'held', own });
const sold = (row: number, col: number, own = false): Seat => ({ the_row: row, the_col: col, state: 'sold', own });

async function versionOf(eventId: number): Promise<number> {
  const row = await db.selectFrom('event_seat_versions').select('version').where('event_id', '=', eventId).executeTakeFirst();
  return Number(row?.version ?? 0);
}

describe('GET seats/{eventId} from a warm snapshot', () => {
  it('shows a hold, a hold replaced by a new pick, and a hold that failed or was ended by the provider', async () => {
    const event = await seatedEvent('Hold night');
    expect(await warm(event)).toEqual([]);
    // A hold that ends first, so the next end of a hold stays the same: only the version tells the holds below apart.
    await hold(event, owner, 'olga-1', [{ row: 2, col: 0 }]);
    clock.advance(60_000);

    const first = await hold(event, ana, 'ana-1', [{ row: 0, col: 0 }, { row: 0, col: 1 }]);
    expect(await warm(event)).toEqual([held(0, 0), held(0, 1), held(2, 0)]);
    expect((await seats(event, ana)).data).toEqual([held(0, 0, true), held(0, 1, true), held(2, 0)]);

    // The same join session picks again: the old seats go back at once, the new ones are held.
    const second = await hold(event, ana, 'ana-1', [{ row: 1, col: 1 }]);
    expect(second.order_id).not.toBe(first.order_id);
    expect(await warm(event)).toEqual([held(1, 1), held(2, 0)]);

    // The payment fails (the provider's async_payment_failed): the hold ends.
    await inTransaction(db, (tx) => orders.applyEndedSession(tx, 'test', { id: second.id }, 'failed', clock.now()));
    expect(await warm(event)).toEqual([held(2, 0)]);

    // The provider ends a checkout (its session expired), which the buyer's check applies.
    const third = await hold(event, cleo, 'cleo-1', [{ row: 2, col: 3 }]);
    expect(await warm(event)).toEqual([held(2, 0), held(2, 3)]);
    await ctx.deps.payments.expireCheckoutSession(third.id);
    expect((await call('GET', `/api/payments/session/${third.id}`, cleo.headers)).statusCode).toBe(200);
    expect(await warm(event)).toEqual([held(2, 0)]);
  });

  it('shows a sale, a refund freeing its seat, and a gift', async () => {
    const event = await seatedEvent('Sale night');
    const checkout = await hold(event, ana, 'ana-2', [{ row: 0, col: 2 }, { row: 1, col: 2 }]);
    expect(await warm(event)).toEqual([held(0, 2), held(1, 2)]);

    const paid = await call('POST', `/api/test-provider/checkout/${checkout.id}/pay`, {}, TEST_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    await call('GET', `/api/payments/session/${checkout.id}`, ana.headers);
    expect(await warm(event)).toEqual([sold(0, 2), sold(1, 2)]);
    expect(await warm(event, ana)).toEqual([sold(0, 2, true), sold(1, 2, true)]);

    const tickets = (await call('GET', '/api/tickets', ana.headers)).json().data as { id: number; seat: { the_row: number } }[];
    const front = tickets.find((t) => t.seat.the_row === 0)!;
    expect((await call('POST', `/api/orders/${checkout.order_id}/refund`, owner.headers, { ticket_ids: [front.id] })).statusCode).toBe(200);
    expect(await warm(event)).toEqual([sold(1, 2)]);
    expect(await warm(event, ana)).toEqual([sold(1, 2, true)]);

    const gift = await call('POST', `/api/tickets/gift/${event}`, owner.headers, { user_id: cleo.user.id, tickets: [{ row: 2, col: 0 }] });
    expect(gift.statusCode, gift.body).toBe(200);
    expect(await warm(event)).toEqual([sold(1, 2), sold(2, 0)]);
    expect(await warm(event, cleo)).toEqual([sold(1, 2), sold(2, 0, true)]);
    expect(await warm(event, ana)).toEqual([sold(1, 2, true), sold(2, 0)]);
  });

  it('drops a hold whose time is up with no write at all (the next end of a hold is part of the key)', async () => {
    const event = await seatedEvent('Late night');
    await hold(event, ana, 'ana-3', [{ row: 0, col: 0 }]);
    clock.advance(60_000);
    await hold(event, cleo, 'cleo-3', [{ row: 0, col: 1 }]);
    expect(await warm(event)).toEqual([held(0, 0), held(0, 1)]);
    const version = await versionOf(event);

    // Ana's hold ends (30 minutes after it began); Cleo's a minute later. Nothing is written.
    clock.advance(HOLD_MINUTES * 60_000 - 60_000);
    expect(await warm(event)).toEqual([held(0, 1)]);
    clock.advance(60_000);
    expect(await warm(event)).toEqual([]);
    expect(await versionOf(event)).toBe(version);
    // A clock set back (another instance's, a test's) is a key of its own too.
    clock.advance(-60_000);
    expect(await warm(event)).toEqual([held(0, 1)]);
    clock.advance(60_000);
  });

  it('follows an order that stops being pending, or a seat that changes holder, written by any path', async () => {
    const event = await seatedEvent('Side door');
    const checkout = await hold(event, ana, 'ana-4', [{ row: 1, col: 0 }]);
    expect(await warm(event)).toEqual([held(1, 0)]);
    // A status change that leaves its seats' rows (no code path does; the answer counts pending orders only).
    await db.updateTable('orders').set({ status: 'failed' }).where('id', '=', checkout.order_id).execute();
    expect(await warm(event)).toEqual([]);

    const gift = await call('POST', `/api/tickets/gift/${event}`, owner.headers, { user_id: cleo.user.id, tickets: [{ row: 2, col: 2 }] });
    expect(gift.statusCode, gift.body).toBe(200);
    expect(await warm(event, cleo)).toEqual([sold(2, 2, true)]);
    expect(await warm(event, ben)).toEqual([sold(2, 2)]);
    await db.updateTable('tickets').set({ user_id: ben.user.id }).where('event_id', '=', event).execute();
    expect(await warm(event, cleo)).toEqual([sold(2, 2)]);
    expect(await warm(event, ben)).toEqual([sold(2, 2, true)]);
  });

  it('marks each viewer’s own seats only: two buyers, a gift’s holder, a visitor', async () => {
    const event = await seatedEvent('Own night');
    await hold(event, ana, 'ana-5', [{ row: 0, col: 3 }, { row: 2, col: 1 }]);
    await hold(event, ben, 'ben-5', [{ row: 1, col: 3 }]);
    await call('POST', `/api/tickets/gift/${event}`, owner.headers, { user_id: cleo.user.id, tickets: [{ row: 0, col: 0 }] });
    const all = [sold(0, 0), held(0, 3), held(1, 3), held(2, 1)];
    // Asked in turn, several times each: every one from the one snapshot.
    for (let round = 0; round < 2; round += 1) {
      expect((await seats(event, ana)).data).toEqual([sold(0, 0), held(0, 3, true), held(1, 3), held(2, 1, true)]);
      expect((await seats(event, ben)).data).toEqual([sold(0, 0), held(0, 3), held(1, 3, true), held(2, 1)]);
      expect((await seats(event, cleo)).data).toEqual([sold(0, 0, true), held(0, 3), held(1, 3), held(2, 1)]);
      expect((await seats(event, owner)).data).toEqual(all);
      expect((await seats(event, null)).data).toEqual(all);
    }
    expect((await seats(event, ana)).timing).toMatch(/desc=hit/);
  });

  it('checks the event on every request: one made private answers 404 to those who may no longer see it, its snapshot warm', async () => {
    const event = await seatedEvent('Closing doors');
    await hold(event, ana, 'ana-6', [{ row: 1, col: 1 }]);
    expect(await warm(event, null)).toEqual([held(1, 1)]);
    expect(await warm(event, cleo)).toEqual([held(1, 1)]);
    await db.updateTable('events').set({ visibility: 'private' }).where('id', '=', event).execute();
    expect((await call('GET', `/api/seats/${event}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/seats/${event}`, cleo.headers)).statusCode).toBe(404);
    expect((await seats(event, owner)).data).toEqual([held(1, 1)]);
    // Public again: the snapshot kept meanwhile serves everyone.
    await db.updateTable('events').set({ visibility: 'public' }).where('id', '=', event).execute();
    expect((await seats(event, null)).timing).toMatch(/desc=hit/);
    expect((await seats(event, ana)).data).toEqual([held(1, 1, true)]);
  });

  it('sends the shared answer compressed as any other (zstd, br, gzip or none; HEAD without a body), and the answers of a server with no snapshots', async () => {
    const event = await seatedEvent('Many seats', { ...HALL, rows: 10, columns: 10 });
    for (const first of [0, 15]) {
      const tickets = Array.from({ length: 15 }, (_, i) => ({ row: (first + i) % 10, col: Math.floor((first + i) / 10) * 3 }));
      const gift = await call('POST', `/api/tickets/gift/${event}`, owner.headers, { user_id: cleo.user.id, tickets });
      expect(gift.statusCode, gift.body).toBe(200);
    }
    await hold(event, ana, 'ana-7', [{ row: 9, col: 9 }, { row: 0, col: 9 }]);
    const plain = await call('GET', `/api/seats/${event}`, ben.headers);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const decode: Record<string, (b: Buffer) => Buffer> = { zstd: zlib.zstdDecompressSync, br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const encoding of ['zstd', 'br', 'gzip']) {
      for (let i = 0; i < 2; i += 1) {
        const answer = await call('GET', `/api/seats/${event}`, { ...ben.headers, 'accept-encoding': encoding });
        expect([answer.headers['content-encoding'], answer.headers.vary, answer.headers['content-type']]).toEqual([encoding, 'Accept-Encoding', 'application/json; charset=utf-8']);
        expect(decode[encoding]!(answer.rawPayload).equals(plain.rawPayload)).toBe(true);
      }
    }
    // A viewer with seats of their own: their own body, compressed by the hook as any answer.
    const own = await call('GET', `/api/seats/${event}`, { ...cleo.headers, 'accept-encoding': 'gzip' });
    expect(own.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(zlib.gunzipSync(own.rawPayload).toString()) as { data: Seat[] }).data.filter((s) => s.own)).toHaveLength(30);
    const head = await call('HEAD', `/api/seats/${event}`, { ...ben.headers, 'accept-encoding': 'zstd' });
    expect([head.statusCode, head.headers['content-encoding'], head.rawPayload.length]).toEqual([200, undefined, 0]);

    // The same answers from a server with no snapshots (each read and written by PostgreSQL).
    for (const who of [ana, ben, cleo, null]) {
      const a = await call('GET', `/api/seats/${event}`, who?.headers ?? {});
      const b = await uncached.inject({ method: 'GET', url: `/api/seats/${event}`, headers: who?.headers ?? {}, remoteAddress: nextIp() });
      expect(b.headers['server-timing']).toBe('check;desc="1"');
      expect(a.json()).toEqual(b.json());
    }
  });

  it('keeps no version for an event deleted with its seats, and deleting a buyer’s account moves it', async () => {
    const event = await seatedEvent('Short run');
    const dana = await person('Dana');
    await hold(event, dana, 'dana-1', [{ row: 0, col: 0 }]);
    expect(await warm(event, dana)).toEqual([held(0, 0, true)]);
    const version = await versionOf(event);
    // Her account goes: her order's buyer becomes empty (the version moves with it).
    await db.deleteFrom('users').where('id', '=', dana.user.id).execute();
    expect(await versionOf(event)).toBe(version + 1);
    expect(await warm(event, null)).toEqual([held(0, 0)]);
    await db.deleteFrom('events').where('id', '=', event).execute();
    expect(await versionOf(event)).toBe(0);
    expect((await call('GET', `/api/seats/${event}`)).statusCode).toBe(404);
  });

  it('is right for every request while holds are taken at the same time', async () => {
    const event = await seatedEvent('Rush');
    const buyers = await Promise.all(Array.from({ length: 12 }, (_, i) => person(`Rusher ${i}`)));
    const taken: Seat[] = [];
    for (let i = 0; i < 12; i += 1) {
      const seat = { row: Math.floor(i / 4), col: i % 4 };
      // Readers before, during and after the hold: those started after it see it.
      const during = Promise.all(Array.from({ length: 5 }, () => seats(event)));
      await hold(event, buyers[i]!, `rush-${i}`, [seat]);
      taken.push(held(seat.row, seat.col));
      const same = (a: Seat, b: Seat) => a.the_row === b.the_row && a.the_col === b.the_col;
      for (const answer of await during) {
        expect(taken.slice(0, -1).every((s) => answer.data.some((a) => same(a, s)))).toBe(true);
        expect(answer.data.every((a) => taken.some((s) => same(a, s)))).toBe(true);
      }
      const after = await Promise.all(Array.from({ length: 5 }, () => seats(event)));
      for (const answer of after) expect(answer.data).toEqual(taken);
    }
  });
});


describe('GET seats/{eventId} reads the caller’s session in the statement that checks the event', () => {
  /** The status (and the data when 200) from the server with snapshots and the one without. */
  async function both(eventId: number, headers: Headers) {
    const answers = [await call('GET', `/api/seats/${eventId}`, headers), await uncached.inject({ method: 'GET', url: `/api/seats/${eventId}`, headers, remoteAddress: nextIp() })];
    return answers.map((answer) => (answer.statusCode === 200 ? (answer.json() as { data: Seat[] }).data : answer.statusCode));
  }
  const tokenOf = (who: { headers: Headers }) => who.headers.authorization!.replace('Bearer ', '');
  const cookieOf = (token: string) => ({ cookie: `planns_session=${token}` });

  it('answers as the auth hook would: a bad or ended bearer token 401 before the event is looked at, a stale cookie a visitor, the session’s own seats marked', async () => {
    const event = await seatedEvent('Door check');
    const dora = await person('Dora');
    await hold(event, dora, 'dora-1', [{ row: 0, col: 0 }]);
    const missing = event + 1_000_000;
    const bogus = { authorization: `Bearer ${'x'.repeat(43)}` };
    expect(await both(event, bogus)).toEqual([401, 401]);
    expect(await both(missing, bogus)).toEqual([401, 401]);
    expect(await both(missing, dora.headers)).toEqual([404, 404]);

    // Her session by bearer and by cookie: her seat is hers.
    expect(await both(event, dora.headers)).toEqual([[held(0, 0, true)], [held(0, 0, true)]]);
    expect(await both(event, cookieOf(tokenOf(dora)))).toEqual([[held(0, 0, true)], [held(0, 0, true)]]);

    // Expired, then signed out: the bearer token is refused; the cookie is a visitor's, who sees a public event only.
    const hash = hashToken(tokenOf(dora));
    await db.updateTable('sessions').set({ expires_at: clock.now() }).where('token_hash', '=', hash).execute();
    expect(await both(event, dora.headers)).toEqual([401, 401]);
    expect(await both(event, cookieOf(tokenOf(dora)))).toEqual([[held(0, 0)], [held(0, 0)]]);
    await db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
    expect(await both(event, dora.headers)).toEqual([401, 401]);
    await db.updateTable('events').set({ visibility: 'private' }).where('id', '=', event).execute();
    expect(await both(event, cookieOf(tokenOf(dora)))).toEqual([404, 404]);
    expect(await both(event, {})).toEqual([404, 404]);
    // Signed in again and invited, she may see it.
    const again = await signIn(ctx, dora.user.id);
    expect(await both(event, cookieOf(again.token))).toEqual([404, 404]);
    await addInvite(db, event, dora.user.id);
    expect(await both(event, cookieOf(again.token))).toEqual([[held(0, 0, true)], [held(0, 0, true)]]);
  });

  it('checks the requests of one moment in one statement, answering each as it alone would be answered (decision 0046)', async () => {
    const open = await seatedEvent('Batch open');
    const closed = await seatedEvent('Batch closed');
    const ema = await person('Ema');
    const finn = await person('Finn');
    const stranger = await person('Stranger');
    await hold(open, ema, 'ema-batch', [{ row: 0, col: 1 }]);
    await hold(closed, finn, 'finn-batch', [{ row: 2, col: 3 }]);
    await db.updateTable('events').set({ visibility: 'private' }).where('id', '=', closed).execute();
    await addInvite(db, closed, finn.user.id);
    const moderator = await buildUser(db, { name: 'Batch Moderator', is_moderator: true });
    const mo = await signIn(ctx, moderator.id);
    const ended = await person('Ended');
    await db.deleteFrom('sessions').where('token_hash', '=', hashToken(tokenOf(ended))).execute();
    const bogus = { authorization: `Bearer ${'y'.repeat(43)}` };
    const requests: [number, Headers][] = [
      [open, ema.headers],
      [open, cookieOf(tokenOf(ema))],
      [open, finn.headers],
      [open, {}],
      [open, bogus],
      [open, ended.headers],
      [open, cookieOf(tokenOf(ended))],
      [closed, finn.headers],
      [closed, ema.headers],
      [closed, stranger.headers],
      [closed, mo.headers],
      [closed, {}],
      [closed + 1_000_000, finn.headers],
      [closed, cookieOf(tokenOf(finn))],
    ];
    const summary = (answer: Awaited<ReturnType<typeof call>>) => (answer.statusCode === 200 ? (answer.json() as { data: Seat[] }).data : answer.statusCode);
    // Alone, one after another: each its own statement.
    const alone = [];
    for (const [event, headers] of requests) {
      const answer = await call('GET', `/api/seats/${event}`, headers);
      if (answer.statusCode === 200) expect(answer.headers['server-timing']).toMatch(/check;desc="1"$/);
      alone.push(summary(answer));
    }
    expect(alone).toEqual([
      [held(0, 1, true)],
      [held(0, 1, true)],
      [held(0, 1)],
      [held(0, 1)],
      401,
      401,
      [held(0, 1)],
      [held(2, 3, true)],
      404,
      404,
      [held(2, 3)],
      404,
      404,
      [held(2, 3, true)],
    ]);
    // Together: one statement for all of them, and the same answers.
    const together = await Promise.all(requests.map(([event, headers]) => call('GET', `/api/seats/${event}`, headers)));
    expect(together.map(summary)).toEqual(alone);
    for (const answer of together.filter((a) => a.statusCode === 200)) expect(answer.headers['server-timing']).toMatch(new RegExp(`check;desc="${requests.length}"$`));
  });

  it('gives a moderator and a friend their rights, ends a friend’s with the friendship, and marks a session seen after an hour', async () => {
    const event = await seatedEvent('Friends only');
    await hold(event, ana, 'ana-friends', [{ row: 1, col: 2 }]);
    await db.updateTable('events').set({ visibility: 'friends' }).where('id', '=', event).execute();
    const moderator = await buildUser(db, { name: 'Mo Derator', is_moderator: true });
    const mo = await signIn(ctx, moderator.id);
    const frank = await person('Frank');
    expect(await both(event, frank.headers)).toEqual([404, 404]);
    expect(await both(event, mo.headers)).toEqual([[held(1, 2)], [held(1, 2)]]);
    expect(await both(event, cookieOf(mo.token))).toEqual([[held(1, 2)], [held(1, 2)]]);

    await addFriendship(db, owner.user.id, frank.user.id);
    expect(await both(event, frank.headers)).toEqual([[held(1, 2)], [held(1, 2)]]);
    await db.deleteFrom('friendships').where('user_id', 'in', [owner.user.id, frank.user.id]).where('friend_id', 'in', [owner.user.id, frank.user.id]).execute();
    expect(await both(event, frank.headers)).toEqual([404, 404]);

    // The session's last sight moves once it is an hour old, as with every other route.
    const hash = hashToken(tokenOf(frank));
    const seen = async () => (await db.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', hash).executeTakeFirstOrThrow()).last_seen_at.getTime();
    const before = await seen();
    clock.advance(30 * 60_000);
    await both(event, frank.headers);
    expect(await seen()).toBe(before);
    clock.advance(31 * 60_000);
    await call('GET', `/api/seats/${event}`, frank.headers);
    expect(await seen()).toBe(clock.now().getTime());
  });
});
