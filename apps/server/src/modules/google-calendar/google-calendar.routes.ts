import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  googleCalendarAddBodySchema,
  googleCalendarEventParamsSchema,
  googleCalendarStatusReplySchema,
  googleCallbackQuerySchema,
} from '@planns/shared/calendar/google-calendar.schemas';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { okSchema } from '@planns/shared/http/envelope';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import { CALLBACK_PAGE_CSP, callbackPage } from './callback-page.ts';
import * as google from './google-calendar.service.ts';

const tags = ['calendar'];
const errors = { 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 502: errorBodySchema };
const onlyGoogle = 'Only with CALENDAR_PROVIDER=google: otherwise a 409 (decision 0043).';

export const googleCalendarRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/google/authorize',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Connect Google Calendar (the window)',
        description:
          "The spec's window to /google/authorize (500x600), opened by the signed-in web app: it carries the session cookie, so no token or origin in the address. " +
          'Redirects to Google’s consent screen (authorization code with PKCE S256 and a one-time state; scopes openid email calendar.events). ' +
          onlyGoogle,
        response: { 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const url = await google.startAuthorization(deps, requireActor(request));
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.get(
    '/google/callback',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Google’s answer (the OAuth redirect URI)',
        description:
          'Where Google sends the window back: the state must be one the same signed-in person started; the code is exchanged with its PKCE verifier and the tokens kept encrypted. ' +
          'An HTML page that posts {status, email} (never a token) to the opener, to the app’s own origin only, and closes.',
        querystring: googleCallbackQuerySchema,
        response: { 200: z.string().describe('text/html'), 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await google.completeAuthorization(deps, request.actor ?? null, request.query, (err) => request.log.warn({ err }, 'google calendar connection failed'));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', CALLBACK_PAGE_CSP)
        .header('referrer-policy', 'no-referrer')
        .send(callbackPage(result, deps.config.publicUrl.origin));
    },
  );

  app.get(
    '/google-calendar/event/:eventId',
    {
      schema: {
        tags,
        summary: 'The event in my Google Calendar?',
        description: 'The calendar block’s state: the connected account’s email (null when not connected) and has_google_calendar for this event. An event the caller may not see is a 404. ' + onlyGoogle,
        params: googleCalendarEventParamsSchema,
        response: { 200: googleCalendarStatusReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await google.getStatus(deps, requireActor(request), request.params.eventId) }),
  );

  app.post(
    '/google-calendar/add-event',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Add the event to my Google Calendar',
        description:
          'POST google-calendar/add-event {id}: the event into the connected account’s primary calendar, or its entry there brought up to date; for an event the caller may see (404 otherwise). ' +
          'Not connected: 409. Google unreachable or refusing: 502 provider_unavailable; the connection revoked at Google: 409 (connect again). ' +
          onlyGoogle,
        body: googleCalendarAddBodySchema,
        response: { 200: googleCalendarStatusReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await google.addEvent(deps, requireActor(request), request.body.id) }),
  );

  app.delete(
    '/google-calendar/event/:eventId',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Delete the event from my Google Calendar',
        description: 'DELETE google-calendar/event/{eventId}: the entry planns added is deleted from the calendar (one already deleted there counts as deleted). Not added: 404. ' + onlyGoogle,
        params: googleCalendarEventParamsSchema,
        response: { 200: googleCalendarStatusReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await google.removeEvent(deps, requireActor(request), request.params.eventId) }),
  );

  app.post(
    '/google/logout',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Disconnect Google Calendar',
        description:
          'POST google/logout: the grant revoked at Google, then the tokens and the ids of the entries forgotten (the entries stay in the calendar). Not connected: nothing to do. ' +
          'Google unreachable: 502, the connection kept. ' +
          onlyGoogle,
        response: { 200: okSchema, 401: errorBodySchema, 409: errorBodySchema, 502: errorBodySchema },
      },
    },
    async (request) => {
      await google.logout(deps, requireActor(request));
      return { data: { ok: true as const } };
    },
  );
};
