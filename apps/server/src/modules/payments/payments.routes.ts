import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import { PAYMENT_MESSAGES } from '@planns/shared/payments/payments.rules';
import {
  accountIdReplySchema,
  createPaymentAccountBodySchema,
  disconnectReplySchema,
  eventIdParamsSchema,
  eventRefReplySchema,
  linkReplySchema,
  loginUrlQuerySchema,
  makePaymentQuerySchema,
  makePaymentReplySchema,
  paymentAccountReplySchema,
  paymentListReplySchema,
  paymentProductReplySchema,
  userIdParamsSchema,
} from '@planns/shared/payments/payments.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as accounts from './payment-accounts.service.ts';
import * as payments from './payments.service.ts';

const tags = ['payments'];
const errors = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
};
/** Calls that make objects at the payment provider: a tighter per-client limit. */
const providerRateLimit = { max: 30, timeWindow: '1 minute' };

/**
 * The payout account and an event's payment setup (accounts §7 Payout account; events §7). Every
 * account call acts on the caller's own account: no one reaches another person's.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; onChange: () => void }> = async (app, { deps, onChange }) => {
  app.post(
    '/payments',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Open a payout account',
        description:
          "POST payments {email}: opens the caller's connected account at the payment provider (accounts §4: none -> created); data is its id. " +
          "409 when the caller already has one. A bad email: 422 'Please enter a valid email address'.",
        body: createPaymentAccountBodySchema,
        response: { 200: accountIdReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await accounts.createAccount(deps, requireActor(request), request.body.email) }),
  );

  app.get(
    '/payments/info',
    {
      schema: {
        tags,
        summary: 'The payout account',
        description:
          "GET payments/info: the caller's account as the provider describes it (accounts §3), with status created, inactive or active. 404: no account (accounts §8).",
        response: { 200: paymentAccountReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await accounts.getAccount(deps, requireActor(request)) }),
  );

  app.get(
    '/payments/url',
    {
      config: { rateLimit: providerRateLimit },
      schema: {
        tags,
        summary: 'Verification link',
        description:
          "GET payments/url: a fresh single-use link to the provider's hosted onboarding, which returns to /stripe_registered. 404: no account.",
        response: { 200: linkReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await accounts.onboardingUrl(deps, requireActor(request)) }),
  );

  app.get(
    '/payments/login-url',
    {
      config: { rateLimit: providerRateLimit },
      schema: {
        tags,
        summary: 'Dashboard link',
        description:
          "GET payments/login-url?redirect_url=: a link to the account's dashboard at the provider. redirect_url (optional) must be on planns' own site " +
          '(422 otherwise). 404: no account; 409 payment_account_required: onboarding not submitted yet.',
        querystring: loginUrlQuerySchema,
        response: { 200: linkReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await accounts.dashboardUrl(deps, requireActor(request), request.query.redirect_url) }),
  );

  app.delete(
    '/payments/disconnect',
    {
      schema: {
        tags,
        summary: 'Disconnect the payout account',
        description:
          'DELETE payments/disconnect: the account goes back to none and, in the same transaction, the paid events it sold become free (accounts §4). ' +
          "Tickets already sold stay valid. 404 'No Stripe account found to disconnect'.",
        response: { 200: disconnectReplySchema, ...errors },
      },
    },
    async (request) => {
      const { converted } = await payments.disconnect(deps, requireActor(request));
      onChange();
      return { data: { ok: true as const, converted_events: converted }, message: PAYMENT_MESSAGES.disconnected };
    },
  );

  app.post(
    '/payments/create-product/:id',
    {
      config: { rateLimit: providerRateLimit },
      schema: {
        tags,
        summary: "Create the event's payment product",
        description:
          "POST payments/create-product/{id} (events §4 create and update): the event's product at the provider and a price for each ticket type that has none; " +
          'safe to repeat. The owner or a moderator; 409 when the event is free.',
        params: idParamsSchema,
        response: { 200: paymentProductReplySchema, ...errors },
      },
    },
    async (request) => {
      const product = await payments.syncProduct(deps, requireActor(request), request.params.id);
      onChange();
      return { data: product };
    },
  );

  app.post(
    '/payments/use-planns-stripe/:eventId',
    {
      schema: {
        tags,
        summary: "Sell through planns' own account",
        description:
          "POST payments/use-planns-stripe/{eventId} (events §7 use-{product}-stripe), empty body: planns' own account sells the event's tickets. " +
          'Moderators only (decision 0028). Answers the event id and hash.',
        params: eventIdParamsSchema,
        response: { 200: eventRefReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await payments.choosePaymentMode(deps, requireActor(request), request.params.eventId, 'planns');
      onChange();
      return { data: result };
    },
  );

  app.post(
    '/payments/use-own-stripe/:eventId',
    {
      schema: {
        tags,
        summary: "Sell through the organiser's payout account",
        description:
          "POST payments/use-own-stripe/{eventId}, empty body (planns' addition, the setup panel's 'use my payout account'): the organiser's account sells the tickets, once it is active. " +
          'The owner or a moderator. Answers the event id and hash.',
        params: eventIdParamsSchema,
        response: { 200: eventRefReplySchema, ...errors },
      },
    },
    async (request) => {
      const result = await payments.choosePaymentMode(deps, requireActor(request), request.params.eventId, 'own');
      onChange();
      return { data: result };
    },
  );

  app.get(
    '/payments/:userId/payments',
    {
      schema: {
        tags,
        summary: 'Payments received',
        description:
          'GET payments/{userId}/payments: the payments the person received (accounts §3 Payment: amount, application_fee_amount, currency, created in Unix seconds, status), newest first. ' +
          'Your own only (403 for anyone else).',
        params: userIdParamsSchema,
        response: { 200: paymentListReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await payments.listPayments(deps, requireActor(request), request.params.userId) }),
  );

  app.get(
    '/payments/make-payment/:eventId',
    {
      config: { rateLimit: providerRateLimit },
      schema: {
        tags,
        summary: 'A test payment (older screen)',
        description:
          "GET payments/make-payment/{eventId}?quantity&price&fee (accounts §7): a hosted checkout of the event's ticket (ticket_type_id, default the first) for its owner or a moderator, " +
          'through the account that sells it; data is the page to open. The server computes the amounts (the fee is PLATFORM_FEE_PERCENT of the total); ' +
          'a price or fee given that differs answers 409 price_changed with the current ones in fields.',
        params: eventIdParamsSchema,
        querystring: makePaymentQuerySchema,
        response: { 200: makePaymentReplySchema, ...errors },
      },
    },
    async (request) => {
      const { url, amount } = await payments.makeTestPayment(deps, requireActor(request), request.params.eventId, request.query);
      return { data: url, amount };
    },
  );
};
