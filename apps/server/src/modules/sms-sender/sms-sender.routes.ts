import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import {
  sendSmsBodySchema,
  sendSmsReplySchema,
  smsEventParamsSchema,
  smsEventSearchQuerySchema,
  smsEventSearchReplySchema,
  smsRecipientsQuerySchema,
  smsRecipientsReplySchema,
  smsSendListQuerySchema,
  smsSendListReplySchema,
} from '@planns/shared/sms/sms.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as smsSender from './sms-sender.service.ts';

const tags = ['sms-sender'];
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

/** The moderators' SMS sender (accounts §2 SMS mass sender, §7 Moderator SMS; events §5, §7; decision 0041). */
export const smsSenderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/events/tickets/send-sms/:hash',
    {
      // Per moderator, not per address: a text costs money and reaches people's phones.
      config: { rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: (request) => (request.actor ? `sms-sender:${request.actor.userId}` : request.ip) } },
      schema: {
        tags,
        summary: "Text an event's people (moderators)",
        description:
          "POST events/tickets/send-sms/{hash} {message, phone, type} (events §7): type all, ticket_owners, going, going_doubt, rejected or number (then phone, a valid number; else phone is null). Moderators only. The send is recorded and its texts queued (the provider's pace, SMS_SENDER_PER_MINUTE); data is the list of numbers that will be texted, each once. 422 when the list holds no one with a phone.",
        params: smsEventParamsSchema,
        body: sendSmsBodySchema,
        response: { 200: sendSmsReplySchema, ...errors },
      },
    },
    async (request) => {
      const { numbers, send } = await smsSender.sendSms(deps, requireActor(request), request.params.hash, request.body);
      return { data: numbers, send };
    },
  );

  app.get(
    '/events/tickets/sms-recipients/:hash',
    {
      schema: {
        tags,
        summary: 'How many a send would text (moderators)',
        description: 'GET events/tickets/sms-recipients/{hash}?type=&phone=: the count of numbers the same send would text, shown before sending. Moderators only.',
        params: smsEventParamsSchema,
        querystring: smsRecipientsQuerySchema,
        response: { 200: smsRecipientsReplySchema, ...errors },
      },
    },
    async (request) => ({ data: { count: await smsSender.countRecipients(deps, requireActor(request), request.params.hash, request.query) } }),
  );

  app.get(
    '/sms-sender/sends',
    {
      schema: {
        tags,
        summary: 'Recorded sends (moderators)',
        description: 'GET sms-sender/sends[?event={hash}]: the latest 50 sends, newest first: who sent what to which list of which event, how many numbers, how many texted and refused so far. Moderators only.',
        querystring: smsSendListQuerySchema,
        response: { 200: smsSendListReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await smsSender.listSends(deps, requireActor(request), request.query.event) }),
  );

  app.get(
    '/sms-sender/events',
    {
      schema: {
        tags,
        summary: "The SMS tool's event search (moderators)",
        description: 'GET sms-sender/events?search= (at least 2 characters, accounts §9): up to 20 events whose name, description, venue or address hold every word, private ones too, latest start first. Moderators only.',
        querystring: smsEventSearchQuerySchema,
        response: { 200: smsEventSearchReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await smsSender.searchEvents(deps, requireActor(request), request.query.search) }),
  );
};
