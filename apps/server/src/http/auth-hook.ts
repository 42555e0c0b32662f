import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { findLiveSession, touchSession } from '../modules/auth/session.repo.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import type { Clock } from '../providers/clock.ts';
import { SESSION_COOKIE } from './actor.ts';
import { AppError, unauthenticated } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOUCH_EVERY_MS = 60 * 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The origin a browser claims for this request: Origin, else the Referer's origin. */
function claimedOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  if (origin === 'null') return 'null';
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

function isOwnOrigin(origin: string, request: FastifyRequest, config: Config): boolean {
  if (origin === config.publicUrl.origin) return true;
  try {
    // Same host as the request itself (covers the Vite dev proxy and other local ports).
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Resolves `request.actor` from the bearer token (API clients) or the HttpOnly session cookie
 * (the web app), and rejects cross-origin state-changing requests (CSRF): a request that says
 * it comes from another origin is refused, and one riding on the cookie must say where it
 * comes from.
 */
export const authHook = fp(async (app: FastifyInstance, opts: { db: Db; clock: Clock; config: Config }) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer ?? cookie ?? null;
    const via = bearer ? 'bearer' : 'cookie';

    if (!SAFE_METHODS.has(request.method)) {
      const origin = claimedOrigin(request);
      if (origin !== null && !isOwnOrigin(origin, request, opts.config)) {
        throw new AppError('csrf_rejected', 'Cross-site request refused');
      }
      if (origin === null && !bearer && cookie) {
        throw new AppError('csrf_rejected', 'Cross-site request refused: the Origin header is missing');
      }
    }

    if (!token) return;
    const now = opts.clock.now();
    const session = await findLiveSession(opts.db, hashToken(token), now);
    if (!session) {
      if (bearer) throw unauthenticated(); // a bad bearer token is an error; a stale cookie is just signed out
      return;
    }
    request.actor = { userId: session.user_id, isModerator: session.is_moderator, sessionId: session.id, via };
    if (now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) await touchSession(opts.db, session.id, now);
  });
});

export function requireActor(request: FastifyRequest) {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
