import { z } from 'zod';
import { envelope } from '../http/envelope.ts';
import { userSchema } from '../users/users.schemas.ts';

export const sendCodeBodySchema = z.object({
  to: z.string().max(64),
});
export const sendCodeReplySchema = z.object({
  status: z.literal('pending'),
  /** Seconds until RESEND CODE may be used. */
  resend_after: z.number().int(),
  code_length: z.number().int(),
});

export const checkCodeBodySchema = z.object({
  to: z.string().max(64),
  code: z.string().max(16),
});
export const checkCodeReplySchema = z.object({
  status: z.literal('approved'),
  /**
   * Binds the following auth-create to this client. Browsers also get it as an HttpOnly cookie,
   * so the spec's client, which posts only {phone}, works unchanged (docs/decisions/0004-phone-sign-in.md).
   */
  approval_token: z.string(),
});

export const authCreateBodySchema = z.object({
  phone: z.string().max(64),
  approval_token: z.string().max(128).optional(),
});
export const authCreateReplySchema = envelope(
  z.object({
    user: userSchema,
    token: z.string(),
    /** A Google account waiting in this browser for this phone sign-in was linked to the account (decision 0040). */
    google_linked: z.boolean().optional(),
  }),
);

/** Public configuration the web app needs at start. */
export const clientConfigSchema = z.object({
  otp_length: z.number().int(),
  sms_provider: z.enum(['console', 'twilio']),
  analytics_provider: z.string(),
  /** test: planns plays the payment provider; stripe: Stripe (decision 0028). */
  payments_provider: z.enum(['test', 'stripe']),
  /** planns' service fee, percent of a checkout's total (PLATFORM_FEE_PERCENT; decision 0027). */
  platform_fee_percent: z.number().min(0).max(50),
  /** Stripe's publishable key for its embedded checkout; null with the test provider. */
  stripe_publishable_key: z.string().nullable(),
  /** The support contact's phone (SUPPORT_PHONE, E.164), opened as a WhatsApp link; null when none is set. */
  support_phone: z.string().nullable(),
  /** Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET): the login modal shows its button. */
  google_login: z.boolean(),
  /** ics: .ics downloads and feeds; google: also the Google Calendar block on event pages (decision 0043). */
  calendar_provider: z.enum(['ics', 'google']),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
