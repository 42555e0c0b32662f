import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@planns/shared/payments/payments.rules';
import { buildUser, createTestApp, nextIp, signIn } from './harness.ts';

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

type Headers = Record<string, string>;

async function person(name = 'Olga Organiser', options: { is_moderator?: boolean } = {}) {
  const user = await buildUser(db, { name, ...options });
  const { headers } = await signIn(ctx, user.id);
  return { user, headers };
}

/** Each call from an address of its own: the per-client limits of the payment routes never couple two tests. */
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
  app.inject({ method, url, headers, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const ONBOARDING = { business_type: 'individual', first_name: 'Olga', last_name: 'Organiser', country: 'ES', default_currency: 'eur', accept_terms: true };

/** A person with a payout account at the test provider, onboarded (active) unless told otherwise. */
async function organiser(options: { onboard?: 'none' | 'details' | 'active' } = {}) {
  const who = await person();
  const created = await call('POST', '/api/payments', who.headers, { email: 'olga@example.com' });
  expect(created.statusCode).toBe(200);
  const accountId = created.json().data as string;
  const onboard = options.onboard ?? 'active';
  if (onboard !== 'none') {
    const done = await call('POST', `/api/test-provider/accounts/${accountId}/onboard`, who.headers, { ...ONBOARDING, accept_terms: onboard === 'active' });
    expect(done.statusCode).toBe(200);
  }
  return { ...who, accountId };
}

function paidEventBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Rooftop concert',
    start_date: '2026-03-01 19:00:00',
    address: 'Dizengoff 100, Tel Aviv',
    pricing_mode: 'multiple',
    currency: 'ILS',
    ticket_types: [
      { name: 'Early bird', price: 4000, currency: 'ILS' },
      { name: 'Standard', price: 6000, currency: 'ILS', description: 'Entry and a drink' },
      { name: 'VIP', price: 15000, currency: 'ILS', quantity: 20 },
    ],
    ...overrides,
  };
}

