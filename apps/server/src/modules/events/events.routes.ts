import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import {
  categoryListReplySchema,
  eventBodySchema,
  eventListQuerySchema,
  eventListReplySchema,
  eventPageQuerySchema,
  eventRefParamsSchema,
  eventReplySchema,
  likeReplySchema,
  ownershipBodySchema,
  userSearchQuerySchema,
  userSearchReplySchema,
} from '@planns/shared/events/events.schemas';
import { okSchema } from '@planns/shared/http/envelope';
import { eventRefReplySchema } from '@planns/shared/payments/payments.schemas';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as events from './events.service.ts';
import type { VisitorListCache } from './visitor-list-cache.ts';

const tags = ['events'];
const readErrors = { 401: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };
const writeErrors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
const uploadErrors = { 413: errorBodySchema, 415: errorBodySchema };
/** Base64 of a 10 MB picture plus the JSON around it. */
const EVENT_BODY_LIMIT = 15 * 1024 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

const listDescription =
  'Parameters of the spec\'s list call (events §7). distance: km from current_location (current_location[lat], current_location[lng]); above 95 means no limit. ' +
  'start_date / end_date: events under way in that range. hide_friends|public|private|paid|free. categories and users: ids, comma-separated or repeated. ' +
  'preset: all, trending, close (within 5 km of current_location), friends (created or joined by friends), weekend (this weekend in tz). ' +
  'order_by: upcoming (default: events not over yet, soonest first), start_date, created_at, trending; order_dir asc|desc. ' +
  'per_page (at most 100), page; after (planns: the previous reply\'s next_after, for the default and start_date orders: the page after that reply\'s last event, as cheap as the first). friends_created, friends_joined. invited (invited, not answered, not mine) and liked (by me): planns\' additions for My plans; none for visitors. ' +
  'group_id; group_context (the group filter of a visitor). ' +
  'search: name, description, venue and address, ignoring case and accents, tolerating typos. with_users (or with_attendees), with_doubt_users, ' +
  'with_friends, with_organizers, with_attendee_invites (shown to the owner and moderators only): how many people each event carries (at most 10, ' +
  'friends 20; organizers and invites default to none in lists). with_creator is accepted (the creator is always included); with_join_requests and ' +
  'with_organizer_invites are accepted and carry nothing, as planns has no join requests or organiser invitations. ' +
  'Reply: {data:{data:[...], current_page, per_page, total, has_more, next_after}}: has_more tells whether a next page has events; total is known (not null) only on the page that reaches the end, since nothing is counted; next_after is the next page\'s after (null at the end, and in the created_at and trending orders, which page by number).';

