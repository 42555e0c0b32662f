import crypto from 'node:crypto';
import { GOOGLE_CALENDAR_MESSAGES, type GoogleCalendarStatus } from '@planns/shared/calendar/google-calendar.schemas';
import { inTransaction, type Executor } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import { GoogleCalendarError, GoogleCalendarProvider, toGoogleEvent } from '../../providers/calendar/google-calendar.ts';
import type { CalendarEventRow } from '../calendar/calendar.presenter.ts';
import { toCalendarEntry } from '../calendar/calendar.presenter.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import * as events from '../events/events.service.ts';
import * as repo from './google-calendar.repo.ts';

/*
 * The google calendar provider's use cases (issue 19, decision 0043): connecting a Google account
 * (OAuth 2.0 code flow with PKCE and state, tokens kept encrypted), adding an event to the
 * person's primary calendar, removing it, disconnecting, and the jobs that keep entries in line
 * with their events.
 */

/** Where Google sends the person back (register it as the OAuth client's redirect URI). */
export const GOOGLE_CALLBACK_PATH = '/api/google/callback';
/** How long an authorization may take from the window's opening to Google's answer. */
const STATE_TTL_MS = 10 * 60_000;
/** An access token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

export function callbackUrl(deps: AppDeps): string {
  return new URL(GOOGLE_CALLBACK_PATH, deps.config.publicUrl).toString();
}

/** The google provider, or a 409 naming the configuration (the routes exist with every provider). */
function requireGoogle(deps: AppDeps): GoogleCalendarProvider {
  if (deps.calendar instanceof GoogleCalendarProvider) return deps.calendar;
  throw new AppError('conflict', GOOGLE_CALENDAR_MESSAGES.notConfigured);
}

async function requireAccount(deps: AppDeps, userId: number): Promise<repo.AccountRow> {
  const account = await repo.findAccount(deps.db, userId);
  if (!account) throw new AppError('conflict', GOOGLE_CALENDAR_MESSAGES.notConnected);
  return account;
}

/**
 * Planns' id for a person's entry of an event at Google: the same for every attempt (a repeated or
 * concurrent add finds it instead of adding a second event), and different per planns site.
 * Google's event ids are base32hex: hex digits are a subset.
 */
export function googleEventIdOf(deps: AppDeps, userId: number, eventId: number): string {
  const digest = crypto.createHash('sha256').update(`${deps.config.publicUrl.host}|${userId}|${eventId}`).digest('hex');
  return `planns${digest.slice(0, 32)}`;
}

const refreshContext = (userId: number) => `google-refresh:${userId}`;
const accessContext = (userId: number) => `google-access:${userId}`;

/** A call to Google failed: a 409 when the connection is over (made again by connecting), otherwise a 502. Anything else is not Google's: thrown as it is. */
function toAppError(err: unknown): unknown {
  if (!(err instanceof GoogleCalendarError)) return err;
  if (err.kind === 'revoked') return new AppError('conflict', GOOGLE_CALENDAR_MESSAGES.connectionEnded, undefined, undefined, { cause: err });
  return new AppError('provider_unavailable', GOOGLE_CALENDAR_MESSAGES.unavailable, undefined, undefined, { cause: err });
}

/**
 * Runs `call` with a live access token: the stored one while it lasts, else one refreshed from the
 * refresh token (and stored). A token Google refuses before its time is refreshed once and the
 * call repeated. A grant Google no longer honours ends the connection here too (the account is
 * forgotten) and is thrown as `revoked`.
 */
