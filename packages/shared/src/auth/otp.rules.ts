/** One-time code limits (issue #2 §3; OWASP ASVS 5.0 §6.5.4 for 6 digits). */
export const OTP_DEFAULT_LENGTH = 6;
export const OTP_MIN_LENGTH = 4;
export const OTP_MAX_LENGTH = 8;
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_CHECKS = 5;
export const OTP_RESEND_COOLDOWN_MS = 30_000;
export const OTP_MAX_SENDS_PER_HOUR = 5;
export const OTP_MAX_SENDS_PER_DAY = 10;
/** auth-create is allowed this long after a code was approved, once. */
export const OTP_APPROVAL_TTL_MS = 10 * 60_000;
export const OTP_SENDS_PER_IP_PER_HOUR = 30;

export type SendDecision =
  | { ok: true }
  | { ok: false; reason: 'cooldown' | 'hourly' | 'daily'; retryAfterMs: number };

/**
 * Decides whether a new code may be sent, from the send times of earlier codes for the same phone.
 * Pure: the caller passes `now` from its clock.
 */
export function decideSend(previousSends: readonly Date[], now: Date): SendDecision {
  const t = now.getTime();
  const times = previousSends.map((d) => d.getTime()).filter((x) => x > t - 24 * 3_600_000 && x <= t);
  times.sort((a, b) => b - a);
  const last = times[0];
  if (last !== undefined && t - last < OTP_RESEND_COOLDOWN_MS) {
    return { ok: false, reason: 'cooldown', retryAfterMs: OTP_RESEND_COOLDOWN_MS - (t - last) };
  }
  const lastHour = times.filter((x) => x > t - 3_600_000);
  if (lastHour.length >= OTP_MAX_SENDS_PER_HOUR) {
    const oldest = lastHour[OTP_MAX_SENDS_PER_HOUR - 1]!;
    return { ok: false, reason: 'hourly', retryAfterMs: oldest + 3_600_000 - t };
  }
  if (times.length >= OTP_MAX_SENDS_PER_DAY) {
    const oldest = times[OTP_MAX_SENDS_PER_DAY - 1]!;
    return { ok: false, reason: 'daily', retryAfterMs: oldest + 24 * 3_600_000 - t };
  }
  return { ok: true };
}

/** Seconds shown to the user, rounded up so that "0 s" never appears. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export function isCodeShaped(code: string, length: number): boolean {
  return code.length === length && /^\d+$/.test(code);
}
