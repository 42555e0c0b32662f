import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountFromStripeObject, ProviderError, WebhookSignatureError } from './payments-provider.ts';
import { StripeDouble, stripeAccount, stripeCharge, stripeCheckoutSession, stripePaymentIntent } from './stripe-double.ts';
import { checkoutSessionFromStripeObject, STRIPE_API_VERSION, StripePaymentsProvider, type StripePaymentsOptions } from './stripe-payments.ts';

const SECRET_KEY = 'sk_test_51PlannsDoubleKey0123456789abcdefABCDEF';
const PUBLISHABLE_KEY = 'pk_test_51PlannsDoubleKey0123456789abcdefABCDEF';
const WEBHOOK_SECRET = 'whsec_PlannsAccountEndpoint0123456789abcdef';
const CONNECT_WEBHOOK_SECRET = 'whsec_PlannsConnectEndpoint0123456789abcdef';

let double: StripeDouble;

beforeEach(async () => {
  double = new StripeDouble({ secretKey: SECRET_KEY });
  await double.start();
});

afterEach(async () => {
  await double.stop();
});

function provider(options: Partial<StripePaymentsOptions> = {}): StripePaymentsProvider {
  return new StripePaymentsProvider({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET, ...double.connection, ...options });
}

/** The error a promise fails with (the test fails if it does not). */
async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderError);
    return err as ProviderError;
  }
  throw new Error('expected the call to fail');
}

function expectNoSecrets(err: Error, ...extra: string[]): void {
  const text = `${err.message}\n${err.stack ?? ''}\n${JSON.stringify(err)}\n${String(err.cause ?? '')}`;
  for (const secret of [SECRET_KEY, WEBHOOK_SECRET, ...extra]) expect(text).not.toContain(secret);
}

const ACTIVE_TOS = 1767225600; // 2026-01-01T00:00:00Z

function activeAccount(id = 'acct_1ActiveOrganiser') {
  return stripeAccount({
    id,
    email: 'ada@example.com',
    business_type: 'individual',
    individual: { id: 'person_1Ada', object: 'person', account: id, first_name: 'Ada', last_name: 'Lovelace' },
    country: 'FR',
    default_currency: 'eur',
    capabilities: { card_payments: 'active', transfers: 'active' },
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
    tos_acceptance: { date: ACTIVE_TOS, ip: '203.0.113.7', user_agent: 'Mozilla/5.0' },
    metadata: { planns_user_id: '42' },
  });
}

describe('StripePaymentsProvider: client', () => {
  it('names itself, gives the publishable key, and speaks the pinned API version with planns as the app', async () => {
    const p = provider();
    expect(p.name).toBe('stripe');
    expect(p.publishableKey).toBe(PUBLISHABLE_KEY);
    await p.createProduct({ name: 'Jazz night', eventId: 7, idempotencyKey: 'product:7' });
    const request = double.lastRequest();
    expect(request.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.stripeVersion).toBe(STRIPE_API_VERSION);
    expect(request.stripeAccount).toBeNull();
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(request.userAgent).toMatch(/\bplanns\b/);
  });
});