async function withAccessToken<T>(deps: AppDeps, google: GoogleCalendarProvider, account: repo.AccountRow, call: (accessToken: string) => Promise<T>): Promise<T> {
  const refresh = async (): Promise<string> => {
    const tokens = await google.refresh(google.cipher.decrypt(account.refresh_token_enc, refreshContext(account.user_id)));
    const expiresAt = new Date(deps.clock.now().getTime() + tokens.expiresInSeconds * 1000);
    await repo.saveAccessToken(deps.db, account.user_id, {
      access_token_enc: google.cipher.encrypt(tokens.accessToken, accessContext(account.user_id)),
      access_expires_at: expiresAt,
      ...(tokens.refreshToken ? { refresh_token_enc: google.cipher.encrypt(tokens.refreshToken, refreshContext(account.user_id)) } : {}),
    });
    return tokens.accessToken;
  };
  try {
    const isFresh = account.access_expires_at.getTime() - deps.clock.now().getTime() > REFRESH_MARGIN_MS;
    if (isFresh) {
      try {
        return await call(google.cipher.decrypt(account.access_token_enc, accessContext(account.user_id)));
      } catch (err) {
        if (!(err instanceof GoogleCalendarError && err.kind === 'revoked')) throw err;
      }
    }
    return await call(await refresh());
  } catch (err) {
    if (err instanceof GoogleCalendarError && err.kind === 'revoked') await repo.deleteAccount(deps.db, account.user_id);
    throw err;
  }
}

/** Writes the event into the person's calendar (insert, or replace the entry there) and records it. */
async function pushEntry(deps: AppDeps, google: GoogleCalendarProvider, account: repo.AccountRow, row: CalendarEventRow): Promise<void> {
  const existing = await repo.findEntry(deps.db, account.user_id, row.id);
  const googleEventId = existing?.google_event_id ?? googleEventIdOf(deps, account.user_id, row.id);
  // The person may see the page, signed in: the place as they see it there.
  const body = toGoogleEvent(googleEventId, toCalendarEntry(deps, row, { showLocation: true }));
  await withAccessToken(deps, google, account, async (token) => {
    try {
      if (existing) await google.updateEvent(token, body);
      else await google.insertEvent(token, body);
    } catch (err) {
      if (!(err instanceof GoogleCalendarError)) throw err;
      // Ours already (an earlier attempt, or a concurrent one): replace it. Deleted at Google: add it again.
      if (err.kind === 'exists') await google.updateEvent(token, body);
      else if (err.kind === 'gone') await google.insertEvent(token, body);
      else throw err;
    }
  });
  await repo.saveEntry(deps.db, { user_id: account.user_id, event_id: row.id, google_event_id: googleEventId, synced_sequence: row.calendar_sequence, created_at: deps.clock.now() });
}

async function removeAtGoogle(deps: AppDeps, google: GoogleCalendarProvider, account: repo.AccountRow, googleEventId: string): Promise<void> {
  await withAccessToken(deps, google, account, (token) => google.deleteEvent(token, googleEventId));
}

/* ------------------------------------------------------------------ connecting */

/**
 * GET google/authorize: a new authorization for the signed-in person (state and PKCE verifier kept
 * here, the state's hash only), and the consent screen's address to send the window to.
 */
export async function startAuthorization(deps: AppDeps, actor: Actor): Promise<string> {
  const google = requireGoogle(deps);
  const state = newToken();
  const verifier = newToken();
  const now = deps.clock.now();
  await repo.saveState(deps.db, { state_hash: hashToken(state), user_id: actor.userId, code_verifier: verifier, expires_at: new Date(now.getTime() + STATE_TTL_MS) }, now);
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return google.authorizationUrl({ state, codeChallenge: challenge, redirectUri: callbackUrl(deps) });
}

export type AuthorizationResult = { status: 'connected'; email: string } | { status: 'error'; reason: 'denied' | 'invalid_state' | 'not_configured' | 'provider_unavailable' };

/**
 * GET google/callback: Google's answer. The state must be one this same signed-in person started
 * (taken once, within ten minutes); the code is exchanged with its PKCE verifier; both tokens are
 * stored encrypted. Never throws: the window shows the result and tells the page.
 */