describe('payout account: none -> created -> inactive -> active (accounts §4)', () => {
  it('opens, verifies through the hosted onboarding and reports each state; only its owner reaches it', async () => {
    const { user, headers } = await person();
    expect((await call('GET', '/api/payments/info', headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/payments/url', headers)).statusCode).toBe(404);

    const bad = await call('POST', '/api/payments', headers, { email: 'not an email' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.email).toBe(PAYMENT_MESSAGES.invalidEmail);

    const created = await call('POST', '/api/payments', headers, { email: 'olga@example.com' });
    expect(created.statusCode).toBe(200);
    const accountId = created.json().data as string;
    expect(accountId).toMatch(/^acct_test/);
    expect((await call('POST', '/api/payments', headers, { email: 'olga@example.com' })).statusCode).toBe(409);

    const info = await call('GET', '/api/payments/info', headers);
    expect(info.json().data).toMatchObject({ id: accountId, email: 'olga@example.com', status: 'created', is_active: false, details_submitted: false });

    // The hosted onboarding link works without a session (it is the secret), as Stripe's do.
    const url = (await call('GET', '/api/payments/url', headers)).json().data as string;
    const linkId = new URL(url).pathname.split('/').pop()!;
    expect(new URL(url).pathname).toBe(`/test-provider/onboarding/${linkId}`);
    const page = await call('GET', `/api/test-provider/onboarding/${linkId}`);
    expect(page.json().data).toMatchObject({ account_id: accountId, email: 'olga@example.com', return_url: 'http://localhost:3000/stripe_registered' });

    const partly = await call('POST', `/api/test-provider/onboarding/${linkId}`, {}, { ...ONBOARDING, accept_terms: false });
    expect(partly.statusCode).toBe(200);
    expect(partly.json().data.account).toMatchObject({ status: 'inactive', details_submitted: true, charges_enabled: false, tos_acceptance: { date: null } });

    // Someone else cannot complete it through the scripted call.
    const stranger = await person('Sam Stranger');
    expect((await call('POST', `/api/test-provider/accounts/${accountId}/onboard`, stranger.headers, ONBOARDING)).statusCode).toBe(404);
    expect((await call('POST', `/api/test-provider/accounts/${accountId}/onboard`, {}, ONBOARDING)).statusCode).toBe(401);

    const active = await call('POST', `/api/test-provider/accounts/${accountId}/onboard`, headers, ONBOARDING);
    expect(active.json().data.account).toMatchObject({ status: 'active', is_active: true, charges_enabled: true, payouts_enabled: true, country: 'ES', default_currency: 'EUR' });
    expect((await call('GET', '/api/payments/info', headers)).json().data.status).toBe('active');
    expect((await call('GET', '/api/payments/info', stranger.headers)).statusCode).toBe(404);

    // Both reports went through the provider's events, recorded once each, in order.
    const reports = await db.selectFrom('payment_events').select(['type', 'account_id', 'processed_at']).where('account_id', '=', accountId).execute();
    expect(reports).toHaveLength(3);
    expect(reports.every((r) => r.type === 'account.updated' && r.processed_at !== null)).toBe(true);

    const me = await call('GET', '/api/user', headers);
    expect(me.json().data).toMatchObject({ id: user.id, stripe_id: accountId, stripe_approved: true });
  });

  it("applies the provider's report of the same second as a refresh (the provider dates events to the second)", async () => {
    const { headers } = await person();
    const accountId = (await call('POST', '/api/payments', headers, { email: 'olga@example.com' })).json().data as string;
    ctx.clock.advance(700); // the refresh below is made at .700 of a second
    expect((await call('GET', '/api/payments/info', headers)).json().data.status).toBe('created');
    const partly = await call('POST', `/api/test-provider/accounts/${accountId}/onboard`, headers, { ...ONBOARDING, accept_terms: false });
    expect(partly.json().data.account.status).toBe('inactive');
    ctx.clock.advance(300);
  });

  it('keeps accepted terms when the onboarding form is sent again, and takes only countries the provider serves', async () => {
    const { headers, accountId } = await organiser();
    const again = await call('POST', `/api/test-provider/accounts/${accountId}/onboard`, headers, { ...ONBOARDING, first_name: 'Olga M.', accept_terms: false });
    expect(again.json().data.account).toMatchObject({ status: 'active', individual: { first_name: 'Olga M.' } });
    const israel = await call('POST', `/api/test-provider/accounts/${accountId}/onboard`, headers, { ...ONBOARDING, country: 'IL' });
    expect(israel.statusCode).toBe(422);
    expect(israel.json().error.fields.country).toBe('Choose a country');
  });

  it('opens the dashboard only toward planns itself', async () => {
    const { headers } = await organiser();
    const ok = await call('GET', `/api/payments/login-url?redirect_url=${encodeURIComponent('http://localhost:3000/stripe_registered')}`, headers);
    expect(ok.statusCode).toBe(200);
    const linkId = new URL(ok.json().data as string).pathname.split('/').pop()!;
    const dashboard = await call('GET', `/api/test-provider/dashboard/${linkId}`);
    expect(dashboard.json().data).toMatchObject({ redirect_url: 'http://localhost:3000/stripe_registered', payments: [] });
    const evil = await call('GET', `/api/payments/login-url?redirect_url=${encodeURIComponent('https://evil.example/x')}`, headers);
    expect(evil.statusCode).toBe(422);
    expect(evil.json().error.fields.redirect_url).toBe(PAYMENT_MESSAGES.redirectNotAllowed);
  });
});

describe('paid events: ticket types, product, payment setup (events §4, §5)', () => {
  it('creates a paid event with three types in ILS, its product and prices, and enables payments for an active account', async () => {
    const { user, headers } = await organiser();
    const created = await call('POST', '/api/events/create', headers, paidEventBody());
    expect(created.statusCode).toBe(200);
    const event = created.json().data;
    expect(event).toMatchObject({ is_paid: true, currency: 'ILS', pricing_mode: 'multiple', price: null, payment_mode: 'own', payments_enabled: false, stripe_product_id: null });
    expect(event.price_range).toEqual({ min: 4000, max: 15000, currency: 'ILS' });
    expect(event.ticket_types.map((t: { name: string; price: number }) => [t.name, t.price])).toEqual([
      ['Early bird', 4000],
      ['Standard', 6000],
      ['VIP', 15000],
    ]);
    expect(event.creator).toMatchObject({ id: user.id, stripe_approved: true });

    const product = await call('POST', `/api/payments/create-product/${event.id}`, headers);
    expect(product.statusCode).toBe(200);
    expect(product.json().data.prices).toHaveLength(3);
    const again = await call('POST', `/api/payments/create-product/${event.id}`, headers);
    expect(again.json().data).toEqual(product.json().data); // safe to repeat: nothing new is made

    const page = (await call('GET', `/api/events/${event.id}`, headers)).json().data;
    expect(page).toMatchObject({ payments_enabled: true, owner_payment_account: 'active' });
    expect(page.stripe_product_id).toMatch(/^prod_test_/);
    expect(page.ticket_types.every((t: { stripe_price_amount: number; price: number }) => t.stripe_price_amount === t.price)).toBe(true);

    // Others see the prices but not the provider's ids.
    const guest = await person('Gil Guest');
    const seen = (await call('GET', `/api/events/${event.id}`, guest.headers)).json().data;
    expect(seen).toMatchObject({ payments_enabled: true, stripe_product_id: null, owner_payment_account: null });
    expect(seen.ticket_types.every((t: { stripe_price_id: string | null }) => t.stripe_price_id === null)).toBe(true);
    expect((await call('POST', `/api/payments/create-product/${event.id}`, guest.headers)).statusCode).toBe(403);

    // A changed price gets a new provider price; the unchanged ones keep theirs.
    const [early, standard, vip] = page.ticket_types as { id: number; stripe_price_id: string }[];
    const edited = await call(
      'PUT',
      `/api/events/${event.id}`,
      headers,
      paidEventBody({
        ticket_types: [
          { id: early!.id, name: 'Early bird', price: 4000, currency: 'ILS' },
          { id: standard!.id, name: 'Standard', price: 6500, currency: 'ILS' },
          { id: vip!.id, name: 'VIP', price: 15000, currency: 'ILS', quantity: 20 },
        ],
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.payments_enabled).toBe(false);
    const types = edited.json().data.ticket_types as { id: number; stripe_price_id: string | null }[];
    expect(types.map((t) => t.id)).toEqual([early!.id, standard!.id, vip!.id]);
    expect(types[0]!.stripe_price_id).toBe(early!.stripe_price_id);
    expect(types[1]!.stripe_price_id).toBeNull();
    const synced = await call('POST', `/api/payments/create-product/${event.id}`, headers);
    expect(synced.json().data.prices[1]).toMatchObject({ ticket_type_id: standard!.id, unit_amount: 6500 });
    expect(synced.json().data.prices[1].stripe_price_id).not.toBe(standard!.stripe_price_id);
  });

  it('refuses ticket types that break the rules, by field, with the spec texts', async () => {
    const { headers } = await organiser();
    const res = await call(
      'POST',
      '/api/events/create',
      headers,
      paidEventBody({
        ticket_types: [
          { name: 'VIP', price: 1000, currency: 'ILS' },
          { name: 'vip', price: 0, currency: 'ILS' },
          { name: ' ', price: 12.5, currency: 'EUR' },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toMatchObject({
      'ticket_types.1.name': 'Ticket type name already exists',
      'ticket_types.1.price': 'Price must be greater than 0',
      'ticket_types.2.name': 'Ticket name is required',
      'ticket_types.2.currency': "Every ticket type uses the event's currency",
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `T${i}`, price: 100, currency: 'ILS' }));
    const tooMany = await call('POST', '/api/events/create', headers, paidEventBody({ ticket_types: eleven }));
    expect(tooMany.json().error.fields.ticket_types).toBe('Maximum of 10 ticket types allowed');
  });

  it('disable-stripe makes the event free; use-planns-stripe is for moderators; disconnect turns own paid events free', async () => {
    const owner = await organiser();
    const event = (await call('POST', '/api/events/create', owner.headers, paidEventBody())).json().data;
    const second = (await call('POST', '/api/events/create', owner.headers, paidEventBody({ name: 'Second' }))).json().data;
    const third = (await call('POST', '/api/events/create', owner.headers, paidEventBody({ name: 'Third' }))).json().data;

    expect((await call('POST', `/api/payments/use-planns-stripe/${event.id}`, owner.headers)).statusCode).toBe(403);
    const moderator = await person('Mo Moderator', { is_moderator: true });
    const planns = await call('POST', `/api/payments/use-planns-stripe/${third.id}`, moderator.headers);
    expect(planns.json().data).toEqual({ id: third.id, hash: third.hash, payment_mode: 'planns' });

    const stranger = await person('Sam Stranger');
    expect((await call('POST', `/api/events/${event.id}/disable-stripe`, stranger.headers)).statusCode).toBe(403);
    const disabled = await call('POST', `/api/events/${event.id}/disable-stripe`, owner.headers);
    expect(disabled.json().data).toEqual({ id: event.id, hash: event.hash, payment_mode: null });
    const free = (await call('GET', `/api/events/${event.id}`, owner.headers)).json().data;
    expect(free).toMatchObject({ is_paid: false, currency: null, ticket_types: [], price_range: null, payment_mode: null });

    const gone = await call('DELETE', '/api/payments/disconnect', owner.headers);
    expect(gone.json()).toEqual({ data: { ok: true, converted_events: 1 }, message: PAYMENT_MESSAGES.disconnected });
    expect((await call('GET', `/api/events/${second.id}`, owner.headers)).json().data.is_paid).toBe(false);
    // Sold through planns' own account: not the organiser's account's to take away.
    expect((await call('GET', `/api/events/${third.id}`, owner.headers)).json().data).toMatchObject({ is_paid: true, payment_mode: 'planns' });
    expect((await call('GET', '/api/payments/info', owner.headers)).statusCode).toBe(404);
    const again = await call('DELETE', '/api/payments/disconnect', owner.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(PAYMENT_MESSAGES.noAccountToDisconnect);
  });
});

describe("who may set up an event's payments", () => {
  it('the owner or a moderator; others are refused, and a hidden event is a 404', async () => {
    const owner = await organiser();
    const event = (await call('POST', '/api/events/create', owner.headers, paidEventBody())).json().data;
    const hidden = (await call('POST', '/api/events/create', owner.headers, paidEventBody({ name: 'Private one', is_private: true }))).json().data;
    const stranger = await person('Sam Stranger');
    const moderator = await person('Mo Moderator', { is_moderator: true });

    for (const url of [`/api/payments/use-own-stripe/${event.id}`, `/api/payments/create-product/${event.id}`, `/api/events/${event.id}/disable-stripe`]) {
      expect((await call('POST', url, stranger.headers)).statusCode, url).toBe(403);
      expect((await call('POST', url)).statusCode, url).toBe(401);
    }
    expect((await call('GET', `/api/payments/make-payment/${event.id}`, stranger.headers)).statusCode).toBe(403);
    for (const url of [`/api/payments/use-own-stripe/${hidden.id}`, `/api/payments/create-product/${hidden.id}`, `/api/payments/use-planns-stripe/${hidden.id}`]) {
      expect((await call('POST', url, stranger.headers)).statusCode, url).toBe(404);
    }

    // A moderator sells it through planns' account; the owner takes it back to their own.
    expect((await call('POST', `/api/payments/use-planns-stripe/${event.id}`, moderator.headers)).json().data.payment_mode).toBe('planns');
    expect((await call('POST', `/api/payments/use-own-stripe/${event.id}`, owner.headers)).json().data.payment_mode).toBe('own');
    expect((await call('POST', `/api/payments/create-product/${event.id}`, moderator.headers)).statusCode).toBe(200);

    const free = (await call('POST', '/api/events/create', owner.headers, paidEventBody({ name: 'Free one', pricing_mode: 'single', currency: null, ticket_types: [] }))).json().data;
    expect(free.is_paid).toBe(false);
    expect((await call('POST', `/api/payments/create-product/${free.id}`, owner.headers)).statusCode).toBe(409);
    expect((await call('POST', `/api/payments/use-own-stripe/${free.id}`, owner.headers)).statusCode).toBe(409);
    const none = await call('GET', `/api/payments/make-payment/${event.id}?quantity=0`, owner.headers);
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields.quantity).toBe('Quantity must be at least 1');
  });

  it('a test payment needs the account that sells the event to be active', async () => {
    const owner = await organiser({ onboard: 'details' });
    const event = (await call('POST', '/api/events/create', owner.headers, paidEventBody())).json().data;
    await call('POST', `/api/payments/create-product/${event.id}`, owner.headers);
    const page = (await call('GET', `/api/events/${event.id}`, owner.headers)).json().data;
    expect(page).toMatchObject({ payments_enabled: false, owner_payment_account: 'inactive', creator: { stripe_approved: false } });
    const refused = await call('GET', `/api/payments/make-payment/${event.id}?quantity=1`, owner.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('payment_account_required');
  });
});

describe('the test payment and the payments list', () => {
  it('pays a test checkout with 4242, records the payment once, and lists it for its receiver only', async () => {
    const owner = await organiser();
    const event = (await call('POST', '/api/events/create', owner.headers, paidEventBody())).json().data;
    await call('POST', `/api/payments/create-product/${event.id}`, owner.headers);

    const wrong = await call('GET', `/api/payments/make-payment/${event.id}?quantity=2&price=3000&fee=300`, owner.headers);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toMatchObject({ code: 'price_changed', fields: { price: '4000', fee: '400' } });

    const made = await call('GET', `/api/payments/make-payment/${event.id}?quantity=2&price=4000&fee=400`, owner.headers);
    expect(made.statusCode).toBe(200);
    expect(made.json().amount).toEqual({ unit_amount: 4000, quantity: 2, subtotal: 8000, fee: 400, total: 8400, currency: 'ILS' });
    const sessionId = new URL(made.json().data as string).pathname.split('/').pop()!;
    const checkout = await call('GET', `/api/test-provider/checkout/${sessionId}`);
    expect(checkout.json().data).toMatchObject({ status: 'open', amount_total: 8400, currency: 'ILS', pays_to: 'Olga Organiser' });

    const declined = await call('POST', `/api/test-provider/checkout/${sessionId}/pay`, {}, { card_number: '4000 0000 0000 0002', exp_month: 12, exp_year: 2030, cvc: '123' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe('Your card was declined.');

    const card = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
    const [first, second] = await Promise.all([
      call('POST', `/api/test-provider/checkout/${sessionId}/pay`, {}, card),
      call('POST', `/api/test-provider/checkout/${sessionId}/pay`, {}, card),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);

    const list = await call('GET', `/api/payments/${owner.user.id}/payments`, owner.headers);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ amount: 8400, application_fee_amount: 400, currency: 'ILS', status: 'succeeded', kind: 'test', event: { id: event.id } });
    const stranger = await person('Sam Stranger');
    expect((await call('GET', `/api/payments/${owner.user.id}/payments`, stranger.headers)).statusCode).toBe(403);

    // The job queued for the event finds it applied: no second payment.
    await ctx.runDueJobs();
    expect((await db.selectFrom('payments').select('id').where('event_id', '=', event.id).execute()).length).toBe(1);
  });

  it('refuses webhooks under the test provider: nothing is recorded', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{"id":"evt_1","type":"account.updated"}' });
    expect(res.statusCode).toBe(400);
    expect(await db.selectFrom('payment_events').select('id').where('id', '=', 'evt_1').execute()).toEqual([]);
  });
});
