import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP double of Google's OAuth token and revoke endpoints and of Calendar API v3's events of
 * the primary calendar (decision 0043), on a local port, for the google calendar tests. It checks
 * what Google checks: the client's id and secret, the redirect URI, the PKCE verifier against the
 * challenge of the consent (S256), the bearer access token of each calendar call (expired ones
 * refused with 401), and it keeps the events and the revoked tokens for the tests to read.
 */

export const CLIENT_ID = 'planns-test.apps.googleusercontent.com';
export const CLIENT_SECRET = 'test-client-secret';

interface Consent {
  challenge: string;
  redirectUri: string;
  email: string;
}

export interface CalendarEvent {
  id: string;
  summary: string;
  description: string;
  location?: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  status: string;
}

export interface GoogleDouble {
  url: string;
  /** What consenting on Google's screen does: a code for the consent screen's challenge. */
  consent(authorizeUrl: string, email?: string): string;
  events: Map<string, CalendarEvent>;
  calls: string[];
  revoked: Set<string>;
  refreshTokens: Map<string, string>;
  /** Access tokens issued, and whether each still works. */
  accessTokens: Map<string, boolean>;
  /** The next calls answer with this status (or are cut off) instead. */
  failNext(count: number, status: number | 'drop'): void;
  close(): Promise<void>;
}

const base64url = (b: Buffer) => b.toString('base64url');

function idToken(email: string): string {
  const header = base64url(Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })));
  const payload = base64url(Buffer.from(JSON.stringify({ iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: crypto.randomUUID(), email, email_verified: true })));
  return `${header}.${payload}.${base64url(crypto.randomBytes(32))}`;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startGoogleDouble(): Promise<GoogleDouble> {
  const consents = new Map<string, Consent>();
  const events = new Map<string, CalendarEvent>();
  const calls: string[] = [];
  const revoked = new Set<string>();
  const refreshTokens = new Map<string, string>(); // refresh token -> email
  const accessTokens = new Map<string, boolean>();
  let failures: { count: number; status: number | 'drop' } = { count: 0, status: 503 };

  const issueAccess = () => {
    const token = `ya29.${base64url(crypto.randomBytes(24))}`;
    accessTokens.set(token, true);
    return token;
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const body = await readBody(req);
      calls.push(`${req.method} ${url.pathname}`);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(status === 204 ? undefined : JSON.stringify(json));
      };
      if (failures.count > 0) {
        failures.count -= 1;
        if (failures.status === 'drop') return void req.socket.destroy();
        return send(failures.status, { error: { code: failures.status, message: 'Backend Error' } });
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) return send(401, { error: 'invalid_client' });
        if (form.get('grant_type') === 'authorization_code') {
          const consent = consents.get(form.get('code') ?? '');
          consents.delete(form.get('code') ?? '');
          if (!consent || consent.redirectUri !== form.get('redirect_uri')) return send(400, { error: 'invalid_grant' });
          const verifier = form.get('code_verifier') ?? '';
          if (base64url(crypto.createHash('sha256').update(verifier).digest()) !== consent.challenge) return send(400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
          const refresh = `1//${base64url(crypto.randomBytes(24))}`;
          refreshTokens.set(refresh, consent.email);
          return send(200, {
            access_token: issueAccess(),
            expires_in: 3599,
            refresh_token: refresh,
            scope: 'openid https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/userinfo.email',
            token_type: 'Bearer',
            id_token: idToken(consent.email),
          });
        }
        if (form.get('grant_type') === 'refresh_token') {
          const refresh = form.get('refresh_token') ?? '';
          if (!refreshTokens.has(refresh) || revoked.has(refresh)) return send(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
          return send(200, { access_token: issueAccess(), expires_in: 3599, scope: 'https://www.googleapis.com/auth/calendar.events', token_type: 'Bearer' });
        }
        return send(400, { error: 'unsupported_grant_type' });
      }
      if (req.method === 'POST' && url.pathname === '/revoke') {
        const token = new URLSearchParams(body).get('token') ?? '';
        if (!refreshTokens.has(token) || revoked.has(token)) return send(400, { error: 'invalid_token' });
        revoked.add(token);
        for (const key of accessTokens.keys()) accessTokens.set(key, false);
        return send(200, {});
      }
      const match = /^\/calendar\/v3\/calendars\/primary\/events(?:\/([^/]+))?$/.exec(url.pathname);
      if (match) {
        const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!accessTokens.get(bearer)) return send(401, { error: { code: 401, message: 'Invalid Credentials' } });
        const id = match[1] ? decodeURIComponent(match[1]) : undefined;
        if (req.method === 'POST' && !id) {
          const event = JSON.parse(body) as CalendarEvent;
          const existing = events.get(event.id);
          if (existing) return send(409, { error: { code: 409, message: 'The requested identifier already exists.' } });
          events.set(event.id, { ...event, status: event.status ?? 'confirmed' });
          return send(200, events.get(event.id));
        }
        if (req.method === 'PUT' && id) {
          if (!events.has(id)) return send(404, { error: { code: 404, message: 'Not Found' } });
          events.set(id, { ...(JSON.parse(body) as CalendarEvent), id });
          return send(200, events.get(id));
        }
        if (req.method === 'DELETE' && id) {
          const existing = events.get(id);
          if (!existing || existing.status === 'cancelled') return send(410, { error: { code: 410, message: 'Resource has been deleted' } });
          events.set(id, { ...existing, status: 'cancelled' });
          return send(204, null);
        }
      }
      send(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    consent(authorizeUrl, email = 'ada@example.com') {
      const params = new URL(authorizeUrl).searchParams;
      if (params.get('client_id') !== CLIENT_ID || params.get('code_challenge_method') !== 'S256') throw new Error('not a PKCE request of our client');
      const code = `4/${base64url(crypto.randomBytes(16))}`;
      consents.set(code, { challenge: params.get('code_challenge') ?? '', redirectUri: params.get('redirect_uri') ?? '', email });
      return code;
    },
    events,
    calls,
    revoked,
    refreshTokens,
    accessTokens,
    failNext(count, status) {
      failures = { count, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
