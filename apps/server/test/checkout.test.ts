import { describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '@planns/shared/tickets/tickets.rules';
import { expireLapsedHolds } from '../src/modules/orders/orders.service.ts';
import { buildUser, createTestApp, nextIp, openVerifiedPayoutAccount, signIn } from './harness.ts';

/** Buying tickets (issue 15) with the test provider: hold, pay, receive, refund. Decision 0029. */
const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;
type Headers = Record<string, string>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
  app.inject({ method, url, headers, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

async function person(name: string) {
  const user = await buildUser(db, { name });
  const { headers } = await signIn(ctx, user.id);
  return { user, headers };
}

/** An organiser with a verified account and a paid event on sale: three types, max as given. */
async function eventOnSale(options: { max?: number | null; vipLimit?: number | null; single?: boolean } = {}) {
  const owner = await person('Olga Organiser');
  await openVerifiedPayoutAccount(app, owner.headers);
  const body = {
    name: 'Rooftop concert',
    start_date: '2026-03-01 19:00:00',
    address: 'Carrer de Mallorca 1, Barcelona',
    max: options.max ?? null,
    ...(options.single
      ? { pricing_mode: 'single', price: 2000, currency: 'EUR', ticket_name: 'Entry' }
      : {
          pricing_mode: 'multiple',
          currency: 'EUR',
          ticket_types: [
            { name: 'Early bird', price: 1000, currency: 'EUR' },
            { name: 'Standard', price: 2000, currency: 'EUR' },
            { name: 'VIP', price: 5000, currency: 'EUR', quantity: options.vipLimit ?? null },
          ],
        }),
  };
  const created = await call('POST', '/api/events/create', owner.headers, body);
  expect(created.statusCode, created.body).toBe(200);
  const event = created.json().data;
  expect((await call('POST', `/api/payments/create-product/${event.id}`, owner.headers)).statusCode).toBe(200);
  const page = (await call('GET', `/api/events/${event.id}`, owner.headers)).json().data;
  expect(page.payments_enabled).toBe(true);
  return { owner, event: page as { id: number; hash: string; ticket_types: { id: number; name: string; price: number }[] } };
}

let sessionCounter = 0;
const newSession = () => `join-session-${Date.now()}-${(sessionCounter += 1)}`;

function embed(headers: Headers, eventId: number, selections: [number, number][], extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ current_session: extra.current_session ?? newSession(), ...extra });
  selections.forEach(([type, quantity], i) => {
    params.set(`ticket_selections[${i}][type]`, String(type));
    params.set(`ticket_selections[${i}][quantity]`, String(quantity));
  });
  return call('GET', `/api/payments/embed/${eventId}?${params}`, headers);
}

const pay = (sessionId: string, card = CARD) => call('POST', `/api/test-provider/checkout/${sessionId}/pay`, {}, card);
const validTickets = (eventId: number) => db.selectFrom('tickets').select(['id', 'user_id', 'ticket_type_id', 'order_id']).where('event_id', '=', eventId).where('status', '=', 'valid').execute();

describe('buying: hold, pay, receive (events §4 join flow steps 2 to 5)', () => {
  it('holds the chosen tickets, charges the server’s amounts with the 5% fee, and issues one ticket per unit once paid', async () => {
    const { owner, event } = await eventOnSale({ max: 10 });
    const [early, , vip] = event.ticket_types;
    const buyer = await person('Bea Buyer');

    const opened = await embed(buyer.headers, event.id, [[early!.id, 2], [vip!.id, 1]], { fee: '350' });
    expect(opened.statusCode, opened.body).toBe(200);
    const checkout = opened.json().data;
    expect(checkout).toMatchObject({ provider: 'test', amount: { subtotal: 7000, fee: 350, total: 7350, currency: 'EUR' } });
    expect(checkout.amount.lines).toEqual([
      { ticket_type_id: early!.id, name: 'Early bird', unit_price: 1000, quantity: 2 },
      { ticket_type_id: vip!.id, name: 'VIP', unit_price: 5000, quantity: 1 },
    ]);
    expect(new Date(checkout.hold_expires_at).getTime() - ctx.clock.now().getTime()).toBe(HOLD_MINUTES * 60_000);
    // The hold counts: 3 of 10 places are taken.
    expect((await call('GET', `/api/events/${event.id}`, buyer.headers)).json().data).toMatchObject({ attendees_count: 3, is_sold_out: false, my_tickets: 0 });

    const status = await call('GET', `/api/payments/session/${checkout.id}`, buyer.headers);
    expect(status.json().data).toMatchObject({ status: 'open', payment_status: 'unpaid', order: { status: 'pending', tickets: 0 } });
    expect((await call('GET', `/api/payments/session/${checkout.id}`, (await person('Nosy Neighbour')).headers)).statusCode).toBe(404);

    const declined = await pay(checkout.id, { ...CARD, card_number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(await validTickets(event.id)).toEqual([]);

    expect((await pay(checkout.id)).statusCode).toBe(200);
    const issued = await validTickets(event.id);
    expect(issued).toHaveLength(3);
    expect(issued.every((t) => t.user_id === buyer.user.id)).toBe(true);
    const page = (await call('GET', `/api/events/${event.id}`, buyer.headers)).json().data;
    expect(page).toMatchObject({ is_joined: true, my_tickets: 3, attendees_count: 3 });

    const after = await call('GET', `/api/payments/session/${checkout.id}`, buyer.headers);
    expect(after.json().data).toMatchObject({ status: 'complete', payment_status: 'paid', order: { status: 'paid', tickets: 3 } });
    // The outbox: the buyer is texted once the job runs.
    await ctx.runDueJobs();
    expect(ctx.sms.list().some((m) => /tickets for Rooftop concert are confirmed/.test(m.body))).toBe(true);

    const mine = (await call('GET', '/api/tickets', buyer.headers)).json().data as { code: string; type_name: string; status: string }[];
    expect(mine.map((t) => t.type_name).sort()).toEqual(['Early bird', 'Early bird', 'VIP']);
    expect(mine.every((t) => /^[0-9A-HJKMNP-TV-Z]{16}$/.test(t.code))).toBe(true);
    expect(new Set(mine.map((t) => t.code)).size).toBe(3);

    const history = (await call('GET', '/api/purchases/history', buyer.headers)).json().data;
    expect(history[0]).toMatchObject({ status: 'paid', total: 7350, fee: 350, subtotal: 7000, currency: 'EUR' });
    const received = (await call('GET', '/api/purchases/recieved', owner.headers)).json().data;
    expect(received[0]).toMatchObject({ status: 'paid', total: 7350, fee: 350, user: { id: buyer.user.id } });
    expect(received[0].tickets.every((t: { code: string | null }) => t.code === null)).toBe(true);
  });

  it('answers 409 price_changed with the current figures when the client’s price or fee differs', async () => {
    const { event } = await eventOnSale({ single: true });
    const buyer = await person('Bea Buyer');
    const params = new URLSearchParams({ current_session: newSession(), quantity: '2', price: '1500', fee: '150' });
    const res = await call('GET', `/api/payments/embed/${event.id}?${params}`, buyer.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'price_changed', fields: { price: '2000', fee: '200', total: '4200' } });
    params.set('price', '2000');
    params.set('fee', '200');
    expect((await call('GET', `/api/payments/embed/${event.id}?${params}`, buyer.headers)).statusCode).toBe(200);
  });

  it('checks selections with the spec texts', async () => {
    const { event } = await eventOnSale();
    const buyer = await person('Bea Buyer');
    const res = await embed(buyer.headers, event.id, [[99_999_999, 1]]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields['ticket_selections.0.type']).toBe('Invalid ticket type');
    const zero = await embed(buyer.headers, event.id, [[event.ticket_types[0]!.id, 0]]);
    expect(zero.json().error.fields['ticket_selections.0.quantity']).toBe('Quantity must be at least 1');
  });

  it('answers the same checkout to a repeated call of one join session, and replaces it when the selection changes', async () => {
    const { event } = await eventOnSale({ max: 5 });
    const [early] = event.ticket_types;
    const buyer = await person('Bea Buyer');
    const session = newSession();
    const first = (await embed(buyer.headers, event.id, [[early!.id, 2]], { current_session: session })).json().data;
    const again = (await embed(buyer.headers, event.id, [[early!.id, 2]], { current_session: session })).json().data;
    expect(again.id).toBe(first.id);
    const changed = (await embed(buyer.headers, event.id, [[early!.id, 4]], { current_session: session })).json().data;
    expect(changed.id).not.toBe(first.id);
    // The first hold was released: 4 held, not 6 (which would not fit in 5).
    expect((await call('GET', `/api/events/${event.id}`, buyer.headers)).json().data.attendees_count).toBe(4);
    // The replaced checkout was closed at the provider too: it can no longer be paid.
    expect((await pay(first.id)).statusCode).toBe(409);
  });
});

describe('capacity: holds and tickets never oversell', () => {
  it('says sold out when the max is held, returns the places when the hold ends, and honours a late payment only while places remain', async () => {
    const { event } = await eventOnSale({ max: 2 });
    const [early] = event.ticket_types;
    const a = await person('Ann A');
    const b = await person('Ben B');
    const held = (await embed(a.headers, event.id, [[early!.id, 2]])).json().data;
    const refused = await embed(b.headers, event.id, [[early!.id, 1]]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('sold_out');
    expect((await call('GET', `/api/events/${event.id}`, b.headers)).json().data).toMatchObject({ is_sold_out: true });

    // The hold ends: its places count no more, and the job closes the order at the provider.
    ctx.clock.advance(HOLD_MINUTES * 60_000 + 1000);
    expect((await call('GET', `/api/events/${event.id}`, b.headers)).json().data).toMatchObject({ is_sold_out: false, attendees_count: 0 });
    const second = (await embed(b.headers, event.id, [[early!.id, 2]])).json().data;
    // A's checkout is still payable at the provider for a minute: paid now, no place is left, so it is refunded.
    expect((await pay(held.id)).statusCode).toBe(200);
    const aOrder = await db.selectFrom('orders').select(['status', 'failure_reason']).where('checkout_session_id', '=', held.id).executeTakeFirstOrThrow();
    expect(aOrder.status).toBe('refunded');
    await ctx.runDueJobs();
    const refunds = await db.selectFrom('refunds').select(['amount', 'reason']).execute();
    expect(refunds).toContainEqual({ amount: 2100, reason: 'no_capacity' });
    expect(ctx.sms.list().some((m) => /went while you were paying/.test(m.body))).toBe(true);
    // B pays: exactly the max is sold.
    expect((await pay(second.id)).statusCode).toBe(200);
    expect(await validTickets(event.id)).toHaveLength(2);
  });

  it('the holds’ sweep (every minute) closes each checkout whose hold ended, here and at the provider, once', async () => {
    const { event } = await eventOnSale({ max: 5 });
    const buyer = await person('Hal Holder');
    const kept = await person('Kim Keeper');
    const lapsing = (await embed(buyer.headers, event.id, [[event.ticket_types[0]!.id, 2]])).json().data;
    ctx.clock.advance(HOLD_MINUTES * 60_000 - 60_000);
    const live = (await embed(kept.headers, event.id, [[event.ticket_types[0]!.id, 1]])).json().data;
    ctx.clock.advance(61_000);
    expect(await expireLapsedHolds(ctx.deps)).toMatch(/^ended \d+ hold\(s\) whose time was up$/);
    const statusOf = async (sessionId: string) => (await db.selectFrom('orders').select('status').where('checkout_session_id', '=', sessionId).executeTakeFirstOrThrow()).status;
    expect(await statusOf(lapsing.id)).toBe('expired');
    expect(await statusOf(live.id)).toBe('pending');
    // Closed at the provider too: it can no longer be paid.
    const late = await pay(lapsing.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('checkout_closed');
    expect(await expireLapsedHolds(ctx.deps)).toBeUndefined();
    expect((await pay(live.id)).statusCode).toBe(200);
    expect(await statusOf(live.id)).toBe('paid');
  });

  it('counts each type’s own limit', async () => {
    const { event } = await eventOnSale({ vipLimit: 1 });
    const vip = event.ticket_types[2]!;
    const a = await person('Ann A');
    const res = await embed(a.headers, event.id, [[vip.id, 2]]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'sold_out', fields: { [`type_${vip.id}`]: '1' } });
    expect((await embed(a.headers, event.id, [[vip.id, 1]])).statusCode).toBe(200);
    const page = (await call('GET', `/api/events/${event.id}`, a.headers)).json().data;
    expect(page.ticket_types[2]).toMatchObject({ remaining: 0, sold_out: true });
    expect(page.is_sold_out).toBe(false);
  });

  it('fulfils one paid session once however the webhook and the session check race', async () => {
    const { event } = await eventOnSale({ max: 50 });
    const [early] = event.ticket_types;
    const buyer = await person('Bea Buyer');
    const checkout = (await embed(buyer.headers, event.id, [[early!.id, 3]])).json().data;
    const paid = pay(checkout.id);
    const checks = Array.from({ length: 6 }, () => call('GET', `/api/payments/session/${checkout.id}`, buyer.headers));
    const results = await Promise.all([paid, ...checks]);
    expect(results[0]!.statusCode).toBe(200);
    await Promise.all(Array.from({ length: 4 }, () => call('GET', `/api/payments/session/${checkout.id}`, buyer.headers)));
    await ctx.runDueJobs();
    expect(await validTickets(event.id)).toHaveLength(3);
    expect(await db.selectFrom('orders').select('status').where('checkout_session_id', '=', checkout.id).executeTakeFirstOrThrow()).toEqual({ status: 'paid' });
  });
});

describe('refunds (beyond the spec)', () => {
  it('the organiser refunds one ticket, then the rest: the provider refunds, the tickets stop admitting, the places return, the buyer is told', async () => {
    const { owner, event } = await eventOnSale({ max: 3 });
    const [early] = event.ticket_types;
    const buyer = await person('Bea Buyer');
    const checkout = (await embed(buyer.headers, event.id, [[early!.id, 3]])).json().data;
    await pay(checkout.id);
    const order = await db.selectFrom('orders').select(['id', 'total', 'fee']).where('checkout_session_id', '=', checkout.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ total: 3150, fee: 150 });
    const [first] = await validTickets(event.id);

    expect((await call('POST', `/api/orders/${order.id}/refund`, buyer.headers, { ticket_ids: [first!.id] })).statusCode).toBe(404);
    const one = await call('POST', `/api/orders/${order.id}/refund`, owner.headers, { ticket_ids: [first!.id] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ refunded_amount: 1050, status: 'paid', event: { hash: event.hash } });
    expect(await validTickets(event.id)).toHaveLength(2);
    expect((await call('GET', `/api/events/${event.id}`, owner.headers)).json().data.attendees_count).toBe(2);
    // The same refund again changes nothing.
    expect((await call('POST', `/api/orders/${order.id}/refund`, owner.headers, { ticket_ids: [first!.id] })).statusCode).toBe(422);

    const rest = await call('POST', `/api/orders/${order.id}/refund`, owner.headers, {});
    expect(rest.json().data).toMatchObject({ refunded_amount: 3150, status: 'refunded' });
    expect(await validTickets(event.id)).toHaveLength(0);
    await ctx.runDueJobs();
    expect(ctx.sms.list().filter((m) => /was refunded/.test(m.body)).length).toBeGreaterThanOrEqual(2);
    const history = (await call('GET', '/api/purchases/history', buyer.headers)).json().data;
    expect(history[0]).toMatchObject({ status: 'refunded', refunded_amount: 3150 });
  });
});

describe('tickets at the door (accounts §2 Check ticket, §4 Ticket)', () => {
  it('checks a code, lets the owner mark it used once, and tells the second scanner when and by whom', async () => {
    const { owner, event } = await eventOnSale();
    const buyer = await person('Bea Buyer');
    const checkout = (await embed(buyer.headers, event.id, [[event.ticket_types[1]!.id, 1]])).json().data;
    await pay(checkout.id);
    const [ticket] = (await call('GET', '/api/tickets', buyer.headers)).json().data as { id: number; code: string }[];

    const anonymous = (await call('GET', `/api/tickets/${ticket!.code}`)).json().data;
    expect(anonymous).toMatchObject({ state: 'valid', can_validate: false, ticket: null });
    const stranger = await person('Sam Stranger');
    expect((await call('GET', `/api/tickets/${ticket!.code.toLowerCase()}`, stranger.headers)).json().data).toMatchObject({ state: 'valid', ticket: null });
    expect((await call('GET', `/api/tickets/${ticket!.code}`, owner.headers)).json().data).toMatchObject({ state: 'valid', can_validate: true, ticket: { id: ticket!.id } });
    const unknown = await call('GET', '/api/tickets/ZZZZZZZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toMatchObject({ state: 'not_found', ticket: null });

    expect((await call('POST', `/api/tickets/validate/${ticket!.id}`, buyer.headers)).statusCode).toBe(403);
    const scans = await Promise.all([call('POST', `/api/tickets/validate/${ticket!.id}`, owner.headers), call('POST', `/api/tickets/validate/${ticket!.id}`, owner.headers)]);
    expect(scans.map((s) => s.statusCode).sort()).toEqual([200, 409]);
    expect(scans.find((s) => s.statusCode === 409)!.json().error.fields).toMatchObject({ used_by: 'Olga Organiser' });
    expect((await call('GET', `/api/tickets/${ticket!.code}`)).json().data.state).toBe('used');
    expect((await call('POST', `/api/tickets/invalidate/${ticket!.id}`, owner.headers)).json().data.is_used).toBe(false);
  });

  it('the organiser gives tickets to a going guest (texted), gifts some, and downloads a report safe for spreadsheets', async () => {
    const { owner, event } = await eventOnSale({ max: 10 });
    const guest = await buildUser(db, { name: '=HYPERLINK("http://evil")' });
    const { headers: guestHeaders } = await signIn(ctx, guest.id);
    expect((await call('POST', `/api/events/${event.id}/join`, guestHeaders, {})).statusCode).toBe(200);
    const outsider = await person('Otto Outsider');

    const refused = await call('POST', '/api/tickets', owner.headers, { user_id: outsider.user.id, event_id: event.id, amount: 1 });
    expect(refused.statusCode).toBe(422);
    const given = await call('POST', '/api/tickets', owner.headers, { user_id: guest.id, event_id: event.id, amount: 2 });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ message: 'Tickets created' });
    expect(given.json().data).toHaveLength(2);
    await ctx.runDueJobs();
    expect(ctx.sms.list().some((m) => m.to === guest.phone && /you have 2 tickets for Rooftop concert/.test(m.body))).toBe(true);
    expect((await call('POST', `/api/tickets/gift/${event.id}`, owner.headers, { user_id: outsider.user.id, tickets: [{ row: 0, col: 1 }] })).statusCode).toBe(200);
    expect((await call('POST', '/api/tickets', guestHeaders, { user_id: guest.id, event_id: event.id, amount: 1 })).statusCode).toBe(403);

    const csv = await call('GET', `/api/tickets/export/${event.hash}`, owner.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(4);
    // Prices as decimal text in the currency, beside its code (not minor units).
    expect(csv.body.split('\r\n')[1]).toMatch(/,"?\d+\.\d{2}"?,"?EUR"?,/);
    expect((await call('GET', `/tickets/export/${event.hash}`, owner.headers)).statusCode).toBe(200);
    expect((await call('GET', `/api/tickets/export/${event.hash}`, guestHeaders)).statusCode).toBe(403);
  });
});