export const eventsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; visitorLists: VisitorListCache }> = async (app, { deps, visitorLists }) => {
  /** Every change to events passes here, so no visitor list from before it is served again. */
  const changed = <T>(value: T): T => {
    visitorLists.clear();
    return value;
  };

  app.get(
    '/events',
    {
      schema: { tags, summary: 'Events list (signed in)', description: listDescription, querystring: eventListQuerySchema, response: { 200: eventListReplySchema, ...readErrors } },
    },
    // Already JSON (the events' cards, decision 0034): sent as is (a Buffer payload skips the serializer).
    async (request, reply) => (reply as FastifyReply).type(JSON_TYPE).send(await events.listEventsBody(deps, requireActor(request), request.query)),
  );

  app.get(
    '/events-na',
    {
      // A fresh cached answer for this exact address is sent before the query is even parsed:
      // only answers to valid queries are ever cached.
      onRequest: async (request, reply) => {
        const hit = visitorLists.peek(request.url);
        if (hit) await (reply as FastifyReply).type(JSON_TYPE).send(hit);
      },
      schema: {
        tags,
        summary: 'Events list (signed out)',
        description: `The spec's -na variant: public events only, without addresses or coordinates, whoever asks. The same question is answered from memory for up to EVENTS_NA_CACHE_MS (default 3 s); event writes clear it. ${listDescription}`,
        querystring: eventListQuerySchema,
        response: { 200: eventListReplySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const body = await visitorLists.get(request.url, () => events.listEventsBody(deps, null, request.query));
      // Already JSON: sent as is (a Buffer payload skips the serializer).
      return (reply as FastifyReply).type(JSON_TYPE).send(body);
    },
  );

  app.get(
    '/events/:ref',
    {
      schema: {
        tags,
        summary: 'Event page (signed in)',
        description:
          'GET events/{hash or id}?full=true&no_comments=1 (events §7). Counts a visit unless the owner looks, or no_visit=1 (planns: a refresh of an open page). An event the caller may not see is a 404. ' +
          'Moderators may open any event.',
        params: eventRefParamsSchema,
        querystring: eventPageQuerySchema,
        response: { 200: eventReplySchema, ...readErrors },
      },
    },
    async (request) => ({ data: await events.getEventPage(deps, requireActor(request), request.params.ref, { countVisit: !request.query.no_visit }) }),
  );

  app.get(
    '/events-no-auth/:ref',
    {
      schema: {
        tags,
        summary: 'Event page (signed out)',
        description: 'GET events-no-auth/{hash or id}?full=true: public events only; address, link and coordinates are null (the page asks to sign in).',
        params: eventRefParamsSchema,
        querystring: eventPageQuerySchema,
        response: { 200: eventReplySchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: await events.getEventPage(deps, null, request.params.ref, { countVisit: !request.query.no_visit }) }),
  );

  app.post(
    '/events/create',
    {
      bodyLimit: EVENT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create (or clone) an event',
        description:
          'POST events/create with the compiled event (events §3, §5). Dates in UTC as YYYY-MM-DD HH:mm:ss. The picture as base64 without the data-URL prefix ' +
          'plus extension (jpeg, jpg, gif, png), checked by content and stored as image and m_image. Clone: clone_id (owner or moderator of the source) and ' +
          'user_ownership (the owner of the copy). is_attending (default true) with companions (ids of your companions).',
        body: eventBodySchema,
        response: { 200: eventReplySchema, ...writeErrors, ...uploadErrors },
      },
    },
    async (request) => ({ data: changed(await events.createEvent(deps, requireActor(request), request.body)) }),
  );

  app.put(
    '/events/:id',
    {
      bodyLimit: EVENT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Update an event',
        description: 'PUT events/{id}: the owner or a moderator. Same body as create; remove_image true removes the picture; is_attending applies to the owner only. ' +
          'max below the people already going (companions included) is 409 conflict with fields.max (decision 0024).',
        params: idParamsSchema,
        body: eventBodySchema,
        response: { 200: eventReplySchema, ...writeErrors, ...uploadErrors },
      },
    },
    async (request) => ({ data: changed(await events.updateEvent(deps, requireActor(request), request.params.id, request.body)) }),
  );

  app.delete(
    '/events/moderator/:id',
    {
      schema: {
        tags,
        summary: 'Delete an event as a moderator',
        description: 'DELETE events/moderator/{id}: moderators only. The event leaves every list; its page still opens with the deleted_by_moderator flag.',
        params: idParamsSchema,
        response: { 200: okSchema, ...writeErrors },
      },
    },
    async (request) => {
      await events.moderatorDeleteEvent(deps, requireActor(request), request.params.id);
      return changed({ data: { ok: true as const } });
    },
  );

  app.delete(
    '/events/:id',
    {
      schema: {
        tags,
        summary: 'Delete an event',
        description: 'DELETE events/{id}: the owner only. Removes the event with its responses, likes and picture.',
        params: idParamsSchema,
        response: { 200: okSchema, ...writeErrors },
      },
    },
    async (request) => {
      await events.deleteEvent(deps, requireActor(request), request.params.id);
      return changed({ data: { ok: true as const } });
    },
  );

  app.post(
    '/events/:id/ownership',
    {
      schema: {
        tags,
        summary: 'Switch the owner (moderators)',
        description: 'POST events/{id}/ownership {user_id}: moderators only; answers {data: event}.',
        params: idParamsSchema,
        body: ownershipBodySchema,
        response: { 200: eventReplySchema, ...writeErrors },
      },
    },
    async (request) => ({ data: changed(await events.changeOwner(deps, requireActor(request), request.params.id, request.body.user_id)) }),
  );

  app.post(
    '/events/:id/disable-stripe',
    {
      schema: {
        tags,
        summary: 'Disable payments (the event becomes free)',
        description:
          "POST events/{id}/disable-stripe, empty body (events §4 payment setup): the event becomes free; its ticket types and payment product go. The owner or a moderator. Answers the event's id and hash.",
        params: idParamsSchema,
        response: { 200: eventRefReplySchema, ...writeErrors },
      },
    },
    async (request) => ({ data: changed(await events.disablePayments(deps, requireActor(request), request.params.id)) }),
  );

  app.post(
    '/events/:id/like',
    {
      schema: {
        tags,
        summary: 'Like or unlike',
        description: 'POST events/{id}/like toggles the like; data is true when the event is now liked.',
        params: idParamsSchema,
        response: { 200: likeReplySchema, ...writeErrors },
      },
    },
    async (request) => ({ data: changed(await events.toggleLike(deps, requireActor(request), request.params.id)) }),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Event categories',
        description: 'GET categories: data[] of id, slug and name (English; the app translates by slug). Open to visitors (the filters panel).',
        response: { 200: categoryListReplySchema },
      },
    },
    async () => ({ data: await events.listCategories(deps) }),
  );

  app.get(
    '/users/search',
    {
      schema: {
        tags: ['users'],
        summary: 'Search people by name',
        description: 'GET users/search?name= (more than 2 characters; signed in): people by name, ignoring case and accents. Reply data.data. Never phone or email.',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchReplySchema, 401: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: { data: await events.searchUsers(deps, requireActor(request), request.query.name) } }),
  );
};
