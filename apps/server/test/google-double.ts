import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { Events, OAuth2Server } from 'oauth2-mock-server';

export const GOOGLE_CLIENT_ID = 'planns-test-client.apps.googleusercontent.com';

export interface GoogleDouble {
  server: OAuth2Server;
  /** The environment that points planns at the double. */
  env: Record<string, string>;
  /** The claims of the next ID tokens (sub, email, email_verified ...). */
  setAccount(claims: Record<string, unknown>): void;
}

/**
 * A local OpenID provider (oauth2-mock-server): discovery, JWKS, authorization with PKCE and the
 * token endpoint, for real. Stopped after the file's tests.
 */
export async function startGoogleDouble(): Promise<GoogleDouble> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let account: Record<string, unknown> = { sub: 'google-sub-default' };
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, account);
  });
  // A test may have stopped it already (the provider unreachable).
  afterAll(async () => {
    await server.stop().catch(() => undefined);
  });
  return {
    server,
    env: { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER: server.issuer.url! },
    setAccount: (claims) => void (account = claims),
  };
}

type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;

export function cookieValue(res: Injected, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

export interface GoogleFlow {
  sessionId: string;
  /** The browser's binding cookie from authorize. */
  browser: string;
  authorize: Injected;
  /** The callback address the provider sent the browser back to (path and query). */
  callbackPath: string | null;
}

/** The window's first two hops: planns' authorize, then the provider's authorize (which redirects back). */
export async function startFlow(
  app: FastifyInstance,
  options: { sessionId: string; origin?: string; cookies?: Record<string, string>; ip?: string },
): Promise<GoogleFlow> {
  const authorize = await app.inject({
    method: 'GET',
    url: `/google/mobile/authorize?session_id=${options.sessionId}&origin=${encodeURIComponent(options.origin ?? 'http://localhost:3000')}&nocache=1`,
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  const browser = cookieValue(authorize, 'planns_google') ?? options.cookies?.planns_google ?? '';
  if (authorize.statusCode !== 302) return { sessionId: options.sessionId, browser, authorize, callbackPath: null };
  const provider = await fetch(String(authorize.headers.location), { redirect: 'manual' });
  const back = provider.headers.get('location');
  if (!back) throw new Error(`the provider answered ${provider.status} without a redirect: ${await provider.text()}`);
  const url = new URL(back);
  return { sessionId: options.sessionId, browser, authorize, callbackPath: `${url.pathname}${url.search}` };
}