export async function completeAuthorization(
  deps: AppDeps,
  actor: Actor | null,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  log: (err: unknown) => void,
): Promise<AuthorizationResult> {
  if (!(deps.calendar instanceof GoogleCalendarProvider)) return { status: 'error', reason: 'not_configured' };
  const google = deps.calendar;
  const taken = query.state ? await repo.takeState(deps.db, hashToken(query.state)) : undefined;
  const now = deps.clock.now();
  // Another person's state (someone else's link opened in this browser) is refused like an unknown one.
  if (!taken || !actor || taken.user_id !== actor.userId || taken.expires_at <= now) return { status: 'error', reason: 'invalid_state' };
  if (query.error || !query.code) return { status: 'error', reason: 'denied' };
  try {
    const tokens = await google.exchangeCode({ code: query.code, codeVerifier: taken.code_verifier, redirectUri: callbackUrl(deps) });
    if (!tokens.refreshToken || !tokens.email) throw new GoogleCalendarError('refused', 'Google sent no refresh token or no email');
    const account = {
      user_id: actor.userId,
      email: tokens.email,
      refresh_token_enc: google.cipher.encrypt(tokens.refreshToken, refreshContext(actor.userId)),
      access_token_enc: google.cipher.encrypt(tokens.accessToken, accessContext(actor.userId)),
      access_expires_at: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
      connected_at: now,
    };
    // Connecting another Google account forgets the first one's entries, in the same transaction.
    await inTransaction(deps.db, (tx) => repo.saveAccount(tx, account));
    return { status: 'connected', email: tokens.email };
  } catch (err) {
    log(err);
    return { status: 'error', reason: err instanceof GoogleCalendarError && err.kind === 'revoked' ? 'denied' : 'provider_unavailable' };
  }
}

/* ------------------------------------------------------------------ the event page's block */

/** GET google-calendar/event/{eventId}: the connected account's email and whether this event is in its calendar. */
export async function getStatus(deps: AppDeps, actor: Actor, eventId: number): Promise<GoogleCalendarStatus> {
  requireGoogle(deps);
  await events.loadVisible(deps, actor, eventId);
  const [account, entry] = await Promise.all([repo.findAccount(deps.db, actor.userId), repo.findEntry(deps.db, actor.userId, eventId)]);
  return { email: account?.email ?? null, has_google_calendar: account !== undefined && entry !== undefined };
}

/** POST google-calendar/add-event {id}: the event into the person's primary calendar (added, or brought up to date). */
export async function addEvent(deps: AppDeps, actor: Actor, eventId: number): Promise<GoogleCalendarStatus> {
  const google = requireGoogle(deps);
  const account = await requireAccount(deps, actor.userId);
  const row = await events.loadVisible(deps, actor, eventId);
  if (row.deleted_by_moderator_at) throw new AppError('conflict', GOOGLE_CALENDAR_MESSAGES.removedEvent);
  try {
    await pushEntry(deps, google, account, row);
  } catch (err) {
    throw toAppError(err);
  }
  return { email: account.email, has_google_calendar: true };
}

/** DELETE google-calendar/event/{eventId}: the entry out of the person's calendar (already gone there: fine). */
export async function removeEvent(deps: AppDeps, actor: Actor, eventId: number): Promise<GoogleCalendarStatus> {
  const google = requireGoogle(deps);
  const account = await requireAccount(deps, actor.userId);
  await events.loadVisible(deps, actor, eventId);
  const entry = await repo.findEntry(deps.db, actor.userId, eventId);
  if (!entry) throw notFound(GOOGLE_CALENDAR_MESSAGES.notInCalendar);
  try {
    await removeAtGoogle(deps, google, account, entry.google_event_id);
  } catch (err) {
    throw toAppError(err);
  }
  await repo.deleteEntry(deps.db, actor.userId, eventId);
  return { email: account.email, has_google_calendar: false };
}

/**
 * POST google/logout: the grant revoked at Google, then the tokens and the entries' ids forgotten
 * (the entries stay in the person's calendar: theirs now). Nothing connected: nothing to do. If
 * Google cannot be reached the connection is kept (a 502): the person tries again, rather than
 * being told it is revoked when it is not.
 */
export async function logout(deps: AppDeps, actor: Actor): Promise<void> {
  const google = requireGoogle(deps);
  const account = await repo.findAccount(deps.db, actor.userId);
  if (!account) return;
  try {
    await google.revoke(google.cipher.decrypt(account.refresh_token_enc, refreshContext(account.user_id)));
  } catch (err) {
    if (err instanceof GoogleCalendarError) throw new AppError('provider_unavailable', GOOGLE_CALENDAR_MESSAGES.unavailable, undefined, undefined, { cause: err });
    throw err;
  }
  await repo.deleteAccount(deps.db, actor.userId);
}

