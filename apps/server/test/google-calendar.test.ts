import crypto from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { addResponse, buildEvent } from './event-factory.ts';
import { CLIENT_ID, CLIENT_SECRET, startGoogleDouble } from './google-calendar-double.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

/*
 * The google calendar provider (issue 19, decision 0043) against an HTTP double of Google's token,
 * revoke and Calendar endpoints (google-calendar-double.ts): connecting (PKCE checked by the double),
 * adding, updating through the job queued by an event's change, deleting, disconnecting, tokens
 * kept encrypted, the refresh of an expired access token, and Google's failures answered 4xx/502.
 */

const google = await startGoogleDouble();
afterAll(() => google.close());

const ctx = await createTestApp({
  env: {
    RATE_LIMIT_MAX: '1000000',
    PUBLIC_URL: 'http://localhost:3000',
    CALENDAR_PROVIDER: 'google',
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_AUTH_URL: google.url,
    GOOGLE_OAUTH_URL: google.url,
    GOOGLE_CALENDAR_API_URL: `${google.url}/calendar/v3`,
    CALENDAR_TOKEN_KEY: crypto.randomBytes(32).toString('base64'),
  },
});
const { app, db, clock } = ctx;

type Headers = Record<string, string>;

beforeEach(() => {
  google.failNext(0, 503);
});

async function person(name: string, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, { name, ...overrides });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

/** The window's round trip: GET google/authorize, consent at the double, Google's redirect to the callback. */
async function connect(headers: Headers, email = 'ada@example.com') {
  const authorize = await app.inject({ method: 'GET', url: '/api/google/authorize', headers });
  expect(authorize.statusCode).toBe(302);
  const location = authorize.headers.location as string;
  const state = new URL(location).searchParams.get('state')!;
  const code = google.consent(location, email);
  const callback = await app.inject({ method: 'GET', url: `/api/google/callback?${new URLSearchParams({ code, state, scope: 'email openid' })}`, headers });
  return { authorize, location, state, code, callback };
}

/** The JSON the callback page hands its script. */
function pageResult(html: string): { message: Record<string, unknown>; origin: string } {
  const json = /<script type="application\/json" id="result">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no result in the page');
  return JSON.parse(json) as { message: Record<string, unknown>; origin: string };
}

const add = (headers: Headers, id: number | string) => app.inject({ method: 'POST', url: '/api/google-calendar/add-event', headers, payload: { id } });
const remove = (headers: Headers, id: number) => app.inject({ method: 'DELETE', url: `/api/google-calendar/event/${id}`, headers });
const status = (headers: Headers, id: number) => app.inject({ method: 'GET', url: `/api/google-calendar/event/${id}`, headers });
const entryOf = (userId: number, eventId: number) =>
  db.selectFrom('google_calendar_entries').selectAll().where('user_id', '=', userId).where('event_id', '=', eventId).executeTakeFirst();

