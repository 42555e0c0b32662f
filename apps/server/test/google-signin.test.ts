import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Events } from 'oauth2-mock-server';
import { GOOGLE_LOGIN_TTL_MS } from '@planns/shared/auth/google-login.schemas';
import { cookieValue, startFlow, startGoogleDouble, type GoogleFlow } from './google-double.ts';
import { approvePhone, buildUser, createTestApp, nextIp, nextPhone } from './harness.ts';

// Built while the file is collected, so that the harness's afterAll closes them.
const google = await startGoogleDouble();
const ctx = await createTestApp({ env: google.env });
const { app, db, clock } = ctx;
const off = await createTestApp();
// The provider's address answers nothing (a port nobody listens on: the double's, stopped).
const downProvider = await startGoogleDouble();
const down = await createTestApp({ env: downProvider.env });
await downProvider.server.stop();

const newSessionId = () => crypto.randomBytes(32).toString('base64url');
let subCounter = 0;
const newSub = () => `google-${process.pid}-${++subCounter}`;

function callback(flow: GoogleFlow, browser = flow.browser) {
  return app.inject({ method: 'GET', url: flow.callbackPath!, cookies: { planns_google: browser }, remoteAddress: nextIp() });
}

function check(sessionId: string, browser: string | null) {
  return app.inject({
    method: 'GET',
    url: `/api/auth/check-mobile-session/${sessionId}`,
    remoteAddress: nextIp(),
    ...(browser ? { cookies: { planns_google: browser } } : {}),
  });
}

/** The whole sign-in as the web app runs it: window, provider, callback, then the opener's check. */
async function signInWithGoogle(account: Record<string, unknown>) {
  google.setAccount(account);
  const flow = await startFlow(app, { sessionId: newSessionId() });
  const page = await callback(flow);
  const checked = await check(flow.sessionId, flow.browser);
  return { flow, page, checked, body: checked.json() as { success: boolean; token: string | null; user: { id: number; phone: string | null; name: string | null } | null; error: string | null } };
}

describe('configuration', () => {
  it('tells the web app whether to show the Google button', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().data.google_login).toBe(true);
    expect((await off.app.inject({ method: 'GET', url: '/api/config' })).json().data.google_login).toBe(false);
  });

  it('answers 404 at authorize when Google is not configured', async () => {
    const res = await off.app.inject({ method: 'GET', url: `/google/mobile/authorize?session_id=${newSessionId()}&origin=http%3A%2F%2Flocalhost%3A3000` });
    expect(res.statusCode).toBe(404);
  });
});

