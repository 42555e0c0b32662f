import http from 'node:http';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { registerCompression } from './http/compression.ts';
import { authHook } from './http/auth-hook.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerRateLimit, registerSecurityHeaders, securityHeaders } from './http/security.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { googleSessionRoutes, googleWindowRoutes } from './modules/auth/google-login.routes.ts';
import { googleCalendarRoutes } from './modules/google-calendar/google-calendar.routes.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { companionsRoutes } from './modules/companions/companions.routes.ts';
import { seatsRoutes } from './modules/seats/seats.routes.ts';
import { geocodingRoutes } from './modules/geocoding/geocoding.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { firstScreenPictures, loadEventSharePreview } from './modules/events/event-share-preview.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { VisitorListCache } from './modules/events/visitor-list-cache.ts';
import { SeatSnapshots } from './modules/seats/seat-snapshots.ts';
import { friendsRoutes } from './modules/friends/friends.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { shareRoutes } from './modules/share/share.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { guestsRoutes } from './modules/guests/guests.routes.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { galleryRoutes } from './modules/gallery/gallery.routes.ts';
import { mediaAccess } from './modules/gallery/media-access.service.ts';
import { mediaRoutes } from './modules/gallery/media.routes.ts';
import { rsvpRoutes } from './modules/rsvp/rsvp.routes.ts';
import { paymentsWebhookRoutes } from './modules/payments/payments-webhook.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { smsSenderRoutes } from './modules/sms-sender/sms-sender.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { buildAnalyticsProvider } from './providers/build-providers.ts';
import { exportTickets } from './modules/tickets/tickets.service.ts';
import { requireActor } from './http/auth-hook.ts';
import { testProviderRoutes } from './modules/test-provider/test-provider.routes.ts';
import { TestPaymentsProvider } from './providers/payments/test-payments.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { ConsoleSmsProvider } from './providers/sms/console-sms.ts';
import { registerMedia, registerWebApp } from './web/static.ts';

export interface BuildAppOptions {
  logger?: boolean | object;
}