describe('connecting (GET google/authorize and google/callback)', () => {
  it('sends the window to Google with PKCE and a state, exchanges the code with the verifier, keeps the tokens encrypted and tells the page only the email', async () => {
    const ada = await person('Ada Connect');
    const { location, callback } = await connect(ada.headers, 'ada.connect@example.com');
    const consent = new URL(location);
    expect(consent.origin + consent.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: 'http://localhost:3000/api/google/callback',
      access_type: 'offline',
      scope: 'openid email https://www.googleapis.com/auth/calendar.events',
    });
    expect(consent.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state is kept only as a hash.
    const states = await db.selectFrom('google_oauth_states').select('state_hash').execute();
    expect(states.map((s) => s.state_hash)).not.toContain(consent.searchParams.get('state'));

    expect(callback.statusCode).toBe(200);
    expect(callback.headers['content-type']).toMatch(/^text\/html/);
    expect(callback.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    const result = pageResult(callback.body);
    expect(result).toEqual({ message: { type: 'planns:google-calendar', status: 'connected', email: 'ada.connect@example.com' }, origin: 'http://localhost:3000', channel: 'planns:google-calendar' });

    const account = await db.selectFrom('google_calendar_accounts').selectAll().where('user_id', '=', ada.user.id).executeTakeFirstOrThrow();
    const [refreshToken] = [...google.refreshTokens].find(([, email]) => email === 'ada.connect@example.com')!;
    expect(account.email).toBe('ada.connect@example.com');
    expect(account.refresh_token_enc).toMatch(/^v1\./);
    expect(account.refresh_token_enc).not.toContain(refreshToken);
    expect(callback.body).not.toContain(refreshToken);
    for (const token of google.accessTokens.keys()) {
      expect(account.access_token_enc).not.toContain(token);
      expect(callback.body).not.toContain(token);
    }

    const me = await app.inject({ method: 'GET', url: '/api/user', headers: ada.headers });
    expect(me.json().data).toMatchObject({ google_email: 'ada.connect@example.com', google_token_expires_in: 3599 });
    expect(me.body).not.toContain(refreshToken);
  });

  it('opens at the spec’s /google/authorize, which leads to the API’s, whatever the spec’s token and origin say', async () => {
    const ada = await person('Ada Window');
    const window = await app.inject({ method: 'GET', url: '/google/authorize?token=ignored&origin=https%3A%2F%2Fevil.example', headers: ada.headers });
    expect(window.statusCode).toBe(302);
    expect(window.headers.location).toBe('/api/google/authorize');
    const authorize = await app.inject({ method: 'GET', url: window.headers.location as string, headers: ada.headers });
    expect(authorize.statusCode).toBe(302);
    expect(new URL(authorize.headers.location as string).searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('refuses a wrong PKCE verifier, another person’s state and a state used twice', async () => {
    const ada = await person('Ada State');
    const eve = await person('Eve State');
    // Eve's browser is sent the callback of Ada's authorization: refused, nothing connected to Eve.
    const authorize = await app.inject({ method: 'GET', url: '/api/google/authorize', headers: ada.headers });
    const location = authorize.headers.location as string;
    const state = new URL(location).searchParams.get('state')!;
    const code = google.consent(location);
    const stolen = await app.inject({ method: 'GET', url: `/api/google/callback?code=${encodeURIComponent(code)}&state=${state}`, headers: eve.headers });
    expect(pageResult(stolen.body).message).toMatchObject({ status: 'error', reason: 'invalid_state' });
    // The state was taken: Ada's own callback now finds it used.
    const late = await app.inject({ method: 'GET', url: `/api/google/callback?code=${encodeURIComponent(code)}&state=${state}`, headers: ada.headers });
    expect(pageResult(late.body).message).toMatchObject({ status: 'error', reason: 'invalid_state' });
    // A code whose verifier is not the challenge's: the double refuses the exchange.
    const again = await app.inject({ method: 'GET', url: '/api/google/authorize', headers: ada.headers });
    const otherState = new URL(again.headers.location as string).searchParams.get('state')!;
    const forged = google.consent((again.headers.location as string).replace(/code_challenge=[^&]+/, `code_challenge=${'A'.repeat(43)}`));
    const wrong = await app.inject({ method: 'GET', url: `/api/google/callback?code=${encodeURIComponent(forged)}&state=${otherState}`, headers: ada.headers });
    expect(pageResult(wrong.body).message).toMatchObject({ status: 'error' });
    // Google's own refusal (the person said no).
    const third = await app.inject({ method: 'GET', url: '/api/google/authorize', headers: ada.headers });
    const thirdState = new URL(third.headers.location as string).searchParams.get('state')!;
    const denied = await app.inject({ method: 'GET', url: `/api/google/callback?error=access_denied&state=${thirdState}`, headers: ada.headers });
    expect(pageResult(denied.body).message).toMatchObject({ status: 'error', reason: 'denied' });
    expect(await db.selectFrom('google_calendar_accounts').select('user_id').where('user_id', 'in', [ada.user.id, eve.user.id]).execute()).toEqual([]);
  });

  it('needs a session for every route', async () => {
    const event = await buildEvent(db, { name: 'Signed out' });
    for (const [method, url] of [
      ['GET', '/api/google/authorize'],
      ['GET', `/api/google-calendar/event/${event.id}`],
      ['DELETE', `/api/google-calendar/event/${event.id}`],
      ['POST', '/api/google/logout'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await app.inject({ method: 'POST', url: '/api/google-calendar/add-event', payload: { id: event.id } })).statusCode).toBe(401);
    const callback = await app.inject({ method: 'GET', url: '/api/google/callback?code=x&state=y' });
    expect(pageResult(callback.body).message).toMatchObject({ status: 'error', reason: 'invalid_state' });
  });
});

describe('adding, updating and deleting', () => {
  it('adds an event the person may see, once however often asked, and says so', async () => {
    const ada = await person('Ada Add');
    const event = await buildEvent(db, { name: 'Paella night', venue: 'Casa Gran', address: 'Carrer Gran 1', lat: 41.4, lng: 2.17, start_date: '2026-03-01T18:00:00Z', end_date: '2026-03-01T21:00:00Z' });
    expect((await add(ada.headers, event.id)).statusCode).toBe(409); // not connected yet
    await connect(ada.headers);
    expect((await status(ada.headers, event.id)).json().data).toEqual({ email: 'ada@example.com', has_google_calendar: false });
    const first = await add(ada.headers, event.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ email: 'ada@example.com', has_google_calendar: true });
    const entry = await entryOf(ada.user.id, event.id);
    expect(entry?.google_event_id).toMatch(/^[a-v0-9]{5,}$/);
    const stored = google.events.get(entry!.google_event_id)!;
    expect(stored).toMatchObject({
      summary: 'Paella night',
      location: 'Casa Gran, Carrer Gran 1',
      start: { dateTime: '2026-03-01T18:00:00.000Z', timeZone: 'Europe/Madrid' },
      end: { dateTime: '2026-03-01T21:00:00.000Z', timeZone: 'Europe/Madrid' },
      status: 'confirmed',
    });
    expect(stored.description).toContain(`/events/${event.hash}`);
    const before = google.events.size;
    expect((await add(ada.headers, event.id)).statusCode).toBe(200);
    expect(google.events.size).toBe(before);
    expect((await status(ada.headers, event.id)).json().data.has_google_calendar).toBe(true);
  });

  it('answers 404 for an event the person may not see, and 409 for one a moderator removed', async () => {
    const ada = await person('Ada Private');
    await connect(ada.headers);
    const hidden = await buildEvent(db, { name: 'Secret', visibility: 'private' });
    const removed = await buildEvent(db, { name: 'Removed', deleted_by_moderator_at: new Date() });
    expect((await add(ada.headers, hidden.id)).statusCode).toBe(404);
    expect((await status(ada.headers, hidden.id)).statusCode).toBe(404);
    expect((await remove(ada.headers, hidden.id)).statusCode).toBe(404);
    expect((await add(ada.headers, removed.id)).json().error.code).toBe('conflict');
    expect((await add(ada.headers, 'abc')).statusCode).toBe(422);
  });

  it('deletes the entry from the calendar, then has nothing to delete', async () => {
    const ada = await person('Ada Delete');
    await connect(ada.headers);
    const event = await buildEvent(db, { name: 'To delete' });
    await add(ada.headers, event.id);
    const id = (await entryOf(ada.user.id, event.id))!.google_event_id;
    const res = await remove(ada.headers, event.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email: 'ada@example.com', has_google_calendar: false });
    expect(google.events.get(id)?.status).toBe('cancelled');
    expect(await entryOf(ada.user.id, event.id)).toBeUndefined();
    expect((await remove(ada.headers, event.id)).statusCode).toBe(404);
    // Added again after a delete: the same entry comes back.
    expect((await add(ada.headers, event.id)).statusCode).toBe(200);
    expect(google.events.get(id)?.status).toBe('confirmed');
  });

  it('updates each entry when the event’s name, time or place changes, through the job queued with the change', async () => {
    const owner = await person('Owner Sync');
    const ada = await person('Ada Sync');
    await connect(ada.headers);
    const event = await buildEvent(db, { user_id: owner.user.id, name: 'Board games', venue: 'Bar', address: 'Carrer Gran 1', lat: 41.4, lng: 2.17 });
    await add(ada.headers, event.id);
    const id = (await entryOf(ada.user.id, event.id))!.google_event_id;
    const put = await app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      headers: owner.headers,
      payload: { name: 'Board games (moved)', description: 'Bring snacks', start_date: '2026-03-02 19:00:00', end_date: '2026-03-02 23:00:00', address: 'Carrer Nou 2, Barcelona', venue: 'Casa Nova', lat: 41.41, lng: 2.18, categories: [1] },
    });
    expect(put.statusCode).toBe(200);
    const jobs = await db.selectFrom('graphile_worker.jobs' as never).select(['task_identifier' as never]).execute();
    expect(jobs.map((j) => (j as { task_identifier: string }).task_identifier)).toContain('calendar.google_sync_event');
    await ctx.runDueJobs();
    const stored = google.events.get(id)!;
    expect(stored.summary).toBe('Board games (moved)');
    expect(stored.location).toBe('Casa Nova, Carrer Nou 2, Barcelona');
    const sequence = (await db.selectFrom('events').select('calendar_sequence').where('id', '=', event.id).executeTakeFirstOrThrow()).calendar_sequence;
    expect((await entryOf(ada.user.id, event.id))?.synced_sequence).toBe(sequence);
    // Run again: nothing left to do, nothing sent.
    const calls = google.calls.length;
    await ctx.runDueJobs();
    expect(google.calls.length).toBe(calls);
  });

  it('removes the entry when the person may no longer see the event, and when a moderator removes it or the owner deletes it', async () => {
    const owner = await person('Owner Access');
    const ada = await person('Ada Access');
    const bea = await person('Bea Access');
    await connect(ada.headers, 'ada.access@example.com');
    await connect(bea.headers, 'bea.access@example.com');
    const event = await buildEvent(db, { user_id: owner.user.id, name: 'Open house' });
    await add(ada.headers, event.id);
    await add(bea.headers, event.id);
    await addResponse(db, event.id, bea.user.id, 'going'); // Bea answered: she still sees it once private
    const adaId = (await entryOf(ada.user.id, event.id))!.google_event_id;
    const beaId = (await entryOf(bea.user.id, event.id))!.google_event_id;
    // Made private, and renamed: Ada (no answer, no invite) loses access; her entry is removed, not updated.
    await db.updateTable('events').set({ visibility: 'private', name: 'Closed house' }).where('id', '=', event.id).execute();
    await ctx.runDueJobs();
    expect(google.events.get(adaId)).toMatchObject({ status: 'cancelled', summary: 'Open house' });
    expect(await entryOf(ada.user.id, event.id)).toBeUndefined();
    expect(google.events.get(beaId)).toMatchObject({ status: 'confirmed', summary: 'Closed house' });
    // The owner deletes it: the entries go with the event, their removal at Google queued first.
    expect((await app.inject({ method: 'DELETE', url: `/api/events/${event.id}`, headers: owner.headers })).statusCode).toBe(200);
    await ctx.runDueJobs();
    expect(google.events.get(beaId)?.status).toBe('cancelled');

    const moderator = await person('Mod Access', { is_moderator: true });
    const other = await buildEvent(db, { name: 'Spam' });
    await add(bea.headers, other.id);
    const spamId = (await entryOf(bea.user.id, other.id))!.google_event_id;
    expect((await app.inject({ method: 'DELETE', url: `/api/events/moderator/${other.id}`, headers: moderator.headers })).statusCode).toBe(200);
    await ctx.runDueJobs();
    expect(google.events.get(spamId)?.status).toBe('cancelled');
    expect(await entryOf(bea.user.id, other.id)).toBeUndefined();
  });

  it('queues nothing for a change a calendar does not show, and forgets the entries when another Google account is connected', async () => {
    const ada = await person('Ada Quiet');
    await connect(ada.headers, 'ada.first@example.com');
    const event = await buildEvent(db, { name: 'Quiet' });
    await add(ada.headers, event.id);
    await ctx.runDueJobs();
    await db.updateTable('events').set({ description: 'Only the text changed' }).where('id', '=', event.id).execute();
    const jobs = await db.selectFrom('graphile_worker.jobs' as never).select(['task_identifier' as never]).execute();
    expect(jobs.map((j) => (j as { task_identifier: string }).task_identifier)).not.toContain('calendar.google_sync_event');
    expect(await entryOf(ada.user.id, event.id)).toBeDefined();
    await connect(ada.headers, 'ada.second@example.com');
    expect(await entryOf(ada.user.id, event.id)).toBeUndefined();
    expect((await status(ada.headers, event.id)).json().data).toEqual({ email: 'ada.second@example.com', has_google_calendar: false });
  });

  it('adds the event on POST events/{id}/join with use_google_calendar', async () => {
    const ada = await person('Ada Join');
    await connect(ada.headers, 'ada.join@example.com');
    const event = await buildEvent(db, { name: 'Join and add' });
    const joined = await app.inject({ method: 'POST', url: `/api/events/${event.id}/join`, headers: ada.headers, payload: { use_google_calendar: true } });
    expect(joined.statusCode).toBe(200);
    await ctx.runDueJobs();
    const entry = await entryOf(ada.user.id, event.id);
    expect(google.events.get(entry!.google_event_id)?.summary).toBe('Join and add');
    // Without the flag nothing is added.
    const other = await buildEvent(db, { name: 'Join only' });
    await app.inject({ method: 'POST', url: `/api/events/${other.id}/join`, headers: ada.headers, payload: { use_google_calendar: false } });
    await ctx.runDueJobs();
    expect(await entryOf(ada.user.id, other.id)).toBeUndefined();
  });
});

describe('tokens and failures', () => {
  it('refreshes an expired access token from the refresh token, and stores the new one encrypted', async () => {
    const ada = await person('Ada Refresh');
    await connect(ada.headers, 'ada.refresh@example.com');
    const before = await db.selectFrom('google_calendar_accounts').selectAll().where('user_id', '=', ada.user.id).executeTakeFirstOrThrow();
    const issued = new Set(google.accessTokens.keys());
    for (const token of issued) google.accessTokens.set(token, false); // Google expired them
    clock.advance(2 * 3600 * 1000);
    const event = await buildEvent(db, { name: 'After an hour' });
    const calls = google.calls.length;
    expect((await add(ada.headers, event.id)).statusCode).toBe(200);
    expect(google.calls.slice(calls)).toEqual(['POST /token', 'POST /calendar/v3/calendars/primary/events']);
    const after = await db.selectFrom('google_calendar_accounts').selectAll().where('user_id', '=', ada.user.id).executeTakeFirstOrThrow();
    expect(after.access_token_enc).not.toBe(before.access_token_enc);
    expect(after.access_expires_at.getTime()).toBe(clock.now().getTime() + 3599 * 1000);
    const fresh = [...google.accessTokens.keys()].find((t) => !issued.has(t))!;
    expect(after.access_token_enc).not.toContain(fresh);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: ada.headers });
    expect(me.json().data.google_token_expires_in).toBe(3599);
  });

  it('answers 502 provider_unavailable when Google fails or cannot be reached, never a 500, and keeps nothing half done', async () => {
    const ada = await person('Ada Failure');
    await connect(ada.headers, 'ada.failure@example.com');
    const event = await buildEvent(db, { name: 'Flaky' });
    google.failNext(1, 503);
    const down = await add(ada.headers, event.id);
    expect(down.statusCode).toBe(502);
    expect(down.json().error.code).toBe('provider_unavailable');
    google.failNext(1, 'drop');
    expect((await add(ada.headers, event.id)).statusCode).toBe(502);
    google.failNext(1, 400);
    expect((await add(ada.headers, event.id)).statusCode).toBe(502);
    expect(await entryOf(ada.user.id, event.id)).toBeUndefined();
    expect((await add(ada.headers, event.id)).statusCode).toBe(200);
    google.failNext(1, 500);
    expect((await remove(ada.headers, event.id)).statusCode).toBe(502);
    expect(await entryOf(ada.user.id, event.id)).toBeDefined();
    // A change while Google is down: the job fails and is retried later; the entry catches up.
    await db.updateTable('events').set({ name: 'Flaky (renamed)' }).where('id', '=', event.id).execute();
    google.failNext(1, 503);
    await ctx.runDueJobs().catch(() => {});
    const id = (await entryOf(ada.user.id, event.id))!.google_event_id;
    expect(google.events.get(id)?.summary).toBe('Flaky');
    await db.updateTable('graphile_worker._private_jobs' as never).set({ run_at: new Date(0) } as never).execute();
    await ctx.runDueJobs();
    expect(google.events.get(id)?.summary).toBe('Flaky (renamed)');
  });

  it('ends the connection when Google no longer honours the grant (409: connect again)', async () => {
    const ada = await person('Ada Revoked');
    await connect(ada.headers, 'ada.revoked@example.com');
    const [refresh] = [...google.refreshTokens].find(([, email]) => email === 'ada.revoked@example.com')!;
    google.revoked.add(refresh); // revoked from the person's Google account page
    for (const token of google.accessTokens.keys()) google.accessTokens.set(token, false);
    const event = await buildEvent(db, { name: 'Revoked' });
    const res = await add(ada.headers, event.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/connect it again/);
    expect(await db.selectFrom('google_calendar_accounts').select('user_id').where('user_id', '=', ada.user.id).executeTakeFirst()).toBeUndefined();
  });

  it('logs out: revokes the grant at Google and forgets the tokens and the entries’ ids', async () => {
    const ada = await person('Ada Logout');
    await connect(ada.headers, 'ada.logout@example.com');
    const [refresh] = [...google.refreshTokens].find(([, email]) => email === 'ada.logout@example.com')!;
    const event = await buildEvent(db, { name: 'Before logout' });
    await add(ada.headers, event.id);
    google.failNext(1, 503);
    expect((await app.inject({ method: 'POST', url: '/api/google/logout', headers: ada.headers })).statusCode).toBe(502);
    expect(google.revoked.has(refresh)).toBe(false);
    const res = await app.inject({ method: 'POST', url: '/api/google/logout', headers: ada.headers });
    expect(res.statusCode).toBe(200);
    expect(google.revoked.has(refresh)).toBe(true);
    expect(await db.selectFrom('google_calendar_accounts').select('user_id').where('user_id', '=', ada.user.id).executeTakeFirst()).toBeUndefined();
    expect(await entryOf(ada.user.id, event.id)).toBeUndefined();
    expect((await status(ada.headers, event.id)).json().data).toEqual({ email: null, has_google_calendar: false });
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: ada.headers })).json().data).toMatchObject({ google_email: null, google_token_expires_in: null });
    expect((await add(ada.headers, event.id)).statusCode).toBe(409);
    // Nothing connected: nothing to do.
    expect((await app.inject({ method: 'POST', url: '/api/google/logout', headers: ada.headers })).statusCode).toBe(200);
  });
});

