import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsEventBodySchema } from '@planns/shared/analytics/analytics.schemas';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import type { AppDeps } from '../../deps.ts';
import type { AnalyticsProvider } from '../../providers/analytics/analytics-provider.ts';
import { analyticsPath, analyticsReferrer } from './analytics-path.ts';

/**
 * POST analytics/event (issue 19, decision 0042): the web app's page views and steps, passed on to
 * the analytics service with the visitor's address and browser (which the service turns into its
 * daily visitor hash), the page reduced to its route. Answers 202 at once: counting never slows or
 * breaks a screen, and a service that fails is only logged.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; analytics: AnalyticsProvider }> = async (app, { deps, analytics }) => {
  const origin = deps.config.publicUrl.origin;
  app.post(
    '/analytics/event',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['platform'],
        summary: 'Count a page view or a step',
        description:
          "POST analytics/event {name: pageview, rsvp, seats, payment or tickets; path; referrer; props}: sent on to the analytics service (ANALYTICS_PROVIDER; none records nothing). The path is reduced to its route (no event hashes, ticket codes, ids or queries but the list's preset), the referrer to another site's origin. Anyone, signed in or not. 202, whatever the service answers.",
        security: [],
        body: analyticsEventBodySchema,
        response: { 202: z.object({ data: z.object({ ok: z.literal(true) }) }), 413: errorBodySchema, 415: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (analytics.name !== 'none') {
        const body = request.body;
        analytics
          .send({
            name: body.name,
            url: `${origin}${analyticsPath(body.path)}`,
            referrer: analyticsReferrer(body.referrer, origin),
            props: body.props ?? {},
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
          })
          .catch((err: unknown) => request.log.warn({ err }, 'the analytics service did not take an event'));
      }
      return reply.status(202).send({ data: { ok: true as const } });
    },
  );
};
