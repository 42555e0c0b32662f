import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALENDAR_FEED_RATE_LIMIT,
  calendarFeedLinkReplySchema,
  calendarFeedParamsSchema,
  calendarFeedStatusReplySchema,
} from '@planns/shared/calendar/calendar.schemas';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { okSchema } from '@planns/shared/http/envelope';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as calendar from './calendar.service.ts';

const tags = ['calendar'];
const ICS_TYPE = 'text/calendar; charset=utf-8';

/** `attachment` with an ASCII name and the event's own (RFC 6266 filename*). */
function contentDisposition(filename: string, displayName: string): string {
  // eslint-disable-next-line no-control-regex -- no control characters or path separators in a file name
  const encoded = encodeURIComponent(displayName.replace(/[\u0000-\u001f\u007f/\\]/g, '_')).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${filename}"; filename*=UTF-8''${encoded}`;
}

export const calendarRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/events/:id/calendar',
    {
      schema: {
        tags,
        summary: 'Add to calendar (.ics)',
        description:
          'GET events/{id}/calendar: the event as an RFC 5545 file (text/calendar, an attachment) for whoever may see its page, signed in or not; ' +
          'an event the caller may not see is a 404. Times in the place’s zone with its VTIMEZONE (online events: UTC); SEQUENCE goes up when the time, place, name or status changes; ' +
          'STATUS:CANCELLED once a moderator removed it. Address, online link and coordinates for signed-in callers only (decision 0039).',
        params: idParamsSchema,
        response: { 200: z.string().describe('text/calendar'), 401: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await calendar.eventCalendarFile(deps, request.actor ?? null, request.params.id);
      return reply.type(ICS_TYPE).header('content-disposition', contentDisposition(file.filename, file.displayName)).header('cache-control', 'private, no-store').send(file.ics);
    },
  );

  app.get(
    '/calendar/feed',
    {
      schema: {
        tags,
        summary: 'My calendar feed',
        description: 'GET calendar/feed: whether the signed-in person has a private feed address, made when, and last fetched when. The address itself is shown only when made (POST).',
        response: { 200: calendarFeedStatusReplySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: await calendar.getFeedStatus(deps, requireActor(request)) }),
  );

  app.post(
    '/calendar/feed',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Make or reset my calendar feed',
        description:
          'POST calendar/feed: a new secret feed address (https and webcal://), shown this once: only a hash of its token is kept. ' +
          'The previous address, if any, answers 404 from now on. No body.',
        response: { 200: calendarFeedLinkReplySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => ({ data: await calendar.resetFeed(deps, requireActor(request)) }),
  );

  app.delete(
    '/calendar/feed',
    {
      schema: {
        tags,
        summary: 'Turn my calendar feed off',
        description: 'DELETE calendar/feed: the feed address answers 404 from now on (also when there was none).',
        response: { 200: okSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      await calendar.deleteFeed(deps, requireActor(request));
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/calendar/feed/:token',
    {
      config: { rateLimit: CALENDAR_FEED_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Calendar feed (subscription)',
        description:
          'GET calendar/feed/{token}.ics: the RFC 5545 feed of the events the feed’s owner answered going or maybe to (read at each fetch), for calendar apps. ' +
          'No cookie or bearer needed or used: the secret token is the credential; an unknown, reset or malformed token is a 404. Cache-Control: private, max-age=900.',
        security: [],
        params: calendarFeedParamsSchema,
        response: { 200: z.string().describe('text/calendar'), 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { ics, maxAge } = await calendar.feedFile(deps, request.params.token);
      return reply.type(ICS_TYPE).header('cache-control', `private, max-age=${maxAge}`).send(ics);
    },
  );
};
