import { normalizePhone } from '@planns/shared/auth/phone.rules';
import { OTP_APPROVAL_TTL_MS } from '@planns/shared/auth/otp.rules';
import { ERROR_MESSAGES } from '@planns/shared/errors/error-codes';
import type { Tx } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeApproval } from './otp.repo.ts';
import { hashToken } from './tokens.ts';

export function parsePhoneOrThrow(input: string, field: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw new AppError('phone_invalid', ERROR_MESSAGES.phoneWrong, { [field]: ERROR_MESSAGES.phoneWrong });
  return phone;
}

/** Uses up an approval for a phone number (changing the phone on a profile needs one). */
export async function consumePhoneApproval(deps: AppDeps, tx: Tx, phone: string, approvalToken: string | null): Promise<boolean> {
  if (!approvalToken) return false;
  const now = deps.clock.now();
  const used = await consumeApproval(tx, phone, hashToken(approvalToken), new Date(now.getTime() - OTP_APPROVAL_TTL_MS), now);
  return Boolean(used);
}

