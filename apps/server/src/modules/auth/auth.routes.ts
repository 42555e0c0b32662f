import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authCreateBodySchema,
  authCreateReplySchema,
  checkCodeBodySchema,
  checkCodeReplySchema,
  sendCodeBodySchema,
  sendCodeReplySchema,
} from '@planns/shared/auth/auth.schemas';
import { OTP_RESEND_COOLDOWN_MS } from '@planns/shared/auth/otp.rules';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import { okSchema } from '@planns/shared/http/envelope';
import type { AppDeps } from '../../deps.ts';
import { APPROVAL_COOKIE, GOOGLE_LINK_COOKIE } from '../../http/actor.ts';
import { clearApprovalCookie, clearSessionCookie, setApprovalCookie, setSessionCookie } from '../../http/cookies.ts';
import * as auth from './auth.service.ts';

const tags = ['auth'];
const errors = { 400: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/send-code',
    {
      schema: {
        tags,
        summary: 'Send a one-time code by SMS',
        description:
          'Path from the spec (POST send-code, body {to}). Same answer for known and unknown numbers. ' +
          '30 s between sends (429 with retry_after), at most 5 per hour and 10 per day per phone, and a per-IP cap.',
        body: sendCodeBodySchema,
        response: { 200: sendCodeReplySchema, ...errors, 503: errorBodySchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
      await auth.sendCode(deps, { to: request.body.to, ip: request.ip });
      return { status: 'pending' as const, resend_after: OTP_RESEND_COOLDOWN_MS / 1000, code_length: deps.config.OTP_LENGTH };
    },
  );

  app.post(
    '/check-code',
    {
      schema: {
        tags,
        summary: 'Check a one-time code',
        description:
          "Path from the spec (POST check-code, body {to, code}); answers {status:'approved'} on success. " +
          'Also answers an approval_token and sets it as an HttpOnly cookie: auth-create needs one of them. ' +
          'A code is single use, valid 10 minutes, and dead after 5 checks.',
        body: checkCodeBodySchema,
        response: { 200: checkCodeReplySchema, ...errors },
      },
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { approvalToken } = await auth.checkCode(deps, request.body);
      setApprovalCookie(reply, deps.config, approvalToken);
      return { status: 'approved' as const, approval_token: approvalToken };
    },
  );

  app.post(
    '/auth-create',
    {
      schema: {
        tags,
        summary: 'Sign in or sign up with an approved phone',
        description:
          'Path from the spec (POST auth-create, body {phone}; reply data with user and token). Allowed once per code ' +
          'approved in the last 10 minutes by this client (approval cookie, or approval_token in the body). ' +
          'Sets the HttpOnly session cookie for the web app; the token is for API clients (Authorization: Bearer).',
        body: authCreateBodySchema,
        response: { 200: authCreateReplySchema, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const session = await auth.authCreate(deps, {
        phone: request.body.phone,
        approvalToken: request.body.approval_token ?? request.cookies[APPROVAL_COOKIE] ?? null,
        googleLinkToken: request.cookies[GOOGLE_LINK_COOKIE] ?? null,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        ip: request.ip,
      });
      clearApprovalCookie(reply, deps.config);
      if (session.googleLinked) reply.clearCookie(GOOGLE_LINK_COOKIE, { httpOnly: true, sameSite: 'lax', secure: deps.config.isHttps, path: '/api' });
      setSessionCookie(reply, deps.config, session.token, session.expiresAt);
      return { data: { user: session.user, token: session.token, ...(session.googleLinked ? { google_linked: true } : {}) } };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'End the session',
        description: 'Path from the spec (logout). Deletes the session on the server and clears the cookie. Idempotent.',
        // The web app posts no body at all (Fastify then sees null); an API client may send {}.
        body: z.object({}).nullish(),
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      if (request.actor) await auth.logout(deps, request.actor.sessionId);
      clearSessionCookie(reply, deps.config);
      return { data: { ok: true as const } };
    },
  );
};
