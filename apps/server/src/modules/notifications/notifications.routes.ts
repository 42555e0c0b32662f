import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { okSchema } from '@planns/shared/http/envelope';
import {
  notificationListReplySchema,
  notificationSettingsBodySchema,
  notificationSettingsReplySchema,
} from '@planns/shared/notifications/notifications.schemas';
import type { AppDeps } from '../../deps.ts';
import { requireActor } from '../../http/auth-hook.ts';
import * as notifications from './notifications.service.ts';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/user/notifications',
    {
      schema: { tags, summary: 'My notifications', description: 'GET user/notifications: the latest 100, newest first; viewed_at null = unread.', response: { 200: notificationListReplySchema, 401: errorBodySchema } },
    },
    async (request) => ({ data: await notifications.listNotifications(deps, requireActor(request)) }),
  );

  app.post(
    '/user/notifications/view',
    { schema: { tags, summary: 'Mark all viewed', description: 'POST user/notifications/view: marks every notification viewed.', response: { 200: okSchema, 401: errorBodySchema } } },
    async (request) => {
      await notifications.markAllViewed(deps, requireActor(request));
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/notification-settings',
    {
      schema: {
        tags,
        summary: 'My notification settings',
        description: 'GET {settings-base}/notification-settings with the base /api: every setting of accounts §9 with its value; the WhatsApp entry is always present (saved when missing).',
        response: { 200: notificationSettingsReplySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: { notification_settings: await notifications.getSettings(deps, requireActor(request)) } }),
  );

  app.put(
    '/notification-settings',
    {
      schema: {
        tags,
        summary: 'Change notification settings',
        description: 'PUT notification-settings {notification_settings: [{key, value}]}: those keys change, the others keep their values.',
        body: notificationSettingsBodySchema,
        response: { 200: notificationSettingsReplySchema, 401: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => ({ data: { notification_settings: await notifications.updateSettings(deps, requireActor(request), request.body.notification_settings) } }),
  );
};
