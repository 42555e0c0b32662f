import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import {
  eventIdParamsSchema,
  giftTicketsBodySchema,
  issueTicketsBodySchema,
  ticketCheckReplySchema,
  ticketCodeParamsSchema,
  ticketListReplySchema,
  ticketReplySchema,
} from '@planns/shared/tickets/tickets.schemas';
import { TICKET_ISSUE_MESSAGES } from '@planns/shared/tickets/tickets.rules';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as tickets from './tickets.service.ts';

const tags = ['tickets'];
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };
const ticketIdParamsSchema = z.object({ ticketId: idParamsSchema.shape.id });
const hashParamsSchema = z.object({ hash: z.string().max(40) });

/** Tickets (accounts §7 Tickets; events §7 tickets calls). */
export const ticketsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; onChange: () => void }> = async (app, { deps, onChange }) => {
  app.get(
    '/tickets',
    { schema: { tags, summary: 'My tickets', description: 'GET tickets: the signed-in person’s tickets (accounts §2 My tickets).', response: { 200: ticketListReplySchema, ...errors } } },
    async (request) => ({ data: await tickets.myTickets(deps, requireActor(request)) }),
  );

  app.get(
    '/tickets/event/:id',
    {
      schema: {
        tags,
        summary: "An event's tickets",
        description: 'GET tickets/event/{id}: every ticket of the event for its owner and moderators; the caller’s own for anyone else who sees the event.',
        params: idParamsSchema,
        response: { 200: ticketListReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await tickets.eventTickets(deps, requireActor(request), request.params.id) }),
  );

  app.get(
    '/tickets/:code',
    {
      // Codes cannot be guessed (80 bits) nor listed, and unknown codes answer like any other: the
      // limit per address only curbs floods. It allows several scanners at one door behind one
      // venue network (two a second in all).
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Check a ticket',
        description:
          'GET tickets/{code} (/check-ticket/{code}): state valid, used, refunded or not_found (an unknown code answers 200 with not_found, like any other). The details only for the holder, the event’s owner, moderators and people on the event’s lists; can_validate for the owner and moderators. Signed out: the state only.',
        security: [],
        params: ticketCodeParamsSchema,
        response: { 200: ticketCheckReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await tickets.checkTicket(deps, request.actor, request.params.code) }),
  );

  app.post(
    '/tickets/validate/:ticketId',
    {
      schema: {
        tags,
        summary: 'Mark a ticket used',
        description: 'POST tickets/validate/{id}: the event’s owner or a moderator marks it used. Of two at once, one succeeds; the other gets 409 with when and by whom.',
        params: ticketIdParamsSchema,
        response: { 200: ticketReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await tickets.markUsed(deps, requireActor(request), request.params.ticketId) }),
  );

  app.post(
    '/tickets/invalidate/:ticketId',
    {
      schema: {
        tags,
        summary: 'Mark a ticket not used',
        description: 'POST tickets/invalidate/{id}: the event’s owner or a moderator marks it not used (it admits again).',
        params: ticketIdParamsSchema,
        response: { 200: ticketReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await tickets.markUnused(deps, requireActor(request), request.params.ticketId) }),
  );

  app.post(
    '/tickets',
    {
      schema: {
        tags,
        summary: 'Give tickets to a guest (organiser)',
        description: `POST tickets {user_id, event_id, amount} (events §7): the event's owner or a moderator gives free tickets to a going or interested guest; they count against the event's capacity when it is paid; the guest is texted. Answers {data: tickets, message: '${TICKET_ISSUE_MESSAGES.created}'}.`,
        body: issueTicketsBodySchema,
        response: { 200: ticketListReplySchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const data = await tickets.issueTickets(deps, requireActor(request), { eventId: body.event_id, userId: body.user_id, amount: body.amount, ticketTypeId: body.ticket_type_id, kind: 'issued', seats: body.seats });
      onChange();
      return { data, message: TICKET_ISSUE_MESSAGES.created };
    },
  );

  app.post(
    '/tickets/gift/:event_id',
    {
      schema: {
        tags,
        summary: 'Gift tickets (organiser)',
        description: 'POST tickets/gift/{event_id} {user_id, tickets} (accounts §4 Gifting): the event’s owner or a moderator gives tickets (one per seat selection, or a number) to another person. On a seated event the list names the seats (each ticket on its seat, sold at once; 409 seat_taken naming a seat someone has); elsewhere it gives that many tickets.',
        params: eventIdParamsSchema,
        body: giftTicketsBodySchema,
        response: { 200: ticketListReplySchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const amount = Array.isArray(body.tickets) ? body.tickets.length : body.tickets;
      const data = await tickets.issueTickets(deps, requireActor(request), {
        eventId: request.params.event_id,
        userId: body.user_id,
        amount,
        ticketTypeId: body.ticket_type_id,
        kind: 'gift',
        ...(Array.isArray(body.tickets) ? { seats: body.tickets } : {}),
      });
      onChange();
      return { data };
    },
  );

  app.get(
    '/tickets/export/:hash',
    {
      schema: {
        tags,
        summary: 'Ticket report (CSV)',
        description: 'GET tickets/export/{event hash}: the event’s tickets as CSV (code, type, holder, kind, price, currency, status, used_at, issued_at) for its owner and moderators; cells a spreadsheet would run as formulas are escaped. Also at /tickets/export/{hash} (the spec’s link).',
        params: hashParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await tickets.exportTickets(deps, requireActor(request), request.params.hash);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`).header('cache-control', 'private, no-store').send(csv);
    },
  );
};
