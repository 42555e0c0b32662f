import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Expression } from 'kysely';
import type { Config } from '../config.ts';
import type { Db, Executor } from '../db/database.ts';
import { findLiveSession, liveSessionQuery, touchSession } from '../modules/auth/session.repo.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import type { Clock } from '../providers/clock.ts';
import { SESSION_COOKIE, type Actor } from './actor.ts';
import { AppError, unauthenticated } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOUCH_EVERY_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads the caller's session in its own statement (sessionInStatement): the hook
     * checks the request (CSRF) and hashes the token, and the route's statement looks the session
     * up with the same rule (liveSessionQuery), one round trip instead of two on a hot read
     * (GET seats/{eventId}, decision 0036). Until the route settles it, `request.actor` is null.
     */
    sessionInStatement?: boolean;
  }
  interface FastifyRequest {
    /** A token whose session the route reads in its own statement (`sessionInStatement`), else null. */
    pendingSession: PendingSession | null;
  }
}

/** A token a route with `sessionInStatement` is to look up, and how it came. */
export interface PendingSession {
  tokenHash: string;
  via: Actor['via'];
}

/** A live session as the lookup reads it (liveSessionQuery's columns). */
export interface LiveSession {
  id: number;
  user_id: number;
  last_seen_at: Date;
  is_moderator: boolean;
}

/**
 * The actor of a token from its live session, or none: a bearer token without one is an error (401);
 * a stale cookie is only signed out. A session not seen for an hour is marked seen.
 */
async function actorOf(db: Executor, via: Actor['via'], session: LiveSession | undefined, now: Date): Promise<Actor | null> {
  if (!session) {
    if (via === 'bearer') throw unauthenticated();
    return null;
  }
  if (now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) await touchSession(db, session.id, now);
  return { userId: session.user_id, isModerator: session.is_moderator, sessionId: session.id, via };
}

/** A caller's session read inside a route's statement (liveSessionQuery of its token's hash), and the actor of what it read. */
export interface SessionInStatement {
  tokenHash: string;
  /** The actor of the row the statement read (undefined: no live session), put on the request; a bearer token with none: 401. */
  settle(session: LiveSession | undefined): Promise<Actor | null>;
}

/** The auth hook's lookup of a live session (at most one row) as a subquery of a route's statement, the token's hash given as SQL (a column of it). */
export function liveSessionOf(db: Executor, tokenHash: Expression<string>, now: Date) {
  return liveSessionQuery(db, tokenHash, now);
}

/**
 * For a route with `sessionInStatement`: its caller's session to read in its own statement, or
 * null when the request carries no token (a visitor, `request.actor` null as ever).
 */
export function sessionInStatement(request: FastifyRequest, db: Db, clock: Clock): SessionInStatement | null {
  const pending = request.pendingSession;
  if (!pending) return null;
  const now = clock.now();
  return {
    tokenHash: pending.tokenHash,
    settle: async (session) => {
      request.actor = await actorOf(db, pending.via, session, now);
      request.pendingSession = null;
      return request.actor;
    },
  };
}

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
  app.decorateRequest('pendingSession', null);
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
    if (request.routeOptions.config.sessionInStatement) {
      request.pendingSession = { tokenHash: hashToken(token), via };
      return;
    }
    const now = opts.clock.now();
    request.actor = await actorOf(opts.db, via, await findLiveSession(opts.db, hashToken(token), now), now);
  });
});

export function requireActor(request: FastifyRequest) {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
