import type { Executor } from '../../db/database.ts';
import type { GoogleLoginError } from '@planns/shared/auth/google-login.schemas';

/* ------------------------------------------------------------------ sign-ins in flight */

/** A new sign-in; false when the session id was used before (the opener makes a new one each time). */
export async function insertLoginSession(
  db: Executor,
  row: { session_id_hash: string; browser_hash: string; state_hash: string; origin: string; nonce: string; code_verifier: string; created_at: Date; expires_at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('google_login_sessions')
    .values(row)
    .onConflict((oc) => oc.column('session_id_hash').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Spends the state: only the first callback with it gets the row (a replay gets nothing). */
export function claimState(db: Executor, stateHash: string, now: Date) {
  return db
    .updateTable('google_login_sessions')
    .set({ callback_at: now })
    .where('state_hash', '=', stateHash)
    .where('callback_at', 'is', null)
    .returning(['id', 'browser_hash', 'origin', 'nonce', 'code_verifier', 'expires_at', 'session_id_hash'])
    .executeTakeFirst();
}

export function findStateOrigin(db: Executor, stateHash: string) {
  return db.selectFrom('google_login_sessions').select(['origin', 'browser_hash']).where('state_hash', '=', stateHash).executeTakeFirst();
}

export async function recordOutcome(db: Executor, id: number, outcome: { userId: number } | { error: GoogleLoginError }): Promise<void> {
  await db
    .updateTable('google_login_sessions')
    .set('userId' in outcome ? { user_id: outcome.userId } : { error: outcome.error })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .where('error', 'is', null)
    .execute();
}

export function findLoginSession(db: Executor, sessionIdHash: string) {
  return db
    .selectFrom('google_login_sessions')
    .select(['id', 'browser_hash', 'expires_at', 'callback_at', 'user_id', 'error', 'consumed_at'])
    .where('session_id_hash', '=', sessionIdHash)
    .executeTakeFirst();
}

/** Hands the signed-in session out once: the conditional update lets one of parallel polls win. */
export async function consumeLoginSession(db: Executor, id: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('google_login_sessions')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('user_id', 'is not', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Sign-ins and pending links over a day past their end. */
export async function deleteOldRows(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('google_login_sessions').where('expires_at', '<', before).execute();
  await db.deleteFrom('google_pending_links').where('expires_at', '<', before).execute();
}

/* ------------------------------------------------------------------ linked Google accounts */

export function findIdentity(db: Executor, sub: string) {
  return db.selectFrom('google_identities').select(['sub', 'user_id']).where('sub', '=', sub).executeTakeFirst();
}

export function findIdentityOfUser(db: Executor, userId: number) {
  return db.selectFrom('google_identities').select(['sub']).where('user_id', '=', userId).executeTakeFirst();
}

export async function hasIdentityWithVerifiedEmail(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom('google_identities').select('sub').where('email', '=', email).where('email_verified', '=', true).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Links a Google account; false when the account or the user is already linked (a race lost). */
export async function insertIdentity(
  db: Executor,
  row: { sub: string; user_id: number; email: string | null; email_verified: boolean; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('google_identities')
    .values({ sub: row.sub, user_id: row.user_id, email: row.email, email_verified: row.email_verified, created_at: row.now, last_login_at: row.now })
    .onConflict((oc) => oc.doNothing())
    .returning('sub')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function touchIdentity(db: Executor, sub: string, update: { email: string | null; email_verified: boolean; now: Date }): Promise<void> {
  await db
    .updateTable('google_identities')
    .set({ email: update.email, email_verified: update.email_verified, last_login_at: update.now })
    .where('sub', '=', sub)
    .execute();
}

/* ------------------------------------------------------------------ pending links */

export async function insertPendingLink(db: Executor, row: { token_hash: string; sub: string; email: string; created_at: Date; expires_at: Date }): Promise<void> {
  await db.insertInto('google_pending_links').values(row).execute();
}

/**
 * Spends a live pending link once: only if it is for `email` (the phone sign-in that links it), or
 * whatever its email when `email` is null (a new account instead of the link).
 */
export function claimPendingLink(db: Executor, tokenHash: string, email: string | null, now: Date) {
  let claim = db
    .updateTable('google_pending_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (email !== null) claim = claim.where('email', '=', email);
  return claim.returning(['sub', 'email']).executeTakeFirst();
}
