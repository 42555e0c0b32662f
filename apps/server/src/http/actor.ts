/** Who is making a request, resolved once per request from the session cookie or bearer token. */
export interface Actor {
  userId: number;
  isModerator: boolean;
  sessionId: number;
  via: 'cookie' | 'bearer';
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export const SESSION_COOKIE = 'planns_session';
export const APPROVAL_COOKIE = 'planns_otp';