describe('with CALENDAR_PROVIDER=ics', async () => {
  const ics = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });

  it('answers every Google route with a 409 naming the configuration, and says ics in the client config', async () => {
    const user = await buildUser(ics.db, { name: 'Ics Person' });
    const { headers } = await signIn(ics, user.id);
    const event = await buildEvent(ics.db, { name: 'Ics event' });
    const calls = [
      ics.app.inject({ method: 'GET', url: '/api/google/authorize', headers }),
      ics.app.inject({ method: 'GET', url: `/api/google-calendar/event/${event.id}`, headers }),
      ics.app.inject({ method: 'POST', url: '/api/google-calendar/add-event', headers, payload: { id: event.id } }),
      ics.app.inject({ method: 'DELETE', url: `/api/google-calendar/event/${event.id}`, headers }),
      ics.app.inject({ method: 'POST', url: '/api/google/logout', headers }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/CALENDAR_PROVIDER/);
    }
    const callback = await ics.app.inject({ method: 'GET', url: '/api/google/callback?code=x&state=y', headers });
    expect(pageResult(callback.body).message).toMatchObject({ status: 'error', reason: 'not_configured' });
    expect((await ics.app.inject({ method: 'GET', url: '/api/config' })).json().data.calendar_provider).toBe('ics');
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().data.calendar_provider).toBe('google');
    // Joining with use_google_calendar queues nothing without the provider.
    await ics.app.inject({ method: 'POST', url: `/api/events/${event.id}/join`, headers, payload: { use_google_calendar: true } });
    const jobs = await ics.db.selectFrom('graphile_worker.jobs' as never).select(['task_identifier' as never]).execute();
    expect(jobs.map((j) => (j as { task_identifier: string }).task_identifier)).not.toContain('calendar.google_add_event');
  });
});