describe('the provider unreachable', () => {
  it('answers 503 with a page that tells the opener, and records nothing', async () => {
    const res = await down.app.inject({ method: 'GET', url: `/google/mobile/authorize?session_id=${newSessionId()}&origin=http%3A%2F%2Flocalhost%3A3000` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('data-origin="http://localhost:3000"');
    expect(res.body).toContain('&#34;status&#34;:&#34;error&#34;');
    expect(await down.db.selectFrom('google_login_sessions').select('id').execute()).toEqual([]);
  });
});

describe('Google sign-in', () => {
  it('redirects to the provider with PKCE, state and nonce, and binds the sign-in to this browser', async () => {
    const flow = await startFlow(app, { sessionId: newSessionId() });
    expect(flow.authorize.statusCode).toBe(302);
    const location = new URL(String(flow.authorize.headers.location));
    expect(location.origin).toBe(new URL(google.env.GOOGLE_ISSUER!).origin);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/google/mobile/callback');
    const cookie = flow.authorize.cookies.find((c) => c.name === 'planns_google')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it('creates an account without a phone on a first sign-in, signs in with the cookie and answers the token once', async () => {
    const { page, checked, body } = await signInWithGoogle({ sub: newSub(), email: 'new.person@gmail.example', email_verified: true });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('src="/google/mobile/done.js"');
    expect(page.body).toContain('data-origin="http://localhost:3000"');
    expect(page.body).not.toMatch(/<script>/);
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    expect(body.user).toMatchObject({ phone: null, name: null });
    const session = cookieValue(checked, 'planns_session');
    expect(session).toBe(body.token);
    const me = await app.inject({ method: 'GET', url: '/api/user', cookies: { planns_session: session! } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(body.user!.id);
  });

  it('signs the same Google account into the same user again', async () => {
    const sub = newSub();
    const first = await signInWithGoogle({ sub, email: 'again@gmail.example', email_verified: true });
    const second = await signInWithGoogle({ sub, email: 'again@gmail.example', email_verified: true });
    expect(second.body.success).toBe(true);
    expect(second.body.user!.id).toBe(first.body.user!.id);
  });

  it('hands the session out once: a second check of the same session id is expired', async () => {
    const { flow, body } = await signInWithGoogle({ sub: newSub() });
    expect(body.success).toBe(true);
    const again = (await check(flow.sessionId, flow.browser)).json();
    expect(again).toEqual({ success: false, token: null, user: null, error: 'expired' });
  });

  it('answers "waiting" before the callback, for an unknown id and to another browser', async () => {
    google.setAccount({ sub: newSub() });
    const flow = await startFlow(app, { sessionId: newSessionId() });
    const waiting = { success: false, token: null, user: null, error: null };
    expect((await check(flow.sessionId, flow.browser)).json()).toEqual(waiting);
    await callback(flow);
    expect((await check(newSessionId(), flow.browser)).json()).toEqual(waiting);
    expect((await check(flow.sessionId, null)).json()).toEqual(waiting);
    expect((await check(flow.sessionId, crypto.randomBytes(32).toString('base64url'))).json()).toEqual(waiting);
    // The right browser still gets it.
    expect((await check(flow.sessionId, flow.browser)).json().success).toBe(true);
  });

  it('refuses a callback in another browser than the one that started (login CSRF)', async () => {
    google.setAccount({ sub: newSub() });
    const flow = await startFlow(app, { sessionId: newSessionId() });
    const attacker = crypto.randomBytes(32).toString('base64url');
    const page = await callback(flow, attacker);
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('data-origin');
    expect((await check(flow.sessionId, flow.browser)).json().error).toBe('failed');
  });

  it('refuses a replayed state', async () => {
    const { flow, body } = await signInWithGoogle({ sub: newSub() });
    expect(body.success).toBe(true);
    const replay = await callback(flow);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).not.toContain('data-origin');
    const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', body.user!.id).execute();
    expect(sessions).toHaveLength(1);
  });

  it('refuses an ID token whose signature does not verify', async () => {
    const sub = newSub();
    google.setAccount({ sub });
    google.server.service.once(Events.BeforeResponse, (response) => {
      const body = response.body as { id_token: string };
      const [header, payload, signature] = body.id_token.split('.');
      const bytes = Buffer.from(signature!, 'base64url');
      bytes[0] = bytes[0]! ^ 0xff;
      body.id_token = `${header}.${payload}.${bytes.toString('base64url')}`;
    });
    const flow = await startFlow(app, { sessionId: newSessionId() });
    expect((await callback(flow)).statusCode).toBe(400);
    expect((await check(flow.sessionId, flow.browser)).json()).toEqual({ success: false, token: null, user: null, error: 'failed' });
    expect(await db.selectFrom('google_identities').select('sub').where('sub', '=', sub).executeTakeFirst()).toBeUndefined();
  });

  it('refuses an ID token for another audience', async () => {
    google.setAccount({ sub: newSub(), aud: 'someone-else.apps.googleusercontent.com' });
    const flow = await startFlow(app, { sessionId: newSessionId() });
    expect((await callback(flow)).statusCode).toBe(400);
    expect((await check(flow.sessionId, flow.browser)).json().error).toBe('failed');
  });

  it('refuses an ID token with another nonce', async () => {
    google.setAccount({ sub: newSub(), nonce: 'not-the-nonce-planns-sent' });
    const flow = await startFlow(app, { sessionId: newSessionId() });
    expect((await callback(flow)).statusCode).toBe(400);
    expect((await check(flow.sessionId, flow.browser)).json().error).toBe('failed');
  });

  it('refuses an expired ID token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    google.setAccount({ sub: newSub(), iat: past - 3600, exp: past });
    const flow = await startFlow(app, { sessionId: newSessionId() });
    expect((await callback(flow)).statusCode).toBe(400);
    expect((await check(flow.sessionId, flow.browser)).json().error).toBe('failed');
  });

  it('ends a sign-in whose session id expired (callback or check too late)', async () => {
    google.setAccount({ sub: newSub() });
    const late = await startFlow(app, { sessionId: newSessionId() });
    clock.advance(GOOGLE_LOGIN_TTL_MS + 1000);
    expect((await callback(late)).statusCode).toBe(400);
    expect((await check(late.sessionId, late.browser)).json().error).toBe('expired');

    const unpolled = await startFlow(app, { sessionId: newSessionId() });
    expect((await callback(unpolled)).statusCode).toBe(200);
    clock.advance(GOOGLE_LOGIN_TTL_MS + 1000);
    expect((await check(unpolled.sessionId, unpolled.browser)).json()).toEqual({ success: false, token: null, user: null, error: 'expired' });

    const neverCalledBack = await startFlow(app, { sessionId: newSessionId() });
    clock.advance(GOOGLE_LOGIN_TTL_MS + 1000);
    expect((await check(neverCalledBack.sessionId, neverCalledBack.browser)).json().error).toBe('expired');
  });

  it('refuses a session id used before, and an origin that is not planns', async () => {
    google.setAccount({ sub: newSub() });
    const flow = await startFlow(app, { sessionId: newSessionId() });
    const reused = await startFlow(app, { sessionId: flow.sessionId, cookies: { planns_google: flow.browser } });
    expect(reused.authorize.statusCode).toBe(409);
    expect(reused.authorize.body).toContain('data-origin="http://localhost:3000"');
    const foreign = await startFlow(app, { sessionId: newSessionId(), origin: 'https://evil.example' });
    expect(foreign.authorize.statusCode).toBe(422);
    expect(foreign.authorize.json().error.fields.origin).toBeTruthy();
    const short = await app.inject({ method: 'GET', url: '/google/mobile/authorize?session_id=guessable&origin=http%3A%2F%2Flocalhost%3A3000' });
    expect(short.statusCode).toBe(422);
  });

  it('tells the window only about a cancelled sign-in (the provider answered an error)', async () => {
    google.setAccount({ sub: newSub() });
    const flow = await startFlow(app, { sessionId: newSessionId() });
    const state = new URL(flow.callbackPath!, 'http://x').searchParams.get('state')!;
    const page = await app.inject({ method: 'GET', url: `/google/mobile/callback?error=access_denied&state=${state}`, cookies: { planns_google: flow.browser } });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('data-origin="http://localhost:3000"');
    expect((await check(flow.sessionId, flow.browser)).json().error).toBe('failed');
  });

  it('serves the window script from planns (no inline script under the CSP)', async () => {
    const res = await app.inject({ method: 'GET', url: '/google/mobile/done.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toContain('postMessage');
    const page = (await signInWithGoogle({ sub: newSub() })).page;
    const scriptSrc = String(page.headers['content-security-policy']).split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });
});

describe('no takeover by email', () => {
  it('does not sign into an account whose email matches: the Google account waits for that account’s phone sign-in', async () => {
    const phone = nextPhone();
    const owner = await buildUser(db, { phone, email: 'ana@planns.example', name: 'Ana Owner' });
    const sub = newSub();
    const attempt = await signInWithGoogle({ sub, email: 'Ana@planns.example', email_verified: true });
    expect(attempt.body).toEqual({ success: false, token: null, user: null, error: 'link_required' });
    expect(cookieValue(attempt.checked, 'planns_session')).toBeUndefined();
    expect(await db.selectFrom('google_identities').select('sub').where('sub', '=', sub).executeTakeFirst()).toBeUndefined();
    const usersWithEmail = await db.selectFrom('users').select('id').where('email', '=', 'ana@planns.example').execute();
    expect(usersWithEmail).toEqual([{ id: owner.id }]);
    const link = cookieValue(attempt.page, 'planns_google_link');
    expect(link).toBeTruthy();

    // Someone else's phone sign-in in that browser links nothing.
    const otherPhone = nextPhone();
    await buildUser(db, { phone: otherPhone, email: 'someone@planns.example' });
    const ipOther = nextIp();
    const otherApproval = await approvePhone(ctx, otherPhone, ipOther);
    const other = await app.inject({ method: 'POST', url: '/api/auth-create', remoteAddress: ipOther, payload: { phone: otherPhone, approval_token: otherApproval }, cookies: { planns_google_link: link! } });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.google_linked).toBeUndefined();

    // The owner's phone sign-in in the same browser links it.
    const ip = nextIp();
    const approval = await approvePhone(ctx, phone, ip);
    const signedIn = await app.inject({ method: 'POST', url: '/api/auth-create', remoteAddress: ip, payload: { phone, approval_token: approval }, cookies: { planns_google_link: link! } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toMatchObject({ google_linked: true, user: { id: owner.id } });

    // From then on Google signs into the owner's account.
    const again = await signInWithGoogle({ sub, email: 'ana@planns.example', email_verified: true });
    expect(again.body.success).toBe(true);
    expect(again.body.user!.id).toBe(owner.id);
  });

  it('links nothing with a pending link after it expired or without the browser’s link cookie', async () => {
    const phone = nextPhone();
    await buildUser(db, { phone, email: 'bo@planns.example' });
    const attempt = await signInWithGoogle({ sub: newSub(), email: 'bo@planns.example', email_verified: true });
    expect(attempt.body.error).toBe('link_required');
    const link = cookieValue(attempt.page, 'planns_google_link')!;
    const ip = nextIp();
    const withoutCookie = await app.inject({ method: 'POST', url: '/api/auth-create', remoteAddress: ip, payload: { phone, approval_token: await approvePhone(ctx, phone, ip) } });
    expect(withoutCookie.json().data.google_linked).toBeUndefined();
    clock.advance(31 * 60_000);
    const ip2 = nextIp();
    const late = await app.inject({ method: 'POST', url: '/api/auth-create', remoteAddress: ip2, payload: { phone, approval_token: await approvePhone(ctx, phone, ip2) }, cookies: { planns_google_link: link } });
    expect(late.json().data.google_linked).toBeUndefined();
  });

  it('an unverified Google email neither links nor is stored: a new account without email', async () => {
    await buildUser(db, { phone: nextPhone(), email: 'cy@planns.example' });
    const attempt = await signInWithGoogle({ sub: newSub(), email: 'cy@planns.example', email_verified: false });
    expect(attempt.body.success).toBe(true);
    const user = await db.selectFrom('users').select(['email', 'phone']).where('id', '=', attempt.body.user!.id).executeTakeFirstOrThrow();
    expect(user).toEqual({ email: null, phone: null });
  });

  it('lets the person keep the Google account apart instead: a new account, nothing taken from the other', async () => {
    const owner = await buildUser(db, { phone: nextPhone(), email: 'di@planns.example', name: 'Di Owner' });
    const sub = newSub();
    const attempt = await signInWithGoogle({ sub, email: 'di@planns.example', email_verified: true });
    expect(attempt.body.error).toBe('link_required');
    const link = cookieValue(attempt.page, 'planns_google_link')!;
    const post = (cookies: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/auth/google/new-account', remoteAddress: nextIp(), headers: { origin: 'http://localhost:3000' }, cookies, payload: {} });

    expect((await post({})).statusCode).toBe(404);
    const created = await post({ planns_google_link: link });
    expect(created.statusCode).toBe(200);
    const { user, token } = created.json().data as { user: { id: number; email: string | null; phone: string | null }; token: string };
    expect(user.id).not.toBe(owner.id);
    expect(user).toMatchObject({ email: null, phone: null });
    expect(cookieValue(created, 'planns_session')).toBe(token);
    // Spent: a second one makes nothing.
    expect((await post({ planns_google_link: link })).statusCode).toBe(404);
    // The Google account now signs into the new account; the owner's account is untouched.
    const again = await signInWithGoogle({ sub, email: 'di@planns.example', email_verified: true });
    expect(again.body.user!.id).toBe(user.id);
    expect(await db.selectFrom('google_identities').select('sub').where('user_id', '=', owner.id).executeTakeFirst()).toBeUndefined();
  });
});
