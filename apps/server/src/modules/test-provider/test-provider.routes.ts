import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import {
  accountIdParamsSchema,
  checkoutPageReplySchema,
  dashboardPageReplySchema,
  linkIdParamsSchema,
  onboardBodySchema,
  onboardingPageReplySchema,
  onboardReplySchema,
  payBodySchema,
  payReplySchema,
  paymentIntentParamsSchema,
  receiptPageReplySchema,
  sessionIdParamsSchema,
} from '@planns/shared/payments/payments.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import type { TestPaymentsProvider } from '../../providers/payments/test-payments.ts';
import * as testProvider from './test-provider.service.ts';

const tags = ['test-provider'];
const errors = { 401: errorBodySchema, 402: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };
const note = 'Only with PAYMENTS_PROVIDER=test (planns playing the payment provider; decision 0028).';

/**
 * The test provider's pages and scripted calls, registered only when PAYMENTS_PROVIDER=test. The
 * hosted pages' links and the checkout session ids are the secrets that open them, as Stripe's
 * are; the scripted onboarding is for the account's owner.
 */
export const testProviderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; provider: TestPaymentsProvider; onChange: () => void }> = async (
  app,
  { deps, provider, onChange },
) => {
  app.get(
    '/test-provider/onboarding/:linkId',
    {
      schema: {
        tags,
        summary: 'Hosted onboarding: the account behind a link',
        description: `What the hosted onboarding page (/test-provider/onboarding/{linkId}) shows. 404 when the link expired (10 minutes) or is unknown. ${note}`,
        security: [],
        params: linkIdParamsSchema,
        response: { 200: onboardingPageReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await testProvider.onboardingPage(provider, request.params.linkId) }),
  );

  app.post(
    '/test-provider/onboarding/:linkId',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Hosted onboarding: submit',
        description:
          'The hosted onboarding form {business_type, first_name, last_name, country, default_currency, accept_terms}: details submitted (inactive), then, ' +
          `with the terms accepted, charges and payouts enabled (active), each reported as account.updated and applied as Stripe's webhooks are. ${note}`,
        security: [],
        params: linkIdParamsSchema,
        body: onboardBodySchema,
        response: { 200: onboardReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await testProvider.submitOnboarding(deps, provider, request.params.linkId, request.body);
      onChange();
      return { data: result };
    },
  );

  app.post(
    '/test-provider/accounts/:accountId/onboard',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Complete onboarding (scripted tests)',
        description:
          'POST test-provider/accounts/{accountId}/onboard {business_type, first_name, last_name, country, default_currency, accept_terms}: what the hosted onboarding page does, ' +
          `for the signed-in owner of the account (404 for anyone else). Answers the account as GET payments/info does. ${note}`,
        params: accountIdParamsSchema,
        body: onboardBodySchema,
        response: { 200: onboardReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await testProvider.onboardOwnAccount(deps, provider, requireActor(request), request.params.accountId, request.body);
      onChange();
      return { data: result };
    },
  );

  app.get(
    '/test-provider/dashboard/:linkId',
    {
      schema: {
        tags,
        summary: "Hosted dashboard: the account's balance and payments",
        description: `What the dashboard page (/test-provider/dashboard/{linkId}) shows; the link works for an hour. ${note}`,
        security: [],
        params: linkIdParamsSchema,
        response: { 200: dashboardPageReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await testProvider.dashboardPage(provider, request.params.linkId) }),
  );

  app.get(
    '/test-provider/checkout/:sessionId',
    {
      schema: {
        tags,
        summary: 'Hosted checkout: the session',
        description: `What the card form (/test-provider/checkout/{sessionId}) shows: the lines, the total, who is paid. ${note}`,
        security: [],
        params: sessionIdParamsSchema,
        response: { 200: checkoutPageReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await testProvider.checkoutPage(deps, provider, request.params.sessionId) }),
  );

  app.get(
    '/test-provider/receipts/:paymentIntentId',
    {
      schema: {
        tags,
        summary: "A payment's receipt",
        description: `What the receipt page (/test-provider/receipts/{paymentIntentId}, the receipt link of a purchase) shows: the amount, what was refunded, who was paid. ${note}`,
        security: [],
        params: paymentIntentParamsSchema,
        response: { 200: receiptPageReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await testProvider.receiptPage(deps, provider, request.params.paymentIntentId) }),
  );

  app.post(
    '/test-provider/checkout/:sessionId/pay',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Pay a checkout with a card',
        description:
          "POST test-provider/checkout/{sessionId}/pay {card_number, exp_month, exp_year, cvc} with Stripe's test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; " +
          '4000 0000 0000 9995 has insufficient funds; a past expiry or a malformed CVC is refused (402 card_declined with the message). A paid or expired session: 409 checkout_closed. ' +
          `A payment completes the session once (checkout.session.completed, applied as Stripe's webhook is). ${note}`,
        security: [],
        params: sessionIdParamsSchema,
        body: payBodySchema,
        response: { 200: payReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await testProvider.pay(deps, provider, request.params.sessionId, request.body) }),
  );
};