/** Plugins, error handler and modules. main.ts and every integration test build the app here. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  // Liveness (GET /api/health) is answered by the HTTP server itself, before Fastify's routing and
  // hooks: the same bytes as its route below (which answers inject() and HEAD), at next to no cost,
  // and 503 once the server is closing, as Fastify's own answers then are (decision 0031).
  const security = securityHeaders(deps.config);
  const alive = Buffer.from(JSON.stringify({ status: 'ok' }));
  const aliveHeaders = Object.entries({ ...security, 'content-type': 'application/json; charset=utf-8', 'content-length': String(alive.length), 'cache-control': 'no-store' }).flat();
  let closing = false;
  const app = Fastify({
    serverFactory: (handler) =>
      http.createServer((request, response) => {
        if (request.method === 'GET' && request.url === '/api/health' && !closing) {
          response.writeHead(200, aliveHeaders);
          response.end(alive);
          return;
        }
        handler(request, response);
      }),
    logger: options.logger ?? false,
    // One line per request (below), not Fastify's two ('incoming request', 'request completed').
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON only: without this, Fastify's built-in text/plain parser hands the raw
  // string to the route (a confusing 422) instead of answering 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Draining: a request still in flight when close() starts is answered with Connection: close.
  // Otherwise its keep-alive socket stays open after the answer and holds close() until the client
  // drops it (main.ts then force-exits after 20 s without stopping the database cleanly).
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });

  // One line per answered request at info: what operators need of it (method, route, status, time
  // taken, the request's id for the error lines it may have); a route may log less (its logLevel:
  // the liveness check logs nothing).
  // At debug, the request's start too (what a request that never ends leaves in the log).
  app.addHook('onRequest', async (request) => {
    request.log.debug({ method: request.method, url: request.url.split('?')[0] }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.routeOptions.url ?? request.url.split('?')[0], statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  });

  registerCompression(app);

  registerErrorHandler(app);
  registerInputGuard(app);
  registerSecurityHeaders(app, security);
  await registerRateLimit(app, deps);
  await app.register(cookie);
  await app.register(authHook, { db: deps.db, clock: deps.clock, config: deps.config });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'planns API',
        version: '0.1.0',
        description:
          'The planns HTTP API. Paths follow the product spec where it names them; each route says where a path was chosen. ' +
          'The web app authenticates with an HttpOnly session cookie; API clients send Authorization: Bearer <token> from auth-create.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'planns_session' } } },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { deps });
      await api.register(authRoutes, { deps });
      await api.register(googleSessionRoutes, { deps });
      await api.register(usersRoutes, { deps });
      await api.register(companionsRoutes, { deps });
      await api.register(seatsRoutes, { deps, snapshots: new SeatSnapshots({ maxEvents: deps.config.SEATS_SNAPSHOT_EVENTS }) });
      await api.register(geocodingRoutes, { deps });
      // Visitors' event lists, cleared by every change to events, answers or likes.
      const visitorLists = new VisitorListCache({ ttlMs: deps.config.EVENTS_NA_CACHE_MS, now: () => deps.clock.now().getTime() });
      await api.register(eventsRoutes, { deps, visitorLists });
      await api.register(rsvpRoutes, { deps, onChange: () => visitorLists.clear() });
      await api.register(commentsRoutes, { deps });
      await api.register(friendsRoutes, { deps });
      await api.register(notificationsRoutes, { deps });
      await api.register(shareRoutes, { deps });
      await api.register(calendarRoutes, { deps });
      await api.register(googleCalendarRoutes, { deps });
      await api.register(profileRoutes, { deps });
      await api.register(guestsRoutes, { deps });
      await api.register(groupsRoutes, { deps });
      await api.register(galleryRoutes, { deps });
      await api.register(mediaRoutes, { deps });
      await api.register(paymentsRoutes, { deps, onChange: () => visitorLists.clear() });
      await api.register(paymentsWebhookRoutes, { deps });
      await api.register(ordersRoutes, { deps, onChange: () => visitorLists.clear() });
      await api.register(ticketsRoutes, { deps, onChange: () => visitorLists.clear() });
      await api.register(smsSenderRoutes, { deps });
      await api.register(analyticsRoutes, { deps, analytics: buildAnalyticsProvider(deps.config) });
      if (deps.payments instanceof TestPaymentsProvider) {
        await api.register(testProviderRoutes, { deps, provider: deps.payments, onChange: () => visitorLists.clear() });
      }
      if (deps.sms instanceof ConsoleSmsProvider) await api.register(devRoutes, { sms: deps.sms });
    },
    { prefix: '/api' },
  );

  // Google sign-in's auth window (accounts §7), at the paths the spec names.
  await app.register(googleWindowRoutes, { deps });
  // Google Calendar's window at the spec's /google/authorize (accounts §7): the same as GET /api/google/authorize.
  app.get('/google/authorize', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').redirect('/api/google/authorize', 302),
  );

  // The spec's link for the ticket report (accounts §2): the same CSV as GET /api/tickets/export/{hash}.
  app.get('/tickets/export/:hash', { schema: { hide: true } }, async (request, reply) => {
    const { hash } = request.params as { hash: string };
    const { filename, csv } = await exportTickets(deps, requireActor(request), hash.slice(0, 40));
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`).header('cache-control', 'private, no-store').send(csv);
  });

  registerMedia(app, deps.storage, { access: (viewer, key) => mediaAccess(deps, viewer, key), presignSeconds: deps.config.S3_PRESIGN_SECONDS });
  await registerWebApp(app, deps.config.webDistDir, {
    eventPreview: (ref, acceptLanguage) => loadEventSharePreview(deps, ref, acceptLanguage),
    listPictures: firstScreenPictures(deps),
    serverRender: deps.config.SERVER_RENDER,
  });
  return app;
}
