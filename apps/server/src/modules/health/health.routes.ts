import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { clientConfigSchema } from '@planns/shared/auth/auth.schemas';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Liveness: the process answers (no database, no log line): what a load balancer or an
  // orchestrator polls every few seconds, so it costs next to nothing (issue 16). A real server
  // answers GET /api/health before Fastify with the same bytes (app.ts); this route answers the
  // rest (inject(), HEAD, a query string).
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      logLevel: 'warn',
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the server answers (the database is not asked; see /health/ready)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  // Readiness: the server can serve, its database answering (what a deployment waits for before
  // sending traffic, and takes an instance out on).
  app.get(
    '/health/ready',
    {
      config: { rateLimit: false },
      logLevel: 'warn',
      schema: {
        tags: ['platform'],
        summary: 'Readiness: the server and its database answer',
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), 503: errorBodySchema },
      },
    },
    async () => {
      try {
        await sql`SELECT 1`.execute(deps.db);
      } catch (err) {
        throw new AppError('service_unavailable', 'The database is not reachable', undefined, undefined, { cause: err });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['platform'],
        summary: 'Public settings the web app needs',
        response: { 200: z.object({ data: clientConfigSchema }) },
      },
    },
    async () => ({
      data: {
        otp_length: deps.config.OTP_LENGTH,
        sms_provider: deps.sms.name,
        analytics_provider: deps.config.ANALYTICS_PROVIDER,
        payments_provider: deps.payments.name,
        platform_fee_percent: deps.config.PLATFORM_FEE_PERCENT,
        stripe_publishable_key: deps.payments.publishableKey,
        support_phone: deps.config.SUPPORT_PHONE ?? null,
        google_login: deps.google !== undefined,
        calendar_provider: deps.calendar.name,
      },
    }),
  );
};
