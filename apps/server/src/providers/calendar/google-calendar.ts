import type { CalendarEntry, CalendarOptions, CalendarProvider } from './calendar-provider.ts';
import { writeCalendar } from './ics-writer.ts';
import { TokenCipher } from './token-cipher.ts';

/**
 * The google calendar provider (decision 0043): the .ics download and feed as with `ics`, and
 * Google's OAuth 2.0 (authorization code with PKCE) and Calendar API v3 for the events people add
 * to their primary calendar. Plain HTTPS calls (no SDK): the few endpoints below, each with a
 * time limit. The base addresses come from the configuration, so tests put a double behind them.
 */

export const GOOGLE_CALENDAR_SCOPES = ['openid', 'email', 'https://www.googleapis.com/auth/calendar.events'] as const;
const TIMEOUT_MS = 10_000;

export interface GoogleCalendarOptions {
  clientId: string;
  clientSecret: string;
  /** accounts.google.com: the consent screen. */
  authUrl: string;
  /** oauth2.googleapis.com: /token and /revoke. */
  oauthUrl: string;
  /** www.googleapis.com/calendar/v3. */
  calendarApiUrl: string;
  tokenKey: string;
}

/**
 * What went wrong with a call to Google. `unreachable`: no answer, a 5xx or a 429 (try again
 * later); `revoked`: the grant is gone (invalid_grant, or 401 with a fresh token): the connection
 * must be made again; `gone`: the calendar event no longer exists; `exists`: an event with that
 * id exists already; `refused`: any other answer.
 */
export class GoogleCalendarError extends Error {
  readonly kind: 'unreachable' | 'revoked' | 'gone' | 'exists' | 'refused';
  readonly status: number | null;
  constructor(kind: GoogleCalendarError['kind'], message: string, status: number | null = null, options?: ErrorOptions) {
    super(message, options);
    this.name = 'GoogleCalendarError';
    this.kind = kind;
    this.status = status;
  }
}

export interface GoogleTokens {
  accessToken: string;
  /** Absent when Google keeps the one it gave before (a refresh). */
  refreshToken: string | null;
  expiresInSeconds: number;
  /** The account's email, from the ID token of the code exchange. */
  email: string | null;
}

/** The body of a Google Calendar event (events resource) planns writes. */
export interface GoogleEventBody {
  id: string;
  summary: string;
  description: string;
  location?: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  status: 'confirmed';
  source: { title: string; url: string };
}

/** An entry as a Google event: the same times, place and text as the .ics (one source: CalendarEntry). */
export function toGoogleEvent(googleEventId: string, entry: CalendarEntry): GoogleEventBody {
  const zone = entry.timeZone ? { timeZone: entry.timeZone } : {};
  // Google needs an end; an event without one takes no time, as in the .ics (no DTEND).
  const end = entry.end ?? entry.start;
  return {
    id: googleEventId,
    summary: entry.summary,
    description: entry.description,
    ...(entry.location ? { location: entry.location } : {}),
    start: { dateTime: entry.start.toISOString(), ...zone },
    end: { dateTime: end.toISOString(), ...zone },
    status: 'confirmed',
    source: { title: 'planns', url: entry.url },
  };
}

