import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { checkoutSessionParamsSchema, checkoutSessionReplySchema, embedQuerySchema, embedReplySchema, eventIdParamsSchema } from '@planns/shared/payments/payments.schemas';
import { orderIdParamsSchema, purchaseListReplySchema, refundBodySchema, refundReplySchema } from '@planns/shared/tickets/tickets.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as orders from './orders.service.ts';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema };

/** Checkout, purchases and refunds (events §7 payments/embed and payments/session; accounts §7 purchases). */
export const ordersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; onChange: () => void }> = async (app, { deps, onChange }) => {
  app.get(
    '/payments/embed/:eventId',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['checkout'],
        summary: 'Open a checkout (hold the tickets)',
        description:
          'GET payments/embed/{eventId} (events §7): single price: quantity, price, fee, current_session; ticket types: current_session and ticket_selections[i][type], ticket_selections[i][quantity]. ' +
          'Holds the tickets for HOLD_MINUTES (30) and opens the embedded checkout: data {client_secret, id, order_id, amount, hold_expires_at}. The server computes the amounts (fee: PLATFORM_FEE_PERCENT of the total); ' +
          'a price or fee given that differs answers 409 price_changed with the current ones; 409 sold_out when the event or a type has too few left; 409 payment_account_required when tickets are not on sale. ' +
          'The same current_session answers the same open checkout while the selection is the same.',
        params: eventIdParamsSchema,
        querystring: embedQuerySchema,
        response: { 200: embedReplySchema, ...errors },
      },
    },
    async (request) => {
      const data = await orders.openCheckout(deps, requireActor(request), request.params.eventId, request.query);
      onChange();
      return { data };
    },
  );

  app.get(
    '/payments/session/:sessionId',
    {
      schema: {
        tags: ['checkout'],
        summary: "A checkout's state",
        description:
          "GET payments/session/{sessionId}: open, complete or expired, and the order's state with its tickets. A paid session is fulfilled here if the provider's webhook has not done it yet (exactly once either way). The buyer, the event's owner or a moderator.",
        params: checkoutSessionParamsSchema,
        response: { 200: checkoutSessionReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await orders.checkoutStatus(deps, requireActor(request), request.params.sessionId) }),
  );

  app.post(
    '/orders/:id/refund',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['checkout'],
        summary: 'Refund an order or some of its tickets',
        description:
          "POST orders/{id}/refund {ticket_ids?} (planns' addition): the event's owner or a moderator gives back the whole order, or the listed tickets (their prices and their share of the service fee). " +
          'The tickets become refunded and their places return; the buyer is texted. 409 unless the order is paid.',
        params: orderIdParamsSchema,
        body: refundBodySchema,
        response: { 200: refundReplySchema, ...errors },
      },
    },
    async (request) => {
      const data = await orders.refundOrder(deps, requireActor(request), request.params.id, request.body.ticket_ids);
      onChange();
      return { data };
    },
  );

  app.get(
    '/purchases/history',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Purchase History',
        description: 'GET purchases/history (accounts §7): what the signed-in person bought, newest first, with lines, tickets, fee, total, refunds and the receipt link.',
        response: { 200: purchaseListReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await orders.purchaseHistory(deps, requireActor(request)) }),
  );

  for (const path of ['/purchases/recieved', '/purchases/received']) {
    app.get(
      path,
      {
        schema: {
          tags: ['checkout'],
          summary: 'Payments Received',
          description: `GET ${path.slice(1)} (accounts §7, spelled as the spec's client calls it${path.endsWith('received') ? '; this spelling too' : ''}): the paid orders of the signed-in person's events, newest first, with the fee planns kept.`,
          response: { 200: purchaseListReplySchema, ...errors },
        },
      },
      async (request) => ({ data: await orders.paymentsReceived(deps, requireActor(request)) }),
    );
  }
};
