import { CARD_MESSAGES } from '@planns/shared/payments/payments.rules';
import type { OnboardBody, PayBody, PaymentAccount } from '@planns/shared/payments/payments.schemas';
import type { Currency } from '@planns/shared/money/money.rules';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { balancesOf, type TestPaymentsProvider } from '../../providers/payments/test-payments.ts';
import * as accounts from '../payments/payment-accounts.service.ts';
import * as payments from '../payments/payments.service.ts';

/**
 * The test provider's hosted pages and scripted calls (PAYMENTS_PROVIDER=test, decision 0028):
 * onboarding, the dashboard and the card form, as Stripe's pages would be. Their state changes
 * come out of the provider as Stripe-shaped events and are applied by the same code as Stripe's
 * webhooks (payments.applyTestProviderEvents).
 */

const linkGone = () => notFound('This link has expired or does not exist');

/** The onboarding page behind a link (the link is the secret, as Stripe's are). */
export async function onboardingPage(provider: TestPaymentsProvider, linkId: string) {
  const found = await provider.onboardingLink(linkId);
  if (!found) throw linkGone();
  const { link, account } = found;
  return {
    account_id: account.id,
    email: account.email ?? '',
    business_type: account.business_type,
    first_name: account.individual.first_name,
    last_name: account.individual.last_name,
    country: account.country,
    default_currency: account.default_currency ? account.default_currency.toUpperCase() : null,
    details_submitted: account.details_submitted,
    tos_accepted: account.tos_acceptance.date !== null,
    return_url: link.return_url ?? '',
    refresh_url: link.refresh_url ?? '',
    expires_at: link.expires_at,
  };
}

async function onboardAccount(deps: AppDeps, provider: TestPaymentsProvider, accountId: string, body: OnboardBody): Promise<PaymentAccount> {
  const { events } = await provider.onboard(accountId, body);
  await payments.applyTestProviderEvents(deps, events);
  const account = await accounts.accountOfProviderId(deps.db, 'test', accountId);
  if (!account) throw notFound('No such account');
  return account;
}

/** The hosted onboarding form, submitted through its link. */
export async function submitOnboarding(deps: AppDeps, provider: TestPaymentsProvider, linkId: string, body: OnboardBody) {
  const found = await provider.onboardingLink(linkId);
  if (!found) throw linkGone();
  return { account: await onboardAccount(deps, provider, found.account.id, body), return_url: found.link.return_url ?? null };
}

/**
 * POST test-provider/accounts/{accountId}/onboard: the same completion for scripted tests, by the
 * account's owner (signed in); anyone else is told there is no such account.
 */
export async function onboardOwnAccount(deps: AppDeps, provider: TestPaymentsProvider, actor: Actor, accountId: string, body: OnboardBody) {
  const owner = await accounts.ownerOfProviderAccount(deps.db, 'test', accountId);
  if (owner !== actor.userId) throw notFound('No such account');
  return { account: await onboardAccount(deps, provider, accountId, body), return_url: null };
}

/** The dashboard behind a login link: the account, its balance and payments. */
export async function dashboardPage(provider: TestPaymentsProvider, linkId: string) {
  const found = await provider.dashboard(linkId);
  if (!found) throw linkGone();
  const { link, account, payments: intents } = found;
  const name = [account.individual.first_name, account.individual.last_name].filter(Boolean).join(' ');
  return {
    account_id: account.id,
    email: account.email ?? '',
    business_name: name || null,
    balances: balancesOf(intents).map((b) => ({ currency: b.currency as Currency, available: b.available })),
    payments: intents.map((p) => ({
      id: p.id,
      amount: p.amount,
      application_fee_amount: p.application_fee_amount,
      net: p.amount - p.application_fee_amount,
      currency: p.currency.toUpperCase() as Currency,
      created: p.created,
      status: p.status,
      description: p.description,
    })),
    redirect_url: link.redirect_url ?? null,
  };
}

/** The card form's view of a checkout session (its id is the secret, as Stripe's are). */
export async function checkoutPage(deps: AppDeps, provider: TestPaymentsProvider, sessionId: string) {
  const session = await provider.checkoutSession(sessionId);
  if (!session) throw notFound('No such checkout session');
  const destination = session.payment_intent_data.transfer_data?.destination ?? null;
  return {
    id: session.id,
    status: session.status,
    payment_status: session.payment_status,
    currency: session.currency.toUpperCase() as Currency,
    amount_total: session.amount_total,
    line_items: session.line_items.map((l) => ({ description: l.description, quantity: l.quantity, unit_amount: l.unit_amount, amount_total: l.amount_total })),
    pays_to: destination ? await accounts.displayNameOfProviderAccount(deps.db, 'test', destination) : 'planns',
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    expires_at: session.expires_at,
  };
}

/**
 * POST test-provider/checkout/{sessionId}/pay: pays with a card as the hosted form does. A refused
 * card answers 402 card_declined with the provider's message; a session already paid or expired
 * answers 409 checkout_closed; a payment completes the session once and its event is applied.
 */
export async function pay(deps: AppDeps, provider: TestPaymentsProvider, sessionId: string, body: PayBody) {
  const result = await provider.pay(sessionId, { number: body.card_number, exp_month: body.exp_month, exp_year: body.exp_year, cvc: body.cvc });
  if (!result.ok) {
    if (result.outcome === 'missing') throw notFound('No such checkout session');
    if (result.outcome === 'closed') {
      throw new AppError('checkout_closed', result.session.status === 'complete' ? 'This checkout is already paid' : 'This checkout has expired');
    }
    const field = result.outcome === 'incorrect_cvc' ? 'cvc' : result.outcome === 'expired_card' ? 'exp_month' : 'card_number';
    throw new AppError('card_declined', CARD_MESSAGES[result.outcome], { [field]: CARD_MESSAGES[result.outcome], decline_code: result.outcome });
  }
  await payments.applyTestProviderEvents(deps, result.events);
  return { status: 'complete' as const, payment_intent: result.paymentIntent.id, redirect_url: result.session.success_url ?? result.session.return_url };
}

/** A payment's receipt (its id is the secret, as Stripe's receipt links are). */
export async function receiptPage(deps: AppDeps, provider: TestPaymentsProvider, paymentIntentId: string) {
  const found = await provider.receipt(paymentIntentId);
  if (!found) throw notFound('No such payment');
  const { intent, refunds } = found;
  const destination = intent.transfer_data?.destination ?? null;
  return {
    id: intent.id,
    amount: intent.amount,
    amount_refunded: intent.amount_refunded ?? 0,
    currency: intent.currency.toUpperCase() as Currency,
    created: intent.created,
    description: intent.description,
    pays_to: destination ? await accounts.displayNameOfProviderAccount(deps.db, 'test', destination) : 'planns',
    refunds: refunds.map((r) => ({ id: r.id, amount: r.amount, created: r.created })),
  };
}
