import { ERROR_MESSAGES } from '@planns/shared/errors/error-codes';
import {
  OTP_APPROVAL_TTL_MS,
  OTP_MAX_CHECKS,
  OTP_SENDS_PER_IP_PER_HOUR,
  OTP_TTL_MS,
  decideSend,
  isCodeShaped,
  retryAfterSeconds,
} from '@planns/shared/auth/otp.rules';
import { inTransaction } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { parsePhoneOrThrow } from './phone-approval.ts';
import { loadCurrentUser, upsertUserByPhone } from '../users/users.service.ts';
import * as otpRepo from './otp.repo.ts';
import { confirmPendingGoogleLink } from './google-login.service.ts';
import { deleteSession } from './session.repo.ts';
import { startSession, type SessionInfo } from './sessions.ts';
import { codeMatches, hashCode, hashToken, newCode, newToken } from './tokens.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function codeText(code: string): string {
  return `${code} is your planns code. It expires in 10 minutes. Never share it.`;
}

/**
 * Sends a code. The answer is the same whether or not the number has an account.
 * Limits: 30 s between sends, 5 per hour and 10 per day per phone, and a per-IP cap.
 */
export async function sendCode(deps: AppDeps, input: { to: string; ip: string }) {
  const phone = parsePhoneOrThrow(input.to, 'to');
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    await otpRepo.lockPhone(tx, phone);
    const decision = decideSend(await otpRepo.listSendTimes(tx, phone, new Date(now.getTime() - DAY)), now);
    if (!decision.ok) {
      const seconds = retryAfterSeconds(decision.retryAfterMs);
      const message =
        decision.reason === 'cooldown'
          ? `Please wait ${seconds} seconds before asking for a new code`
          : 'Too many codes were sent to this number. Please try again later';
      throw new AppError('too_many_requests', message, undefined, seconds);
    }
    const fromIp = await otpRepo.listSendTimesFromIp(tx, input.ip, new Date(now.getTime() - HOUR));
    if (fromIp.length >= OTP_SENDS_PER_IP_PER_HOUR) {
      // Free again when the oldest send that still counts leaves the hour window.
      const oldest = fromIp[OTP_SENDS_PER_IP_PER_HOUR - 1]!;
      const seconds = retryAfterSeconds(oldest.getTime() + HOUR - now.getTime());
      throw new AppError('too_many_requests', 'Too many codes were requested from this network. Please try again later', undefined, seconds);
    }
    const code = deps.sms.verifiesCodes ? null : newCode(deps.config.OTP_LENGTH);
    await otpRepo.insertCode(tx, {
      phone,
      code_hash: code ? hashCode(phone, code) : null,
      sent_ip: input.ip,
      created_at: now,
      expires_at: new Date(now.getTime() + OTP_TTL_MS),
    });
    // Sent inside the transaction: if the provider fails, the send is not counted.
    try {
      await deps.sms.sendCode(phone, code ?? '', code ? codeText(code) : '');
    } catch (err) {
      throw new AppError('service_unavailable', 'The code could not be sent. Please try again', undefined, undefined, { cause: err });
    }
  });
}

type CheckResult = { ok: true; approvalToken: string } | { ok: false };

/** Checks a code: the newest one for the phone, unexpired, unapproved, at most 5 checks. */
export async function checkCode(deps: AppDeps, input: { to: string; code: string }): Promise<{ approvalToken: string }> {
  const phone = parsePhoneOrThrow(input.to, 'to');
  const code = input.code.trim();
  const now = deps.clock.now();
  // The attempt is counted in a transaction that commits even when the code is wrong.
  const result = await inTransaction<CheckResult>(deps.db, async (tx) => {
    await otpRepo.lockPhone(tx, phone);
    const row = await otpRepo.findNewestCode(tx, phone);
    if (!row || row.approved_at || row.expires_at <= now || row.attempts >= OTP_MAX_CHECKS) return { ok: false };
    await otpRepo.recordAttempt(tx, row.id);
    let matches = false;
    if (isCodeShaped(code, deps.config.OTP_LENGTH) || deps.sms.verifiesCodes) {
      matches = row.code_hash ? codeMatches(row.code_hash, phone, code) : await deps.sms.checkCode(phone, code);
    }
    if (!matches) return { ok: false };
    const approvalToken = newToken();
    await otpRepo.approveCode(tx, row.id, hashToken(approvalToken), now);
    return { ok: true, approvalToken };
  });
  if (!result.ok) throw new AppError('code_wrong', ERROR_MESSAGES.codeWrong, { code: ERROR_MESSAGES.codeWrong });
  return { approvalToken: result.approvalToken };
}

/**
 * Signs in (creating the account on first use) with a phone whose code this client had approved
 * in the last 10 minutes; each approval signs in once.
 */
export async function authCreate(
  deps: AppDeps,
  input: { phone: string; approvalToken: string | null; googleLinkToken: string | null; userAgent: string | null; ip: string | null },
): Promise<SessionInfo & { googleLinked: boolean }> {
  const phone = parsePhoneOrThrow(input.phone, 'phone');
  const now = deps.clock.now();
  const notApproved = new AppError('code_not_approved', 'Confirm the code sent to this phone first', {
    phone: 'Confirm the code sent to this phone first',
  });
  if (!input.approvalToken) throw notApproved;
  const approvalTokenHash = hashToken(input.approvalToken);
  return inTransaction(deps.db, async (tx) => {
    const used = await otpRepo.consumeApproval(tx, phone, approvalTokenHash, new Date(now.getTime() - OTP_APPROVAL_TTL_MS), now);
    if (!used) throw notApproved;
    const userId = await upsertUserByPhone(tx, phone, now);
    // A Google account waiting in this browser for this account's phone sign-in (decision 0040).
    const googleLinked = input.googleLinkToken ? await confirmPendingGoogleLink(tx, input.googleLinkToken, userId, now) : false;
    const session = await startSession(deps, tx, userId, input);
    return { user: await loadCurrentUser(tx, userId, now), ...session, googleLinked };
  });
}

export async function logout(deps: AppDeps, sessionId: number): Promise<void> {
  await deleteSession(deps.db, sessionId);
  // Its sockets go too: no more notifications or event messages to a signed-out browser.
  await deps.realtime?.recheckSession(sessionId);
}