/** The payload of a JWT (the ID token came straight from Google's token endpoint over TLS: OIDC Core §3.1.3.7). */
function jwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class GoogleCalendarProvider implements CalendarProvider {
  readonly name = 'google' as const;
  readonly cipher: TokenCipher;
  readonly #options: GoogleCalendarOptions;

  constructor(options: GoogleCalendarOptions) {
    this.#options = options;
    this.cipher = new TokenCipher(options.tokenKey);
  }

  calendarFile(entries: readonly CalendarEntry[], options: CalendarOptions): string {
    return writeCalendar(entries, options);
  }

  /** The consent screen's address: code flow, PKCE (S256), a refresh token (offline, consent asked again). */
  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL('/o/oauth2/v2/auth', this.#options.authUrl);
    url.search = new URLSearchParams({
      client_id: this.#options.clientId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: GOOGLE_CALENDAR_SCOPES.join(' '),
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
    }).toString();
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<GoogleTokens> {
    const body = await this.#token({
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.codeVerifier,
      redirect_uri: input.redirectUri,
    });
    const idToken = typeof body.id_token === 'string' ? jwtPayload(body.id_token) : null;
    const scope = typeof body.scope === 'string' ? body.scope.split(' ') : [];
    if (!scope.includes('https://www.googleapis.com/auth/calendar.events')) {
      throw new GoogleCalendarError('refused', 'Google did not grant access to the calendar');
    }
    return { ...this.#tokens(body), email: typeof idToken?.email === 'string' ? idToken.email : null };
  }

  async refresh(refreshToken: string): Promise<GoogleTokens> {
    return { ...this.#tokens(await this.#token({ grant_type: 'refresh_token', refresh_token: refreshToken })), email: null };
  }

  /** Revokes the grant (the refresh token and the access tokens made from it). A token Google no longer knows counts as revoked. */
  async revoke(token: string): Promise<void> {
    const response = await this.#fetch(new URL('/revoke', this.#options.oauthUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    if (response.ok) return;
    const body = await this.#json(response);
    if (response.status === 400 && body.error === 'invalid_token') return;
    throw this.#failure(response.status, 'revoke', body);
  }

  /** Inserts the event into the primary calendar with planns' own id (a second insert is `exists`). */
  async insertEvent(accessToken: string, event: GoogleEventBody): Promise<void> {
    await this.#calendar(accessToken, 'POST', '', event);
  }

  /** Replaces the event (its whole body: idempotent); one deleted at Google comes back to confirmed. */
  async updateEvent(accessToken: string, event: GoogleEventBody): Promise<void> {
    await this.#calendar(accessToken, 'PUT', `/${encodeURIComponent(event.id)}`, event);
  }

  /** Deletes the event; one already gone counts as deleted. */
  async deleteEvent(accessToken: string, googleEventId: string): Promise<void> {
    try {
      await this.#calendar(accessToken, 'DELETE', `/${encodeURIComponent(googleEventId)}`);
    } catch (err) {
      if (err instanceof GoogleCalendarError && err.kind === 'gone') return;
      throw err;
    }
  }

  async #calendar(accessToken: string, method: string, path: string, body?: unknown): Promise<void> {
    const url = new URL(`${this.#options.calendarApiUrl.replace(/\/$/, '')}/calendars/primary/events${path}`);
    if (method !== 'DELETE') url.searchParams.set('sendUpdates', 'none');
    const response = await this.#fetch(url, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (response.ok) {
      await response.arrayBuffer();
      return;
    }
    const json = await this.#json(response);
    if (response.status === 404 || response.status === 410) throw new GoogleCalendarError('gone', 'The calendar event is gone', response.status);
    if (response.status === 409) throw new GoogleCalendarError('exists', 'The calendar event exists already', response.status);
    throw this.#failure(response.status, `calendar ${method}`, json);
  }

  async #token(params: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await this.#fetch(new URL('/token', this.#options.oauthUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, client_id: this.#options.clientId, client_secret: this.#options.clientSecret }).toString(),
    });
    const body = await this.#json(response);
    if (!response.ok) {
      if (body.error === 'invalid_grant') throw new GoogleCalendarError('revoked', 'Google refused the grant', response.status);
      throw this.#failure(response.status, 'token', body);
    }
    return body;
  }

  #tokens(body: Record<string, unknown>): Omit<GoogleTokens, 'email'> {
    if (typeof body.access_token !== 'string' || body.access_token === '') throw new GoogleCalendarError('refused', 'Google sent no access token');
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    return { accessToken: body.access_token, refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null, expiresInSeconds: expiresIn };
  }

  #failure(status: number, what: string, body: Record<string, unknown>): GoogleCalendarError {
    if (status === 401) return new GoogleCalendarError('revoked', `Google refused the credentials (${what})`, status);
    if (status >= 500 || status === 429) return new GoogleCalendarError('unreachable', `Google answered ${status} (${what})`, status);
    const detail = typeof body.error === 'string' ? body.error : typeof (body.error as { message?: unknown } | undefined)?.message === 'string' ? (body.error as { message: string }).message : '';
    return new GoogleCalendarError('refused', `Google answered ${status} (${what})${detail ? `: ${detail}` : ''}`, status);
  }

  async #json(response: Response): Promise<Record<string, unknown>> {
    try {
      const body: unknown = await response.json();
      return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  async #fetch(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new GoogleCalendarError('unreachable', `Google could not be reached (${url.pathname})`, null, { cause: err });
    }
  }
}