describe('StripePaymentsProvider: connected accounts', () => {
  it('creates an Express-dashboard account controlled by the platform, under the idempotency key', async () => {
    const account = await provider().createAccount({ email: 'ada@example.com', userId: 42, idempotencyKey: 'payment-account:42:1' });

    expect(double.requests).toHaveLength(1);
    const request = double.lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/accounts');
    expect(request.form).toEqual({
      email: 'ada@example.com',
      'controller[stripe_dashboard][type]': 'express',
      'controller[fees][payer]': 'application',
      'controller[losses][payments]': 'application',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[planns_user_id]': '42',
    });
    expect(request.idempotencyKey).toBe('payment-account:42:1');

    // A new Express account: nothing submitted yet, no terms accepted; currency and country upper case.
    expect(account).toEqual({
      id: expect.stringMatching(/^acct_/),
      email: 'ada@example.com',
      country: 'US',
      default_currency: 'USD',
      business_type: null,
      first_name: null,
      last_name: null,
      tos_accepted_at: null,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
    });
    expect(double.get(account.id)?.controller).toMatchObject({ stripe_dashboard: { type: 'express' }, fees: { payer: 'application' }, losses: { payments: 'application' } });

    // The same key again is the same account (Stripe replays the first answer).
    const again = await provider().createAccount({ email: 'ada@example.com', userId: 42, idempotencyKey: 'payment-account:42:1' });
    expect(again.id).toBe(account.id);
    expect(double.requests[1]!.idempotencyKey).toBe('payment-account:42:1');
  });

  it('reads an onboarded account: terms date as a Date, names, business type, upper-case country and currency, enabled flags', async () => {
    double.put(activeAccount());
    const account = await provider().retrieveAccount('acct_1ActiveOrganiser');

    const request = double.lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v1/accounts/acct_1ActiveOrganiser');
    expect(request.form).toEqual({});
    expect(account).toEqual({
      id: 'acct_1ActiveOrganiser',
      email: 'ada@example.com',
      country: 'FR',
      default_currency: 'EUR',
      business_type: 'individual',
      first_name: 'Ada',
      last_name: 'Lovelace',
      tos_accepted_at: new Date('2026-01-01T00:00:00Z'),
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
  });

  it('reads a submitted account still under verification as submitted but not enabled', async () => {
    double.put(stripeAccount({ id: 'acct_1Pending', details_submitted: true, tos_acceptance: { date: ACTIVE_TOS, ip: null, user_agent: null } }));
    const account = await provider().retrieveAccount('acct_1Pending');
    expect(account).toMatchObject({ details_submitted: true, charges_enabled: false, payouts_enabled: false, tos_accepted_at: new Date(ACTIVE_TOS * 1000) });
  });

  it('makes a hosted onboarding link (account_onboarding, refresh and return URLs) and an Express dashboard login link', async () => {
    const p = provider();
    const account = await p.createAccount({ email: 'ada@example.com', userId: 42, idempotencyKey: 'payment-account:42:1' });

    const onboarding = await p.createOnboardingLink(account.id, {
      refreshUrl: 'https://planns.example/payments/onboarding/refresh',
      returnUrl: 'https://planns.example/payments/onboarding/return',
    });
    expect(onboarding).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
    let request = double.lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/account_links');
    expect(request.form).toEqual({
      account: account.id,
      refresh_url: 'https://planns.example/payments/onboarding/refresh',
      return_url: 'https://planns.example/payments/onboarding/return',
      type: 'account_onboarding',
    });

    const dashboard = await p.createDashboardLink(account.id, 'https://planns.example/payments');
    expect(dashboard).toMatch(/^https:\/\/connect\.stripe\.com\/express\//);
    request = double.lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v1/accounts/${account.id}/login_links`);
    // Stripe's login links take no redirect URL: nothing is sent.
    expect(request.form).toEqual({});
  });
});

describe('StripePaymentsProvider: products and prices', () => {
  it('makes a product for an event and prices in lower-case currency and integer minor units, answering upper case', async () => {
    const p = provider();
    const product = await p.createProduct({ name: 'Jazz night', eventId: 7, idempotencyKey: 'product:event:7' });
    expect(product).toEqual({ id: expect.stringMatching(/^prod_/) });
    let request = double.lastRequest();
    expect(request.path).toBe('/v1/products');
    expect(request.form).toEqual({ name: 'Jazz night', 'metadata[planns_event_id]': '7' });
    expect(request.idempotencyKey).toBe('product:event:7');

    const euro = await p.createPrice({ product: product.id, unitAmount: 2550, currency: 'EUR', nickname: 'Early bird', ticketTypeId: 3, idempotencyKey: 'price:ticket-type:3' });
    request = double.lastRequest();
    expect(request.path).toBe('/v1/prices');
    expect(request.form).toEqual({ product: product.id, unit_amount: '2550', currency: 'eur', nickname: 'Early bird', 'metadata[planns_ticket_type_id]': '3' });
    expect(request.idempotencyKey).toBe('price:ticket-type:3');
    expect(euro).toEqual({ id: expect.stringMatching(/^price_/), product: product.id, unit_amount: 2550, currency: 'EUR' });

    // A zero-decimal currency: 1200 yen is 1200, not 120000 or 12.
    const yen = await p.createPrice({ product: product.id, unitAmount: 1200, currency: 'JPY', nickname: 'General', ticketTypeId: 4, idempotencyKey: 'price:ticket-type:4' });
    request = double.lastRequest();
    expect(request.form).toMatchObject({ unit_amount: '1200', currency: 'jpy' });
    expect(request.idempotencyKey).toBe('price:ticket-type:4');
    expect(yen).toEqual({ id: expect.stringMatching(/^price_/), product: product.id, unit_amount: 1200, currency: 'JPY' });
  });

  it('refuses an amount that is not an integer of minor units before calling Stripe', async () => {
    const err = await failure(provider().createPrice({ product: 'prod_1', unitAmount: 25.5, currency: 'EUR', nickname: 'x', ticketTypeId: 1, idempotencyKey: 'k' }));
    expect(err.providerCode).toBe('parameter_invalid_integer');
    expect(double.requests).toHaveLength(0);
  });
});

describe('StripePaymentsProvider: checkout sessions', () => {
  async function eventPrice(p: StripePaymentsProvider, unitAmount = 2500) {
    const product = await p.createProduct({ name: 'Jazz night', eventId: 7, idempotencyKey: 'product:event:7' });
    return p.createPrice({ product: product.id, unitAmount, currency: 'EUR', nickname: 'General', ticketTypeId: 3, idempotencyKey: 'price:ticket-type:3' });
  }

  it("makes a destination charge to the organiser's account, keeping the service fee, with a price id and an inline amount", async () => {
    const p = provider();
    double.put(activeAccount());
    const price = await eventPrice(p);
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;

    const session = await p.createCheckoutSession({
      lineItems: [
        { price: price.id, quantity: 2 },
        { price_data: { currency: 'EUR', unit_amount: 150, product_name: 'Service fee' }, quantity: 1 },
      ],
      currency: 'EUR',
      destinationAccount: 'acct_1ActiveOrganiser',
      applicationFeeAmount: 150,
      successUrl: 'https://planns.example/events/7/paid?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://planns.example/events/7',
      metadata: { kind: 'tickets', event: '7', payer: '42' },
      expiresAt,
      customerEmail: 'buyer@example.com',
      idempotencyKey: 'checkout:order:99',
    });

    const request = double.lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.stripeAccount).toBeNull(); // on the platform, not on the connected account
    expect(request.idempotencyKey).toBe('checkout:order:99');
    expect(request.form).toEqual({
      mode: 'payment',
      'line_items[0][price]': price.id,
      'line_items[0][quantity]': '2',
      'line_items[1][price_data][currency]': 'eur',
      'line_items[1][price_data][unit_amount]': '150',
      'line_items[1][price_data][product_data][name]': 'Service fee',
      'line_items[1][quantity]': '1',
      success_url: 'https://planns.example/events/7/paid?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://planns.example/events/7',
      'metadata[kind]': 'tickets',
      'metadata[event]': '7',
      'metadata[payer]': '42',
      expires_at: String(expiresAt),
      customer_email: 'buyer@example.com',
      'payment_intent_data[application_fee_amount]': '150',
      'payment_intent_data[transfer_data][destination]': 'acct_1ActiveOrganiser',
      'payment_intent_data[metadata][kind]': 'tickets',
      'payment_intent_data[metadata][event]': '7',
      'payment_intent_data[metadata][payer]': '42',
    });

    expect(session).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
      client_secret: null,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 5150,
      currency: 'EUR',
      payment_intent: null,
      metadata: { kind: 'tickets', event: '7', payer: '42' },
    });
  });

  it("on planns' own account sends neither a transfer nor an application fee (nor an expiry or email it was not given)", async () => {
    const p = provider();
    const session = await p.createCheckoutSession({
      lineItems: [{ price_data: { currency: 'USD', unit_amount: 900, product_name: 'Featured listing' }, quantity: 1 }],
      currency: 'USD',
      destinationAccount: null,
      applicationFeeAmount: 0,
      successUrl: 'https://planns.example/ok',
      cancelUrl: 'https://planns.example/cancel',
      metadata: { kind: 'feature' },
      customerEmail: null,
      idempotencyKey: 'checkout:feature:5',
    });
    const request = double.lastRequest();
    expect(request.form).toEqual({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '900',
      'line_items[0][price_data][product_data][name]': 'Featured listing',
      'line_items[0][quantity]': '1',
      success_url: 'https://planns.example/ok',
      cancel_url: 'https://planns.example/cancel',
      'metadata[kind]': 'feature',
      'payment_intent_data[metadata][kind]': 'feature',
    });
    expect(Object.keys(request.form).some((k) => k.includes('application_fee') || k.includes('transfer_data'))).toBe(false);
    expect(session).toMatchObject({ amount_total: 900, currency: 'USD', status: 'open' });
  });

  it('leaves out an application fee of 0 but still transfers, and refuses inline amounts in another currency before calling Stripe', async () => {
    const p = provider();
    double.put(activeAccount());
    const base = {
      currency: 'EUR',
      destinationAccount: 'acct_1ActiveOrganiser',
      applicationFeeAmount: 0,
      successUrl: 'https://planns.example/ok',
      cancelUrl: 'https://planns.example/cancel',
      metadata: {},
      idempotencyKey: 'checkout:order:100',
    };
    await p.createCheckoutSession({ ...base, lineItems: [{ price_data: { currency: 'EUR', unit_amount: 1000, product_name: 'Entry' }, quantity: 1 }] });
    const form = double.lastRequest().form;
    expect(form['payment_intent_data[transfer_data][destination]']).toBe('acct_1ActiveOrganiser');
    expect(form).not.toHaveProperty('payment_intent_data[application_fee_amount]');

    const sent = double.requests.length;
    const err = await failure(p.createCheckoutSession({ ...base, idempotencyKey: 'checkout:order:101', lineItems: [{ price_data: { currency: 'USD', unit_amount: 1000, product_name: 'Entry' }, quantity: 1 }] }));
    expect(err.providerCode).toBe('parameter_invalid');
    expect(double.requests).toHaveLength(sent);
  });

  it('reads a session back, giving the payment intent as its id whether Stripe expanded it or not', async () => {
    const p = provider();
    double.put(stripeCheckoutSession({ id: 'cs_test_paidPlain', status: 'complete', payment_status: 'paid', amount_total: 5150, currency: 'eur', payment_intent: 'pi_3Plain', url: null, metadata: { kind: 'tickets' } }));
    double.put(
      stripeCheckoutSession({
        id: 'cs_test_paidExpanded',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 1200,
        currency: 'jpy',
        payment_intent: { id: 'pi_3Expanded', object: 'payment_intent', amount: 1200, currency: 'jpy', status: 'succeeded' },
        url: null,
      }),
    );

    expect(await p.retrieveCheckoutSession('cs_test_paidPlain')).toEqual({
      id: 'cs_test_paidPlain',
      url: null,
      client_secret: null,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 5150,
      currency: 'EUR',
      payment_intent: 'pi_3Plain',
      metadata: { kind: 'tickets' },
    });
    expect(double.lastRequest()).toMatchObject({ method: 'GET', path: '/v1/checkout/sessions/cs_test_paidPlain' });
    expect(await p.retrieveCheckoutSession('cs_test_paidExpanded')).toMatchObject({ payment_intent: 'pi_3Expanded', amount_total: 1200, currency: 'JPY', metadata: {} });
  });
});

describe('StripePaymentsProvider: embedded checkout', () => {
  it("makes an embedded session (ui_mode embedded_page, return_url, expiry, the intent's metadata, transfer and fee) and gives its client secret, no URL", async () => {
    const p = provider();
    double.put(activeAccount());
    const expiresAt = Math.floor(Date.now() / 1000) + 45 * 60;

    const session = await p.createCheckoutSession({
      uiMode: 'embedded',
      lineItems: [
        { price_data: { currency: 'EUR', unit_amount: 2500, product_name: 'Jazz night' }, quantity: 2 },
        { price_data: { currency: 'EUR', unit_amount: 150, product_name: 'Service fee' }, quantity: 1 },
      ],
      currency: 'EUR',
      destinationAccount: 'acct_1ActiveOrganiser',
      applicationFeeAmount: 150,
      returnUrl: 'https://planns.example/orders/99/return?session={CHECKOUT_SESSION_ID}',
      metadata: { planns_kind: 'tickets', planns_order_id: '99', planns_payee_account: 'acct_1ActiveOrganiser' },
      expiresAt,
      idempotencyKey: 'checkout:order:99',
    });

    const request = double.lastRequest();
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', idempotencyKey: 'checkout:order:99', stripeAccount: null });
    expect(request.form).toEqual({
      mode: 'payment',
      ui_mode: 'embedded_page',
      return_url: 'https://planns.example/orders/99/return?session={CHECKOUT_SESSION_ID}',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Jazz night',
      'line_items[0][quantity]': '2',
      'line_items[1][price_data][currency]': 'eur',
      'line_items[1][price_data][unit_amount]': '150',
      'line_items[1][price_data][product_data][name]': 'Service fee',
      'line_items[1][quantity]': '1',
      'metadata[planns_kind]': 'tickets',
      'metadata[planns_order_id]': '99',
      'metadata[planns_payee_account]': 'acct_1ActiveOrganiser',
      expires_at: String(expiresAt),
      'payment_intent_data[application_fee_amount]': '150',
      'payment_intent_data[transfer_data][destination]': 'acct_1ActiveOrganiser',
      'payment_intent_data[metadata][planns_kind]': 'tickets',
      'payment_intent_data[metadata][planns_order_id]': '99',
      'payment_intent_data[metadata][planns_payee_account]': 'acct_1ActiveOrganiser',
    });

    expect(session).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: null,
      client_secret: expect.stringMatching(/^cs_test_\w+_secret_\w+$/),
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 5150,
      currency: 'EUR',
      payment_intent: null,
      metadata: { planns_kind: 'tickets', planns_order_id: '99', planns_payee_account: 'acct_1ActiveOrganiser' },
    });
    expect(session.client_secret).toBe(double.get(session.id)?.client_secret);
    expect(double.get(session.id)).toMatchObject({ ui_mode: 'embedded_page', expires_at: expiresAt });
  });

  it('sends a hosted session neither ui_mode nor return_url, and an embedded one neither success_url nor cancel_url', async () => {
    const p = provider();
    const base = {
      lineItems: [{ price_data: { currency: 'USD', unit_amount: 900, product_name: 'Featured listing' }, quantity: 1 }],
      currency: 'USD',
      destinationAccount: null,
      applicationFeeAmount: 0,
      successUrl: 'https://planns.example/ok',
      cancelUrl: 'https://planns.example/cancel',
      returnUrl: 'https://planns.example/return',
      metadata: {},
    };
    const hosted = await p.createCheckoutSession({ ...base, uiMode: 'hosted', idempotencyKey: 'checkout:hosted' });
    let form = double.lastRequest().form;
    expect(form).toMatchObject({ success_url: 'https://planns.example/ok', cancel_url: 'https://planns.example/cancel' });
    expect(form).not.toHaveProperty('ui_mode');
    expect(form).not.toHaveProperty('return_url');
    expect(hosted).toMatchObject({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//), client_secret: null });

    const embedded = await p.createCheckoutSession({ ...base, uiMode: 'embedded', idempotencyKey: 'checkout:embedded' });
    form = double.lastRequest().form;
    expect(form).toMatchObject({ ui_mode: 'embedded_page', return_url: 'https://planns.example/return' });
    expect(form).not.toHaveProperty('success_url');
    expect(form).not.toHaveProperty('cancel_url');
    expect(embedded).toMatchObject({ url: null, client_secret: expect.stringMatching(/_secret_/) });
  });

  it('refuses an embedded session without a return URL before calling Stripe', async () => {
    const err = await failure(
      provider().createCheckoutSession({
        uiMode: 'embedded',
        lineItems: [{ price_data: { currency: 'USD', unit_amount: 900, product_name: 'x' }, quantity: 1 }],
        currency: 'USD',
        destinationAccount: null,
        applicationFeeAmount: 0,
        successUrl: 'https://planns.example/ok',
        metadata: {},
        idempotencyKey: 'checkout:x',
      }),
    );
    expect(err).toMatchObject({ providerCode: 'parameter_missing', statusCode: 400 });
    expect(double.requests).toHaveLength(0);
  });
});

describe('StripePaymentsProvider: expiring a checkout session', () => {
  async function openSession(p: StripePaymentsProvider, key = 'checkout:order:7') {
    return p.createCheckoutSession({
      lineItems: [{ price_data: { currency: 'EUR', unit_amount: 2000, product_name: 'Entry' }, quantity: 1 }],
      currency: 'EUR',
      destinationAccount: null,
      applicationFeeAmount: 0,
      successUrl: 'https://planns.example/ok',
      cancelUrl: 'https://planns.example/cancel',
      metadata: { planns_order_id: '7' },
      idempotencyKey: key,
    });
  }

  it('expires an open session with one POST and answers it expired, no longer payable', async () => {
    const p = provider();
    const session = await openSession(p);
    const sent = double.requests.length;

    const expired = await p.expireCheckoutSession(session.id);
    expect(double.requests.slice(sent).map((r) => [r.method, r.path])).toEqual([['POST', `/v1/checkout/sessions/${session.id}/expire`]]);
    expect(double.lastRequest().form).toEqual({});
    expect(expired).toEqual({ ...session, status: 'expired', url: null });
  });

  it('answers a session already complete as it is (paid, with its payment), reading it after Stripe refuses to expire it', async () => {
    const p = provider();
    const session = await openSession(p);
    const paymentIntent = double.completeCheckoutSession(session.id);
    const sent = double.requests.length;

    const result = await p.expireCheckoutSession(session.id);
    expect(double.requests.slice(sent).map((r) => [r.method, r.path])).toEqual([
      ['POST', `/v1/checkout/sessions/${session.id}/expire`],
      ['GET', `/v1/checkout/sessions/${session.id}`],
    ]);
    expect(result).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, url: null });
  });

  it('answers a session already expired as it is, so expiring twice is fine', async () => {
    const p = provider();
    const session = await openSession(p);
    await p.expireCheckoutSession(session.id);
    expect(await p.expireCheckoutSession(session.id)).toMatchObject({ id: session.id, status: 'expired' });
  });

  it("throws Stripe's refusal when the session is still open after all, and a missing session as resource_missing without reading it", async () => {
    const p = provider();
    const session = await openSession(p);
    double.failNext({ status: 400, type: 'invalid_request_error', message: 'This Checkout Session cannot be expired while a payment is processing.' });
    const refused = await failure(p.expireCheckoutSession(session.id));
    expect(refused).toMatchObject({ statusCode: 400, providerCode: null });
    expect(refused.message).toContain('cannot be expired while a payment is processing');
    expect(double.lastRequest()).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${session.id}` });

    const sent = double.requests.length;
    const missing = await failure(p.expireCheckoutSession('cs_test_nope'));
    expect(missing).toMatchObject({ providerCode: 'resource_missing', statusCode: 404 });
    expect(double.requests.slice(sent).map((r) => r.method)).toEqual(['POST']);
  });
});

describe('StripePaymentsProvider: refunds and receipts', () => {
  async function paidSession(p: StripePaymentsProvider, destination: string | null) {
    const session = await p.createCheckoutSession({
      lineItems: [
        { price_data: { currency: 'EUR', unit_amount: 2500, product_name: 'Jazz night' }, quantity: 2 },
        { price_data: { currency: 'EUR', unit_amount: 150, product_name: 'Service fee' }, quantity: 1 },
      ],
      currency: 'EUR',
      destinationAccount: destination,
      applicationFeeAmount: destination ? 150 : 0,
      successUrl: 'https://planns.example/ok',
      cancelUrl: 'https://planns.example/cancel',
      metadata: { planns_order_id: '99', planns_payee_account: destination ?? '' },
      idempotencyKey: `checkout:${destination ?? 'own'}`,
    });
    return double.completeCheckoutSession(session.id);
  }

  it("refunds a destination charge reversing the organiser's transfer and returning the fee, under the idempotency key", async () => {
    const p = provider();
    double.put(activeAccount());
    const paymentIntent = await paidSession(p, 'acct_1ActiveOrganiser');
    const sent = double.requests.length;

    const refund = await p.refund({ paymentIntent, amount: 2500, idempotencyKey: 'refund:order:99:1', metadata: { planns_order_id: '99', planns_refund_id: '1' } });
    const [read, create] = double.requests.slice(sent);
    expect(double.requests.length - sent).toBe(2);
    expect(read).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${paymentIntent}`, form: {}, query: {} });
    expect(create).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund:order:99:1', stripeAccount: null });
    expect(create!.form).toEqual({
      payment_intent: paymentIntent,
      amount: '2500',
      'metadata[planns_order_id]': '99',
      'metadata[planns_refund_id]': '1',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
    });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), amount: 2500, status: 'succeeded' });
    expect(double.get(refund.id)).toMatchObject({ transfer_reversal: expect.stringMatching(/^trr_/), payment_intent: paymentIntent });

    // The same key again is the same refund: Stripe replays it, nothing is refunded twice.
    const again = await p.refund({ paymentIntent, amount: 2500, idempotencyKey: 'refund:order:99:1', metadata: { planns_order_id: '99', planns_refund_id: '1' } });
    expect(again.id).toBe(refund.id);
    const charge = double.get(double.get(paymentIntent)!.latest_charge as string)!;
    expect(charge).toMatchObject({ amount_refunded: 2500, refunded: false });
  });

  it("refunds a charge on planns' own account with neither reverse_transfer nor refund_application_fee", async () => {
    const p = provider();
    const paymentIntent = await paidSession(p, null);
    const refund = await p.refund({ paymentIntent, amount: 5150, idempotencyKey: 'refund:order:99:1', metadata: { planns_order_id: '99' } });
    expect(double.lastRequest().form).toEqual({ payment_intent: paymentIntent, amount: '5150', 'metadata[planns_order_id]': '99' });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), amount: 5150, status: 'succeeded' });
  });

  it('reverses the transfer of a destination charge that kept no fee, without refund_application_fee', async () => {
    const p = provider();
    double.put(stripePaymentIntent({ id: 'pi_3NoFee', amount: 1000, amount_received: 1000, currency: 'eur', latest_charge: 'ch_3NoFee', transfer_data: { destination: 'acct_1ActiveOrganiser' } }));
    double.put(stripeCharge({ id: 'ch_3NoFee', amount: 1000, amount_captured: 1000, currency: 'eur', payment_intent: 'pi_3NoFee', transfer: 'tr_3NoFee' }));
    await p.refund({ paymentIntent: 'pi_3NoFee', amount: 400, idempotencyKey: 'refund:nofee', metadata: {} });
    expect(double.lastRequest().form).toEqual({ payment_intent: 'pi_3NoFee', amount: '400', reverse_transfer: 'true' });
  });

  it("maps Stripe's refund statuses, reading a missing or unknown one as pending", async () => {
    const p = provider();
    const paymentIntent = await paidSession(p, null);
    const statuses: [string | null, string][] = [
      ['pending', 'pending'],
      ['requires_action', 'requires_action'],
      ['failed', 'failed'],
      ['canceled', 'canceled'],
      [null, 'pending'],
      ['something_new', 'pending'],
    ];
    for (const [i, [given, expected]] of statuses.entries()) {
      double.refundStatus = given;
      const refund = await p.refund({ paymentIntent, amount: 100, idempotencyKey: `refund:status:${i}`, metadata: {} });
      expect(refund.status).toBe(expected);
    }
  });

  it('turns a refund of a charge already refunded into ProviderError charge_already_refunded', async () => {
    const p = provider();
    const paymentIntent = await paidSession(p, null);
    await p.refund({ paymentIntent, amount: 5150, idempotencyKey: 'refund:1', metadata: {} });
    const err = await failure(p.refund({ paymentIntent, amount: 100, idempotencyKey: 'refund:2', metadata: {} }));
    expect(err).toMatchObject({ name: 'ProviderError', providerCode: 'charge_already_refunded', statusCode: 400 });
    expect(err.message).toContain('has already been refunded');
    expectNoSecrets(err);
  });

  it('turns a missing payment into ProviderError resource_missing, and refuses a non-positive or fractional amount before calling Stripe', async () => {
    const p = provider();
    const missing = await failure(p.refund({ paymentIntent: 'pi_3Nope', amount: 100, idempotencyKey: 'refund:nope', metadata: {} }));
    expect(missing).toMatchObject({ providerCode: 'resource_missing', statusCode: 404 });
    expect(double.lastRequest()).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_3Nope' });

    const sent = double.requests.length;
    for (const amount of [0, -5, 2.5]) {
      const err = await failure(p.refund({ paymentIntent: 'pi_3Any', amount, idempotencyKey: 'refund:bad', metadata: {} }));
      expect(err.providerCode).toBe('parameter_invalid_integer');
    }
    expect(double.requests).toHaveLength(sent);
  });

  it("gives the payment's receipt URL from its latest charge, expanded in the same request, and null when there is no charge yet", async () => {
    const p = provider();
    const paymentIntent = await paidSession(p, null);
    const charge = double.get(double.get(paymentIntent)!.latest_charge as string)!;

    expect(await p.receiptUrl(paymentIntent)).toBe(charge.receipt_url);
    expect(charge.receipt_url).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
    expect(double.lastRequest()).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${paymentIntent}`, query: { 'expand[0]': 'latest_charge' } });

    double.put(stripePaymentIntent({ id: 'pi_3Unpaid', status: 'requires_payment_method', latest_charge: null }));
    expect(await p.receiptUrl('pi_3Unpaid')).toBeNull();

    const err = await failure(p.receiptUrl('pi_3Nope'));
    expect(err).toMatchObject({ providerCode: 'resource_missing', statusCode: 404 });
  });
});

