import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { StripeDouble, stripeAccount } from '../src/providers/payments/stripe-double.ts';
import { StripePaymentsProvider } from '../src/providers/payments/stripe-payments.ts';
import { buildUser, createTestApp, nextIp, signIn } from './harness.ts';

/**
 * The app with PAYMENTS_PROVIDER=stripe, its SDK pointed at a local double of Stripe's API:
 * Stripe's webhooks reach the route signed as Stripe signs them (decision 0028).
 */
const SECRET_KEY = 'sk_test_51PlannsWebhookTest0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_PlannsWebhookTest0123456789abcdef';
const double = new StripeDouble({ secretKey: SECRET_KEY });
await double.start();
afterAll(() => double.stop());
const payments = new StripePaymentsProvider({ secretKey: SECRET_KEY, publishableKey: 'pk_test_51PlannsWebhookTest0123456789abcdef', webhookSecret: WEBHOOK_SECRET, ...double.connection });
const ctx = await createTestApp({ payments, env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

function sign(body: string, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

function deliver(event: Record<string, unknown>, signature?: string) {
  const body = JSON.stringify(event, null, 2);
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature ?? sign(body) },
    payload: body,
  });
}

function accountUpdated(id: string, accountId: string, created: number, active: boolean) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    type: 'account.updated',
    created,
    account: accountId,
    livemode: false,
    data: {
      object: stripeAccount({
        id: accountId,
        email: 'olga@example.com',
        details_submitted: active,
        charges_enabled: active,
        payouts_enabled: active,
        tos_acceptance: { date: active ? created : null },
      }),
    },
  };
}

async function organiserWithAccount() {
  const user = await buildUser(db, { name: 'Olga Organiser' });
  const { headers } = await signIn(ctx, user.id);
  const created = await app.inject({ method: 'POST', url: '/api/payments', headers, remoteAddress: nextIp(), payload: { email: 'olga@example.com' } });
  expect(created.statusCode, created.body).toBe(200);
  return { user, headers, accountId: created.json().data as string };
}

const stateOf = (accountId: string) =>
  db.selectFrom('payment_accounts').select(['details_submitted', 'charges_enabled', 'tos_accepted_at']).where('account_id', '=', accountId).executeTakeFirstOrThrow();

describe('Stripe webhooks (PAYMENTS_PROVIDER=stripe, against a double of the API)', () => {
  it('opens the account at Stripe with the controller properties, and account.updated makes it active through the job', async () => {
    const { headers, accountId } = await organiserWithAccount();
    const create = double.requests.find((r) => r.method === 'POST' && r.path === '/v1/accounts');
    expect(create?.form).toMatchObject({ email: 'olga@example.com', 'controller[stripe_dashboard][type]': 'express' });
    expect(create?.idempotencyKey).toMatch(/^planns-account-\d+-0$/);

    const res = await deliver(accountUpdated('evt_active_1', accountId, Math.floor(Date.now() / 1000), true));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    // Answered at once; applied by the job.
    expect((await stateOf(accountId)).charges_enabled).toBe(false);
    await ctx.runDueJobs();
    expect(await stateOf(accountId)).toMatchObject({ details_submitted: true, charges_enabled: true });
    expect((await app.inject({ method: 'GET', url: '/api/user', headers })).json().data.stripe_approved).toBe(true);
  });

  it('answers 400 to a bad signature and records nothing', async () => {
    const { accountId } = await organiserWithAccount();
    const event = accountUpdated('evt_forged', accountId, Math.floor(Date.now() / 1000), true);
    const body = JSON.stringify(event, null, 2);
    for (const signature of [sign(body, 'whsec_SomeoneElse0123456789'), sign(`${body} `), 't=1,v1=00', sign(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)]) {
      const res = await app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: body });
      expect(res.statusCode).toBe(400);
    }
    const missing = await app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload: body });
    expect(missing.statusCode).toBe(400);
    await ctx.runDueJobs();
    expect(await db.selectFrom('payment_events').select('id').where('id', '=', 'evt_forged').execute()).toEqual([]);
    expect((await stateOf(accountId)).charges_enabled).toBe(false);
  });

  it('a replayed event has no second effect, and an older report arriving late changes nothing', async () => {
    const { accountId } = await organiserWithAccount();
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(accountUpdated('evt_on', accountId, now, true))).statusCode).toBe(200);
    await ctx.runDueJobs();
    expect((await stateOf(accountId)).charges_enabled).toBe(true);

    // The organiser's account is changed meanwhile (here: by hand); the same event again must not undo it.
    await db.updateTable('payment_accounts').set({ charges_enabled: false }).where('account_id', '=', accountId).execute();
    expect((await deliver(accountUpdated('evt_on', accountId, now, true))).statusCode).toBe(200);
    await ctx.runDueJobs();
    expect((await stateOf(accountId)).charges_enabled).toBe(false);
    expect(await db.selectFrom('payment_events').select('id').where('id', '=', 'evt_on').execute()).toHaveLength(1);
    await db.updateTable('payment_accounts').set({ charges_enabled: true }).where('account_id', '=', accountId).execute();

    // An event from before the one applied (Stripe does not promise order) is recorded, not applied.
    expect((await deliver(accountUpdated('evt_old', accountId, now - 60, false))).statusCode).toBe(200);
    await ctx.runDueJobs();
    expect((await stateOf(accountId)).charges_enabled).toBe(true);
    const old = await db.selectFrom('payment_events').select('processed_at').where('id', '=', 'evt_old').executeTakeFirstOrThrow();
    expect(old.processed_at).not.toBeNull();
  });

  it('processes one event once when its job runs twice at the same time', async () => {
    const { accountId } = await organiserWithAccount();
    expect((await deliver(accountUpdated('evt_twice', accountId, Math.floor(Date.now() / 1000), true))).statusCode).toBe(200);
    const { processProviderEvent } = await import('../src/modules/payments/payments.service.ts');
    const results = await Promise.all([processProviderEvent(ctx.deps, 'evt_twice'), processProviderEvent(ctx.deps, 'evt_twice')]);
    expect(results.sort()).toEqual(['already', 'applied']);
  });
});