/** The email and token lifetime GET /api/user shows (accounts §3 google_email, google_token_expires_in). */
export async function accountSummary(db: Executor, userId: number, now: Date): Promise<{ google_email: string | null; google_token_expires_in: number | null }> {
  const account = await repo.findAccount(db, userId);
  if (!account) return { google_email: null, google_token_expires_in: null };
  return { google_email: account.email, google_token_expires_in: Math.max(0, Math.floor((account.access_expires_at.getTime() - now.getTime()) / 1000)) };
}

/* ------------------------------------------------------------------ the outbox and its jobs */

/** POST events/{id}/join with use_google_calendar: queued in the answer's transaction (done by calendar.google_add_event). */
export async function queueAddOnJoin(tx: Executor, deps: AppDeps, userId: number, eventId: number): Promise<void> {
  if (!(deps.calendar instanceof GoogleCalendarProvider)) return;
  await enqueue(tx, 'calendar.google_add_event', { user_id: userId, event_id: eventId }, { key: `calendar.google_add_event:${userId}:${eventId}` });
}

function isRetryable(err: unknown): boolean {
  return !(err instanceof GoogleCalendarError && err.kind === 'revoked');
}

/** Job calendar.google_add_event: the event a person joined into their calendar, if they are connected and still see it. */
export async function addOnJoin(deps: AppDeps, userId: number, eventId: number): Promise<string | void> {
  if (!(deps.calendar instanceof GoogleCalendarProvider)) return 'skipped: CALENDAR_PROVIDER is not google';
  const account = await repo.findAccount(deps.db, userId);
  if (!account) return;
  const row = await repo.findCalendarEvent(deps.db, eventId);
  if (!row || row.deleted_by_moderator_at || !(await repo.isVisibleTo(deps.db, eventId, userId))) return;
  try {
    await pushEntry(deps, deps.calendar, account, row);
  } catch (err) {
    if (isRetryable(err)) throw err;
    return `google calendar of user ${userId} disconnected: ${(err as Error).message}`;
  }
}

/**
 * Job calendar.google_sync_event (queued by the events trigger of migration 0023 when what a
 * calendar shows or who may see the event changes): each entry still behind the event's
 * calendar_sequence is replaced at Google; the entry of a person who may no longer see the event,
 * or of an event a moderator removed, is deleted there and forgotten. Idempotent: entries done are
 * marked; a failed one makes the job retry, skipping those done.
 */
export async function syncEvent(deps: AppDeps, eventId: number): Promise<string | void> {
  if (!(deps.calendar instanceof GoogleCalendarProvider)) return 'skipped: CALENDAR_PROVIDER is not google';
  const google = deps.calendar;
  const row = await repo.findCalendarEvent(deps.db, eventId);
  if (!row) return; // erased: its entries' removal was queued by the delete trigger
  const failures: string[] = [];
  let updated = 0;
  let removed = 0;
  for (const entry of await repo.listEntriesOfEvent(deps.db, eventId)) {
    const account = await repo.findAccount(deps.db, entry.user_id);
    if (!account) continue;
    try {
      if (row.deleted_by_moderator_at || !entry.is_visible) {
        await removeAtGoogle(deps, google, account, entry.google_event_id);
        await repo.deleteEntry(deps.db, entry.user_id, eventId);
        removed += 1;
      } else if (entry.synced_sequence < row.calendar_sequence) {
        await pushEntry(deps, google, account, row);
        updated += 1;
      }
    } catch (err) {
      if (isRetryable(err)) failures.push(`user ${entry.user_id}: ${(err as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`google calendar entries of event ${eventId} not synced: ${failures.join('; ')}`);
  return updated + removed > 0 ? `event ${eventId}: ${updated} google calendar entr(ies) updated, ${removed} removed` : undefined;
}

/** Job calendar.google_remove_entry: an erased event's entry deleted from the person's calendar. */
export async function removeEntry(deps: AppDeps, userId: number, googleEventId: string): Promise<string | void> {
  if (!(deps.calendar instanceof GoogleCalendarProvider)) return 'skipped: CALENDAR_PROVIDER is not google';
  const account = await repo.findAccount(deps.db, userId);
  if (!account) return;
  try {
    await removeAtGoogle(deps, deps.calendar, account, googleEventId);
  } catch (err) {
    if (isRetryable(err)) throw err;
  }
}
