import crypto from 'node:crypto';
import { Events, OAuth2Server } from 'oauth2-mock-server';

/**
 * Google sign-in is on in the e2e server, against a local OpenID provider (oauth2-mock-server)
 * that google-signin.spec.ts starts here with startGoogleProvider(); the server discovers it at
 * the first sign-in, so the other specs only see the button (the accessibility walk checks it).
 */
export const E2E_GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT ?? 3591);
// oauth2-mock-server names itself http://localhost:{port} whatever address it listens on.
export const E2E_GOOGLE_ISSUER = `http://localhost:${E2E_GOOGLE_PORT}`;

export interface GoogleProvider {
  server: OAuth2Server;
  /** Claims added to the tokens of the sign-ins that follow (email, email_verified ...). */
  setClaims(claims: Record<string, unknown>): void;
}

/**
 * The provider double: its authorize endpoint answers at once (as Google does for a person already
 * signed in), each sign-in as a new Google account of its own (a new `sub` per token request).
 */
export async function startGoogleProvider(): Promise<GoogleProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  let claims: Record<string, unknown> = {};
  // Every token of one token request (the access token and the ID token) names the same account.
  let sub = '';
  let lastRequest: unknown = null;
  server.service.on(Events.BeforeTokenSigning, (token, request) => {
    if (request !== lastRequest) {
      lastRequest = request;
      sub = `e2e-${crypto.randomUUID()}`;
    }
    Object.assign(token.payload, { sub, ...claims });
  });
  await server.start(E2E_GOOGLE_PORT, 'localhost');
  return { server, setClaims: (next) => void (claims = next) };
}
