import type { User } from '@planns/shared/users/users.schemas';
import type { Tx } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { insertSession } from './session.repo.ts';
import { hashToken, newToken } from './tokens.ts';

const DAY = 24 * 3_600_000;

export interface SessionInfo {
  user: User;
  token: string;
  expiresAt: Date;
}

/** A new session for the user: a random token, only its hash stored (decision 0004). Phone and Google sign-in both end here. */
export async function startSession(deps: AppDeps, tx: Tx, userId: number, meta: { userAgent: string | null; ip: string | null }) {
  const now = deps.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + deps.config.SESSION_DAYS * DAY);
  await insertSession(tx, { token_hash: hashToken(token), user_id: userId, now, expires_at: expiresAt, user_agent: meta.userAgent, ip: meta.ip });
  return { token, expiresAt };
}
