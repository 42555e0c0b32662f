import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  GOOGLE_LINK_TTL_MS,
  GOOGLE_LOGIN_TTL_MS,
  GOOGLE_MESSAGE_TYPE,
  checkMobileSessionParamsSchema,
  checkMobileSessionReplySchema,
  googleAuthorizeQuerySchema,
  googleCallbackQuerySchema,
  type GoogleWindowMessage,
} from '@planns/shared/auth/google-login.schemas';
import { errorBodySchema } from '@planns/shared/errors/error-codes';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { GOOGLE_BROWSER_COOKIE, GOOGLE_LINK_COOKIE } from '../../http/actor.ts';
import { setSessionCookie } from '../../http/cookies.ts';
import { authCreateReplySchema } from '@planns/shared/auth/auth.schemas';
import { checkMobileSession, completeGoogleLogin, createAccountFromPendingLink, startGoogleLogin } from './google-login.service.ts';

const tags = ['auth'];

/** The auth window's last page posts its message with this script: the CSP allows no inline script. */
const DONE_SCRIPT = `(function () {
  var meta = document.querySelector('meta[name="planns-google"]');
  if (!meta) return;
  var origin = meta.getAttribute('data-origin');
  try {
    if (origin && window.opener) window.opener.postMessage(JSON.parse(meta.getAttribute('content')), origin);
  } catch (e) {}
  window.close();
})();
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function donePage(message: GoogleWindowMessage, origin: string | null): string {
  const text = message.status === 'done' ? 'Signed in. You can close this window.' : 'Google sign-in did not finish. You can close this window.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>planns</title>
<meta name="planns-google" content="${escapeHtml(JSON.stringify(message))}"${origin ? ` data-origin="${escapeHtml(origin)}"` : ''}>
<script src="/google/mobile/done.js" defer></script>
</head>
<body><p>${text}</p></body>
</html>
`;
}

function sendDonePage(reply: FastifyReply, status: number, message: GoogleWindowMessage, origin: string | null) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    // The opener keeps its handle on this window (planns' pages are same-origin-allow-popups).
    .header('cross-origin-opener-policy', 'unsafe-none')
    .send(donePage(message, origin));
}

/** planns' own origins: PUBLIC_URL's and the one this request came to (the dev proxy, local ports). */
function ownOrigins(request: FastifyRequest, deps: AppDeps): string[] {
  return [deps.config.publicUrl.origin, `${request.protocol}://${request.host}`];
}

function setGoogleCookie(reply: FastifyReply, deps: AppDeps, name: string, value: string, maxAgeMs: number, path: string) {
  reply.setCookie(name, value, { httpOnly: true, sameSite: 'lax', secure: deps.config.isHttps, path, maxAge: Math.floor(maxAgeMs / 1000) });
}

/**
 * The auth window's pages (accounts §7: a window to /google/mobile/authorize): outside /api, as
 * the spec names them. Decision 0040.
 */
