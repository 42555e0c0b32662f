import { z } from 'zod';
import { userSchema } from '../users/users.schemas.ts';

/** Google sign-in constants (accounts §9): the auth window's size and the opener's polling. */
export const GOOGLE_WINDOW_WIDTH = 500;
export const GOOGLE_WINDOW_HEIGHT = 600;
export const GOOGLE_POLL_INTERVAL_MS = 2000;
export const GOOGLE_POLL_MAX_ATTEMPTS = 60;
/** How long a sign-in started at /google/mobile/authorize may take, callback and answer included. */
export const GOOGLE_LOGIN_TTL_MS = 10 * 60_000;
/** How long a Google account waits for its phone sign-in to be linked (decision 0040). */
export const GOOGLE_LINK_TTL_MS = 30 * 60_000;

/**
 * The session id the opener makes up: at least 32 base64url characters (192 bits) from a CSPRNG,
 * so nobody can guess another browser's (it is also bound to the browser, decision 0040).
 */
export const GOOGLE_SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
export const googleSessionIdSchema = z
  .string()
  .regex(GOOGLE_SESSION_ID_PATTERN, 'A session id is 32 to 64 letters, digits, - or _')
  .meta({ examples: ['q3Jd8Zx0uN4sVb7Lr2Ty9Wc6Pa1Hk5Me0Gf3Qi8Xo2'] });

/** GET /google/mobile/authorize?session_id&origin&nocache (accounts §7). */
export const googleAuthorizeQuerySchema = z.object({
  session_id: googleSessionIdSchema,
  /** The opener's origin: the window posts its message there; it must be one of planns' own. */
  origin: z.url({ protocol: /^https?$/, message: 'origin must be an http(s) address' }).max(200).meta({ examples: ['http://localhost:3000'] }),
  /** The opener's cache buster; ignored. */
  nocache: z.string().max(64).optional(),
});

/** GET /google/mobile/callback: what the provider sends back (and extras Google adds, ignored). */
export const googleCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(128).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

export const checkMobileSessionParamsSchema = z.object({ session_id: googleSessionIdSchema });

/**
 * Why a Google sign-in did not sign anyone in. `link_required`: the Google account's verified
 * email is on a planns account, which must sign in by phone first (decision 0040); `expired`: the
 * sign-in took too long or was already answered; `failed`: the provider refused or the answer
 * did not verify.
 */
export const googleLoginErrors = ['failed', 'expired', 'link_required'] as const;
export type GoogleLoginError = (typeof googleLoginErrors)[number];

/**
 * GET /api/auth/check-mobile-session/{session id}: {success, token, user, error} (accounts §7).
 * Still waiting: success false, error null.
 */
export const checkMobileSessionReplySchema = z.object({
  success: z.boolean(),
  token: z.string().nullable(),
  user: userSchema.nullable(),
  error: z.enum(googleLoginErrors).nullable(),
});
export type CheckMobileSessionReply = z.infer<typeof checkMobileSessionReplySchema>;

/** What the auth window posts to its opener (never a token: the opener asks check-mobile-session). */
export const GOOGLE_MESSAGE_TYPE = 'planns:google-login';
export interface GoogleWindowMessage {
  type: typeof GOOGLE_MESSAGE_TYPE;
  status: 'done' | 'error';
}
