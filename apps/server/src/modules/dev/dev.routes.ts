import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ConsoleSmsProvider } from '../../providers/sms/console-sms.ts';

const outboxReplySchema = z.object({
  data: z.array(z.object({ to: z.string(), body: z.string(), created_at: z.string() })),
});

/** Registered only while the console SMS provider is active (see app.ts). */
export const devRoutes: FastifyPluginAsyncZod<{ sms: ConsoleSmsProvider }> = async (app, { sms }) => {
  app.get(
    '/dev/outbox',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['dev'],
        summary: 'Texts the console SMS provider "sent", newest first',
        description: 'Exists only with SMS_PROVIDER=console (the offline default), for local use and end-to-end tests.',
        response: { 200: outboxReplySchema },
      },
    },
    async () => ({ data: sms.list() }),
  );
};
