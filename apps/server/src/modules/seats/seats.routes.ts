import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { okSchema } from '@planns/shared/http/envelope';
import { idParamsSchema } from '@planns/shared/input/ids.schemas';
import { reservedSeatsReplySchema, seatTemplateBodySchema, seatTemplateListReplySchema, seatTemplateReplySchema } from '@planns/shared/seats/seats.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor, sessionInStatement } from '../../http/auth-hook.ts';
import { compress, sendShared } from '../../http/compression.ts';
import type { SeatSnapshots } from './seat-snapshots.ts';
import * as seats from './seats.service.ts';

const tags = ['seats'];
const e = errorBodySchema;

export const seatsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; snapshots: SeatSnapshots }> = async (app, { deps, snapshots }) => {
  const reservedSeatsChecks = seats.reservedSeatsChecks(deps, snapshots);

  app.get(
    '/seats/templates',
    {
      schema: { tags, summary: 'My seat schemes', description: 'Spec: GET seats/templates (the caller’s own), newest first.', response: { 200: seatTemplateListReplySchema, 401: e } },
    },
    async (request) => ({ data: await seats.listTemplates(deps, requireActor(request)) }),
  );

  app.post(
    '/seats/templates',
    {
      schema: {
        tags,
        summary: 'Make a seat scheme',
        description:
          'Spec: POST seats/templates {name, data}: data is rows and columns (1 to 100 each), rowSpacers and columnSpacers (a gap after the nth row or seat, as shown), seatTypes (1 to 10, label and default price in minor units), seatTypeAreas, disabledSeats and the declarative seatLabel rule (decision 0036). Per-field 422s.',
        body: seatTemplateBodySchema,
        response: { 200: seatTemplateReplySchema, 401: e, 422: e },
      },
    },
    async (request) => ({ data: await seats.createTemplate(deps, requireActor(request), request.body) }),
  );

  app.get(
    '/seats/template/:id',
    {
      schema: {
        tags,
        summary: 'A seat scheme',
        description: 'Spec: GET seats/template/{id}: its maker’s, or the scheme of an event the caller may see (its seat chart); otherwise 404.',
        params: idParamsSchema,
        response: { 200: seatTemplateReplySchema, 404: e },
      },
    },
    async (request) => ({ data: await seats.getTemplate(deps, request.actor, request.params.id) }),
  );

  app.post(
    '/seats/template/:id',
    {
      schema: {
        tags,
        summary: 'Change a seat scheme',
        description: 'POST seats/template/{id} {name, data}: one’s own scheme while no event uses it (409 once one does: save a copy instead).',
        params: idParamsSchema,
        body: seatTemplateBodySchema,
        response: { 200: seatTemplateReplySchema, 401: e, 404: e, 409: e, 422: e },
      },
    },
    async (request) => ({ data: await seats.updateTemplate(deps, requireActor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/seats/template/:id',
    {
      schema: {
        tags,
        summary: 'Delete a seat scheme',
        description: 'DELETE seats/template/{id}: one’s own scheme while no event uses it (409 once one does).',
        params: idParamsSchema,
        response: { 200: okSchema, 401: e, 404: e, 409: e },
      },
    },
    async (request) => {
      await seats.deleteTemplate(deps, requireActor(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/seats/:id',
    {
      schema: {
        tags,
        summary: 'Seats taken on an event',
        description:
          'Spec: GET seats/{eventId}: the seats held or sold now, as {the_row, the_col} (zero-based, shown plus one), with state (held or sold) and own (the caller’s). Visitors: public events only. ' +
          'Answered from the event’s snapshot while its seat version (checked in every request, with the requests of the same moment in one statement) is unchanged: never stale (SEATS_SNAPSHOT_EVENTS; Server-Timing: seats;desc=hit or built;dur=milliseconds, check;desc=the requests checked together).',
        params: idParamsSchema,
        response: { 200: reservedSeatsReplySchema, 401: e, 404: e },
      },
      // Every open chart asks, again after every change: the caller's session is read in the
      // statement that checks the event (one round trip, not two; decision 0036).
      config: { sessionInStatement: true },
    },
    // A hall's taken seats are thousands of small objects, asked for by every open chart: the
    // answer is the event's snapshot (decision 0036), sent as bytes (a Buffer skips the response
    // schema's serializer; the integration tests check the answer against the schema). Viewers
    // with no seat of their own share one body, compressed once per encoding. Server-Timing says
    // whether this request read the seats (built) or found them kept (hit), and how long that took,
    // and how many requests' checks were read in the statement that checked this one (check).
    async (request, reply) => {
      const answer = await seats.reservedSeats(deps, snapshots, reservedSeatsChecks, sessionInStatement(request, deps.db, deps.clock), request.params.id);
      const sent = (reply as FastifyReply).type('application/json; charset=utf-8');
      const check = `check;desc="${answer.batched}"`;
      sent.header('server-timing', answer.snapshot ? `seats;desc=${answer.snapshot.built ? 'built' : 'hit'};dur=${answer.snapshot.ms.toFixed(1)}, ${check}` : check);
      const { shared } = answer;
      return sent.send(shared ? await sendShared(request, reply, answer.body, (encoding) => shared.encodedAs(encoding, compress)) : answer.body);
    },
  );
};
