import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { WebhookSignatureError } from '../../providers/payments/payments-provider.ts';
import * as payments from './payments.service.ts';

/** Stripe's events are small; a generous bound still refuses a flood. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST payments/webhook: the payment provider's signed events (Stripe's webhook endpoint). In its
 * own scope, where the body stays the raw bytes the signature covers. It verifies the signature
 * (400 and nothing recorded when it fails), records the event and queues its processing in one
 * transaction, and answers at once; a replayed event is recorded no second time (decision 0028).
 */
export const paymentsWebhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: "The payment provider's events (webhook)",
        description:
          "POST payments/webhook: Stripe's webhook endpoint (PAYMENTS_PROVIDER=stripe). The raw JSON event with its Stripe-Signature header, checked against " +
          'STRIPE_WEBHOOK_SECRET; 400 when it does not verify. Handles account.updated and checkout.session.completed (others are recorded). ' +
          'The test provider sends none (its events are applied where they happen): every delivery there is a 400.',
        security: [],
        response: { 200: z.object({ received: z.literal(true) }), 400: errorBodySchema, 413: errorBodySchema },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = deps.payments.parseWebhook(body, typeof signature === 'string' ? signature : undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw new AppError('bad_request', 'The signature does not verify', { 'stripe-signature': err.message });
        throw new AppError('bad_request', 'Not an event of the payment provider');
      }
      await payments.receiveProviderEvents(deps, deps.payments.name, [event]);
      return { received: true as const };
    },
  );
};
