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

/**
 * The provider double: its authorize endpoint answers at once (as Google does for a person already
 * signed in), each sign-in as a new Google account of its own.
 */
export async function startGoogleProvider(): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, { sub: `e2e-${crypto.randomUUID()}` });
  });
  await server.start(E2E_GOOGLE_PORT, 'localhost');
  return server;
}