export const googleWindowRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/google/mobile/authorize',
    {
      schema: {
        tags,
        summary: 'Start a Google sign-in in the auth window',
        description:
          'Path from the spec (window to /google/mobile/authorize with session_id, origin, nocache). Records the sign-in under ' +
          'the session id, bound to this browser by an HttpOnly cookie, and redirects to Google (authorization code with PKCE, ' +
          'state and nonce). `origin` must be one of planns\' own origins. 404 when Google sign-in is not configured.',
        querystring: googleAuthorizeQuerySchema,
        produces: ['text/html', 'application/json'],
        response: {
          302: z.null().describe('Redirect to the provider'),
          404: errorBodySchema,
          409: z.string().describe('HTML: the session id was used before (the window tells the opener)'),
          422: errorBodySchema,
          429: errorBodySchema,
          503: z.string().describe('HTML: the provider could not be reached (the window tells the opener)'),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      let started: Awaited<ReturnType<typeof startGoogleLogin>>;
      try {
        started = await startGoogleLogin(deps, {
          sessionId: request.query.session_id,
          origin: request.query.origin,
          ownOrigins: ownOrigins(request, deps),
          browserToken: request.cookies[GOOGLE_BROWSER_COOKIE],
        });
      } catch (err) {
        // Not configured, or an origin that is not planns': the JSON error, posted nowhere.
        if (!(err instanceof AppError) || err.code === 'not_found' || err.code === 'validation_failed') throw err;
        // The provider unreachable, a session id used before: the window tells its (checked) opener, which says it failed.
        request.log.warn({ err }, 'google sign-in could not start');
        return sendDonePage(reply, err.status, { type: GOOGLE_MESSAGE_TYPE, status: 'error' }, new URL(request.query.origin).origin);
      }
      const { authorizationUrl, browserToken } = started;
      setGoogleCookie(reply, deps, GOOGLE_BROWSER_COOKIE, browserToken, GOOGLE_LOGIN_TTL_MS, '/');
      return reply.header('cache-control', 'no-store').redirect(authorizationUrl.toString(), 302);
    },
  );

  app.get(
    '/google/mobile/callback',
    {
      schema: {
        tags,
        summary: "Google's redirect back to planns (the redirect URI to register)",
        description:
          'Completes the sign-in started by authorize in this browser: the state is single use, the ID token is verified ' +
          "against the provider's keys (issuer, audience, expiry, nonce). Answers a page that tells the opener by postMessage " +
          '(to its own origin only) and closes; the session itself comes from check-mobile-session.',
        querystring: googleCallbackQuerySchema,
        produces: ['text/html'],
        response: { 200: z.string().describe('HTML'), 400: z.string().describe('HTML'), 404: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const result = await completeGoogleLogin(deps, {
        callbackUrl: new URL(request.url, deps.config.publicUrl.origin),
        state: request.query.state,
        providerError: request.query.error,
        browserToken: request.cookies[GOOGLE_BROWSER_COOKIE],
        log: (message, err) => request.log.warn({ err }, message),
      });
      if (result.linkToken) setGoogleCookie(reply, deps, GOOGLE_LINK_COOKIE, result.linkToken, GOOGLE_LINK_TTL_MS, '/api');
      const message: GoogleWindowMessage = { type: GOOGLE_MESSAGE_TYPE, status: result.status === 'done' ? 'done' : 'error' };
      return sendDonePage(reply, result.status === 'done' ? 200 : 400, message, result.origin);
    },
  );

  app.get(
    '/google/mobile/done.js',
    {
      schema: {
        tags,
        summary: "The auth window's script: posts the result to the opener and closes",
        produces: ['text/javascript'],
        response: { 200: z.string().describe('JavaScript') },
      },
    },
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(DONE_SCRIPT),
  );
};

/** GET /api/auth/check-mobile-session/{session id} (accounts §7). */
export const googleSessionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/auth/check-mobile-session/:session_id',
    {
      schema: {
        tags,
        summary: 'Poll a Google sign-in',
        description:
          'Path from the spec; reply {success, token, user, error}. Waiting: success false and error null (also for an ' +
          'unknown id, or one started in another browser). On success (once per sign-in) the HttpOnly session cookie is set ' +
          'for the web app and the token is in the reply for API clients, as auth-create does. error: failed, expired, or ' +
          "link_required (the Google account's email is on a planns account: sign in by phone in this browser to link it).",
        params: checkMobileSessionParamsSchema,
        response: { 200: checkMobileSessionReplySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
      config: { rateLimit: { max: 240, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { reply: answer, expiresAt } = await checkMobileSession(deps, {
        sessionId: request.params.session_id,
        browserToken: request.cookies[GOOGLE_BROWSER_COOKIE],
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        ip: request.ip,
      });
      void reply.header('cache-control', 'no-store');
      if (answer.success && answer.token && expiresAt) setSessionCookie(reply, deps.config, answer.token, expiresAt);
      return answer;
    },
  );

  app.post(
    '/auth/google/new-account',
    {
      schema: {
        tags,
        summary: 'After link_required: a new account for the Google account instead of linking it',
        description:
          "Path chosen here (decision 0040). When a Google sign-in answered link_required (the Google account's email is on " +
          'a planns account), the person may instead keep the Google account apart: a new account without phone, name or ' +
          "email, signed in (session cookie, and the token for API clients). Needs this browser's pending link (cookie); 404 " +
          'without one, 409 if the Google account was linked meanwhile.',
        body: z.object({}).nullish(),
        response: { 200: authCreateReplySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const session = await createAccountFromPendingLink(deps, {
        linkToken: request.cookies[GOOGLE_LINK_COOKIE],
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        ip: request.ip,
      });
      reply.clearCookie(GOOGLE_LINK_COOKIE, { httpOnly: true, sameSite: 'lax', secure: deps.config.isHttps, path: '/api' });
      setSessionCookie(reply, deps.config, session.token, session.expiresAt);
      return { data: { user: session.user, token: session.token } };
    },
  );
};