describe('StripePaymentsProvider: errors', () => {
  it('turns a 400 invalid_request_error (resource_missing) into ProviderError with code and status', async () => {
    const err = await failure(provider().createPrice({ product: 'prod_Missing', unitAmount: 100, currency: 'EUR', nickname: 'x', ticketTypeId: 1, idempotencyKey: 'price:1' }));
    expect(err.name).toBe('ProviderError');
    expect(err.providerCode).toBe('resource_missing');
    expect(err.statusCode).toBe(400);
    expect(err.message).toContain("No such product: 'prod_Missing'");
    expect(err.cause).toBeUndefined();
    expectNoSecrets(err);
  });

  it('turns a 404 for an unknown session into ProviderError resource_missing 404', async () => {
    const err = await failure(provider().retrieveCheckoutSession('cs_test_nope'));
    expect(err.providerCode).toBe('resource_missing');
    expect(err.statusCode).toBe(404);
  });

  it('turns a 401 (a wrong key) into ProviderError 401 without the key in it, even when Stripe echoes the key', async () => {
    const wrongKey = 'sk_test_51WrongKeyWrongKey0123456789';
    const err = await failure(provider({ secretKey: wrongKey }).retrieveAccount('acct_1ActiveOrganiser'));
    expect(double.lastRequest().authorization).toBe(`Bearer ${wrongKey}`);
    expect(err.statusCode).toBe(401);
    expect(err.message).toContain('Invalid API Key provided');
    expect(err.message).toContain('[redacted]');
    expectNoSecrets(err, wrongKey);
  });

  it('scrubs the secret key from any error message that carries it, and keeps rate limits as 429', async () => {
    double.failNext({ status: 400, type: 'invalid_request_error', code: 'parameter_invalid', message: `The key ${SECRET_KEY} is not allowed to do that` });
    const echoed = await failure(provider().createProduct({ name: 'x', eventId: 1, idempotencyKey: 'product:1' }));
    expect(echoed).toMatchObject({ providerCode: 'parameter_invalid', statusCode: 400 });
    expectNoSecrets(echoed);

    double.failNext({ status: 429, type: 'rate_limit_error', code: 'rate_limit', message: 'Request rate limit exceeded.' });
    const limited = await failure(provider().retrieveAccount('acct_1ActiveOrganiser'));
    expect(limited).toMatchObject({ providerCode: 'rate_limit', statusCode: 429 });
  });

  it('retries a 500 with the same idempotency key, then gives up as ProviderError 500 when retries run out', async () => {
    double.failNext({ status: 500, type: 'api_error', message: 'An unknown error occurred' });
    const product = await provider().createProduct({ name: 'Jazz night', eventId: 7, idempotencyKey: 'product:event:7' });
    expect(product.id).toMatch(/^prod_/);
    expect(double.requests.map((r) => [r.path, r.idempotencyKey])).toEqual([
      ['/v1/products', 'product:event:7'],
      ['/v1/products', 'product:event:7'],
    ]);

    double.failNext({ status: 500, type: 'api_error', message: 'An unknown error occurred' });
    const err = await failure(provider({ maxNetworkRetries: 0 }).createProduct({ name: 'x', eventId: 8, idempotencyKey: 'product:event:8' }));
    expect(err).toMatchObject({ providerCode: null, statusCode: 500 });
  });

  it('turns a refused connection into ProviderError with no status', async () => {
    const gone = new StripeDouble({ secretKey: SECRET_KEY });
    await gone.start();
    const connection = gone.connection;
    await gone.stop();
    const err = await failure(provider({ ...connection, maxNetworkRetries: 0 }).retrieveAccount('acct_1ActiveOrganiser'));
    expect(err.statusCode).toBeNull();
    expect(err.providerCode).toBeNull();
    expect(err.message).toMatch(/connection to Stripe/i);
    expect(err.message).toMatch(/ECONNREFUSED/);
    expectNoSecrets(err);
  });

  it('refuses an empty id without calling Stripe (it would reach another endpoint)', async () => {
    const err = await failure(provider().retrieveAccount(''));
    expect(err).toMatchObject({ providerCode: 'resource_missing', statusCode: 404 });
    expect(double.requests).toHaveLength(0);
  });
});

