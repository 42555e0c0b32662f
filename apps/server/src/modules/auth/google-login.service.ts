import crypto from 'node:crypto';
import {
  GOOGLE_LINK_TTL_MS,
  GOOGLE_LOGIN_TTL_MS,
  type CheckMobileSessionReply,
  type GoogleLoginError,
} from '@planns/shared/auth/google-login.schemas';
import { inTransaction, type Tx } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { GoogleSignInError, newPkceVerifier, type GoogleClaims } from '../../providers/oauth/google-oidc.ts';
import { createUserWithoutPhone, findUser, hasUserWithEmail, loadCurrentUser } from '../users/users.service.ts';
import * as repo from './google-login.repo.ts';
import { startSession } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

const DAY = 24 * 3_600_000;
/** What newToken() makes (32 random bytes, base64url): the browser-binding and pending-link tokens. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The address the provider sends the browser back to; register it with Google. */
export function googleRedirectUri(deps: AppDeps): string {
  return new URL('/google/mobile/callback', deps.config.publicUrl.origin).toString();
}

function requireGoogle(deps: AppDeps) {
  if (!deps.google) throw new AppError('not_found', 'Google sign-in is not configured');
  return deps.google;
}

/** The browser's binding token from its cookie, when it is one planns could have made. */
function validBrowserToken(token: string | null | undefined): string | null {
  return token && TOKEN_FORMAT.test(token) ? token : null;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * /google/mobile/authorize: records a sign-in for the opener's session id, bound to this browser
 * (its binding cookie, made here when it has none), and answers the provider's authorization
 * address (PKCE S256, state, nonce). `origin` must be one of planns' own origins.
 */
export async function startGoogleLogin(
  deps: AppDeps,
  input: { sessionId: string; origin: string; ownOrigins: string[]; browserToken: string | null | undefined },
): Promise<{ authorizationUrl: URL; browserToken: string }> {
  const google = requireGoogle(deps);
  const origin = new URL(input.origin).origin;
  if (!input.ownOrigins.includes(origin)) {
    throw new AppError('validation_failed', 'origin must be this site', { origin: 'origin must be this site' });
  }
  const browserToken = validBrowserToken(input.browserToken) ?? newToken();
  const state = newToken();
  const nonce = newToken();
  const codeVerifier = newPkceVerifier();
  const now = deps.clock.now();
  // The provider's address first: if it cannot be reached nothing is recorded.
  let authorizationUrl: URL;
  try {
    authorizationUrl = await google.authorizationUrl({ redirectUri: googleRedirectUri(deps), state, nonce, codeVerifier });
  } catch (err) {
    throw new AppError('service_unavailable', 'Google sign-in is not available right now. Please try again', undefined, undefined, { cause: err });
  }
  const inserted = await inTransaction(deps.db, async (tx) => {
    await repo.deleteOldRows(tx, new Date(now.getTime() - DAY));
    return repo.insertLoginSession(tx, {
      session_id_hash: hashToken(input.sessionId),
      browser_hash: hashToken(browserToken),
      state_hash: hashToken(state),
      origin,
      nonce,
      code_verifier: codeVerifier,
      created_at: now,
      expires_at: new Date(now.getTime() + GOOGLE_LOGIN_TTL_MS),
    });
  });
  if (!inserted) {
    throw new AppError('conflict', 'This session id was already used: start again', { session_id: 'This session id was already used: start again' });
  }
  return { authorizationUrl, browserToken };
}

export type GoogleCallbackResult =
  /** origin: where the window may post its message (null: nowhere, the sign-in is not this browser's). */
  | { status: 'done'; origin: string; linkToken: null }
  | { status: 'error'; origin: string | null; error: GoogleLoginError; linkToken: string | null };

/**
 * /google/mobile/callback: spends the state (once), checks the browser is the one that started,
 * exchanges the code (openid-client verifies the ID token) and records the outcome under the
 * session id for check-mobile-session. Never signs in by email alone (decision 0040).
 */
export async function completeGoogleLogin(
  deps: AppDeps,
  input: {
    callbackUrl: URL;
    state: string | undefined;
    providerError: string | undefined;
    browserToken: string | null | undefined;
    log: (message: string, err: unknown) => void;
  },
): Promise<GoogleCallbackResult> {
  const google = requireGoogle(deps);
  const now = deps.clock.now();
  if (!input.state) return { status: 'error', origin: null, error: 'failed', linkToken: null };
  const row = await repo.claimState(deps.db, hashToken(input.state), now);
  // Unknown or replayed state: no sign-in of this browser to tell.
  if (!row) return { status: 'error', origin: null, error: 'failed', linkToken: null };
  const browserToken = validBrowserToken(input.browserToken);
  // Another browser than the one that started (login CSRF, a stolen callback address): refused.
  if (!browserToken || !sameHash(hashToken(browserToken), row.browser_hash)) {
    await repo.recordOutcome(deps.db, row.id, { error: 'failed' });
    return { status: 'error', origin: null, error: 'failed', linkToken: null };
  }
  const fail = async (error: GoogleLoginError): Promise<GoogleCallbackResult> => {
    await repo.recordOutcome(deps.db, row.id, { error });
    return { status: 'error', origin: row.origin, error, linkToken: null };
  };
  if (row.expires_at <= now) return fail('expired');
  if (input.providerError) return fail('failed');

  let claims: GoogleClaims;
  try {
    claims = await google.exchange(input.callbackUrl, { state: input.state, nonce: row.nonce, codeVerifier: row.code_verifier });
  } catch (err) {
    // A refusal or a token that does not verify (GoogleSignInError), or the provider unreachable: the same answer.
    input.log(err instanceof GoogleSignInError ? 'google sign-in refused or did not verify' : 'google sign-in: the provider could not be reached', err);
    return fail('failed');
  }

  return inTransaction(deps.db, async (tx): Promise<GoogleCallbackResult> => {
    const known = await repo.findIdentity(tx, claims.sub);
    if (known) {
      await repo.touchIdentity(tx, claims.sub, { email: claims.email, email_verified: claims.emailVerified, now });
      await repo.recordOutcome(tx, row.id, { userId: known.user_id });
      return { status: 'done', origin: row.origin, linkToken: null };
    }
    // A verified address already on an account: that account's holder links it by signing in by phone.
    if (claims.email && claims.emailVerified && ((await hasUserWithEmail(tx, claims.email)) || (await repo.hasIdentityWithVerifiedEmail(tx, claims.email)))) {
      const linkToken = newToken();
      await repo.insertPendingLink(tx, {
        token_hash: hashToken(linkToken),
        sub: claims.sub,
        email: claims.email,
        created_at: now,
        expires_at: new Date(now.getTime() + GOOGLE_LINK_TTL_MS),
      });
      await repo.recordOutcome(tx, row.id, { error: 'link_required' });
      return { status: 'error', origin: row.origin, error: 'link_required', linkToken };
    }
    const userId = await createUserWithoutPhone(tx, claims.emailVerified ? claims.email : null, now);
    if (!(await repo.insertIdentity(tx, { sub: claims.sub, user_id: userId, email: claims.email, email_verified: claims.emailVerified, now }))) {
      // The same Google account signed up in parallel: this attempt is undone.
      throw new AppError('conflict', 'This Google account was just linked: try again');
    }
    await repo.recordOutcome(tx, row.id, { userId });
    return { status: 'done', origin: row.origin, linkToken: null };
  });
}

const PENDING: CheckMobileSessionReply = { success: false, token: null, user: null, error: null };

/**
 * GET check-mobile-session/{session id}: waiting, an error, or (once) the new session. Only the
 * browser that started the sign-in gets an answer other than "waiting": the same for an unknown
 * id, so an id cannot be probed.
 */
export async function checkMobileSession(
  deps: AppDeps,
  input: { sessionId: string; browserToken: string | null | undefined; userAgent: string | null; ip: string | null },
): Promise<{ reply: CheckMobileSessionReply; expiresAt: Date | null }> {
  const now = deps.clock.now();
  const browserToken = validBrowserToken(input.browserToken);
  if (!browserToken) return { reply: PENDING, expiresAt: null };
  return inTransaction(deps.db, async (tx) => {
    const row = await repo.findLoginSession(tx, hashToken(input.sessionId));
    if (!row || !sameHash(hashToken(browserToken), row.browser_hash)) return { reply: PENDING, expiresAt: null };
    const answer = (error: GoogleLoginError) => ({ reply: { ...PENDING, error }, expiresAt: null });
    if (row.error) return answer(row.error);
    if (row.user_id === null) return row.expires_at <= now ? answer('expired') : { reply: PENDING, expiresAt: null };
    if (!(await repo.consumeLoginSession(tx, row.id, now))) return answer('expired');
    const session = await startSession(deps, tx, row.user_id, input);
    return { reply: { success: true, token: session.token, user: await loadCurrentUser(tx, row.user_id, now), error: null }, expiresAt: session.expiresAt };
  });
}

/**
 * After a phone sign-in in the browser holding a pending link: links the Google account to this
 * account if the account shows the Google account's verified email, has no Google account yet,
 * and the Google account is not linked elsewhere. Answers whether it linked.
 */
export async function confirmPendingGoogleLink(tx: Tx, linkToken: string, userId: number, now: Date): Promise<boolean> {
  if (!TOKEN_FORMAT.test(linkToken)) return false;
  const user = await findUser(tx, userId);
  if (!user?.email || (await repo.findIdentityOfUser(tx, userId))) return false;
  const link = await repo.claimPendingLink(tx, hashToken(linkToken), user.email, now);
  if (!link) return false;
  return repo.insertIdentity(tx, { sub: link.sub, user_id: userId, email: link.email, email_verified: true, now });
}

/**
 * The other way out of `link_required`: the person who just proved the Google account keeps it
 * apart from the account showing its email, in a new account of its own (no phone, no name, no
 * email taken over) and is signed in. The pending link of this browser is spent either way.
 */
export async function createAccountFromPendingLink(
  deps: AppDeps,
  input: { linkToken: string | null | undefined; userAgent: string | null; ip: string | null },
) {
  const notPending = new AppError('not_found', 'No Google sign-in is waiting in this browser: sign in with Google again');
  if (!input.linkToken || !TOKEN_FORMAT.test(input.linkToken)) throw notPending;
  const linkToken = input.linkToken;
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const link = await repo.claimPendingLink(tx, hashToken(linkToken), null, now);
    if (!link) throw notPending;
    if (await repo.findIdentity(tx, link.sub)) throw new AppError('conflict', 'This Google account is already linked: sign in with Google again');
    const userId = await createUserWithoutPhone(tx, null, now);
    await repo.insertIdentity(tx, { sub: link.sub, user_id: userId, email: link.email, email_verified: true, now });
    const session = await startSession(deps, tx, userId, input);
    return { user: await loadCurrentUser(tx, userId, now), ...session };
  });
}
