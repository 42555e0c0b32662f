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
/** Binds a Google sign-in to the browser that started it (decision 0040). */
export const GOOGLE_BROWSER_COOKIE = 'planns_google';
/** A Google account waiting in this browser for a phone sign-in to link it (decision 0040). */
export const GOOGLE_LINK_COOKIE = 'planns_google_link';