describe('StripePaymentsProvider: webhooks', () => {
  /** Signs as Stripe does: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">, computed here, not by the SDK. */
  function sign(body: Buffer | string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
    const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  function accountUpdated() {
    const object = activeAccount();
    // Stripe sends the event pretty-printed; the signature is over these exact bytes.
    return Buffer.from(
      JSON.stringify(
        {
          id: 'evt_1AccountUpdated',
          object: 'event',
          account: 'acct_1ActiveOrganiser',
          api_version: STRIPE_API_VERSION,
          created: 1767225700,
          data: { object, previous_attributes: { charges_enabled: false, payouts_enabled: false } },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type: 'account.updated',
        },
        null,
        2,
      ),
    );
  }

  it('accepts a delivery signed with the secret and maps the Connect event, its account and object', () => {
    const body = accountUpdated();
    const event = provider().parseWebhook(body, sign(body, WEBHOOK_SECRET));
    expect(event).toEqual({
      id: 'evt_1AccountUpdated',
      type: 'account.updated',
      created: 1767225700,
      account: 'acct_1ActiveOrganiser',
      data: { object: JSON.parse(body.toString()).data.object },
    });
    expect(accountFromStripeObject(event.data.object)).toMatchObject({ id: 'acct_1ActiveOrganiser', charges_enabled: true, tos_accepted_at: new Date(ACTIVE_TOS * 1000) });
  });

  it("maps a platform event (no account) to account null, its session readable as planns' session", () => {
    const session = stripeCheckoutSession({ id: 'cs_test_done', status: 'complete', payment_status: 'paid', amount_total: 5150, currency: 'eur', payment_intent: 'pi_3Done', url: null, metadata: { kind: 'tickets' } });
    const body = Buffer.from(JSON.stringify({ id: 'evt_1Completed', object: 'event', api_version: STRIPE_API_VERSION, created: 1767225800, data: { object: session }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type: 'checkout.session.completed' }));
    const event = provider().parseWebhook(body, sign(body, WEBHOOK_SECRET));
    expect(event.account).toBeNull();
    expect(event.type).toBe('checkout.session.completed');
    expect(checkoutSessionFromStripeObject(event.data.object)).toEqual({
      id: 'cs_test_done',
      url: null,
      client_secret: null,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 5150,
      currency: 'EUR',
      payment_intent: 'pi_3Done',
      metadata: { kind: 'tickets' },
    });
  });

  it('refuses a wrong signature, a missing or malformed header, a body changed by one byte, and a stale timestamp', () => {
    const p = provider();
    const body = accountUpdated();
    const refuse = (raw: Buffer, header: string | undefined) => {
      let thrown: unknown;
      try {
        p.parseWebhook(raw, header);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(WebhookSignatureError);
      expectNoSecrets(thrown as Error);
    };

    refuse(body, sign(body, 'whsec_SomeoneElsesSecret0123456789'));
    refuse(body, undefined);
    refuse(body, '');
    refuse(body, 'nonsense');
    refuse(body, `t=${Math.floor(Date.now() / 1000)}`);

    const header = sign(body, WEBHOOK_SECRET);
    const tampered = Buffer.from(body);
    const at = tampered.indexOf('"charges_enabled": true');
    expect(at).toBeGreaterThan(0);
    tampered[at + '"charges_enabled": '.length] = 'T'.charCodeAt(0); // one byte: true -> True
    refuse(tampered, header);

    // Stripe's tolerance is 300 s: ten minutes old is a replay; a minute old is fine.
    refuse(body, sign(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600));
    expect(p.parseWebhook(body, sign(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 60)).id).toBe('evt_1AccountUpdated');
  });

  it("accepts either endpoint's secret when given both (the platform's and the Connect endpoint's), and a header carrying several signatures", () => {
    const p = provider({ webhookSecret: [WEBHOOK_SECRET, CONNECT_WEBHOOK_SECRET] });
    const body = accountUpdated();
    expect(p.parseWebhook(body, sign(body, CONNECT_WEBHOOK_SECRET)).type).toBe('account.updated');
    expect(p.parseWebhook(body, sign(body, WEBHOOK_SECRET)).type).toBe('account.updated');

    // While a secret is rolled Stripe signs with the old and the new one: v1=<old>,v1=<new>.
    const t = Math.floor(Date.now() / 1000);
    const withOther = `${sign(body, 'whsec_RetiredSecret0123456789', t)},${sign(body, CONNECT_WEBHOOK_SECRET, t).split(',')[1]}`;
    expect(p.parseWebhook(body, withOther).id).toBe('evt_1AccountUpdated');
    expect(() => provider().parseWebhook(body, sign(body, CONNECT_WEBHOOK_SECRET))).toThrow(WebhookSignatureError);
  });

  it('refuses a correctly signed delivery that is not a Stripe event', () => {
    const body = Buffer.from('{"hello":"world"}');
    expect(() => provider().parseWebhook(body, sign(body, WEBHOOK_SECRET))).toThrow(WebhookSignatureError);
    const notJson = Buffer.from('not json');
    expect(() => provider().parseWebhook(notJson, sign(notJson, WEBHOOK_SECRET))).toThrow(WebhookSignatureError);
  });
});
