import { z } from 'zod';
import { idSchema } from '../input/ids.schemas.ts';
import { AVATAR_EXTENSIONS, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './users.rules.ts';

export const groupRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** The signed-in user as they see themselves (GET /api/user). Other people get publicUserSchema. */
export const userSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    avatar: z.string().nullable(),
    avatar_m: z.string().nullable(),
    avatar_s: z.string().nullable(),
    is_moderator: z.boolean(),
    groups: z.array(groupRefSchema),
    current_group_id: z.number().int().nullable(),
    current_group: groupRefSchema.nullable(),
    /** The payout account's id at the payment provider (accounts §3 stripe_id); null without one. */
    stripe_id: z.string().nullable(),
    /** The payout account is active: terms accepted, details submitted, charges enabled. */
    stripe_approved: z.boolean(),
    /** The connected Google Calendar account (accounts §3 google_email); null when none. The tokens never leave the server. */
    google_email: z.string().nullable(),
    /** Seconds the Google Calendar access token has left (accounts §3 google_token_expires_in; refreshed on use); null when not connected. */
    google_token_expires_in: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** What anyone may see of another user: never phone or email. */
export const publicUserSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    avatar: z.string().nullable(),
    avatar_m: z.string().nullable(),
    avatar_s: z.string().nullable(),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUserSchema>;

const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .pipe(z.email({ message: 'Email is not valid' }).nullable())
  .nullable()
  .optional();

export const setNameBodySchema = z.object({
  id: idSchema,
  name: z.string().max(NAME_MAX_LENGTH + 50),
  email: emailField,
  /** The login modal's terms-and-privacy checkbox; required to be true. */
  terms_accepted: z.boolean().optional(),
});

const base64Field = z.string().max(16 * 1024 * 1024);
const extensionField = z.enum(AVATAR_EXTENSIONS);

export const avatarBodySchema = z.object({
  extension: extensionField,
  base64: base64Field,
  is_staging: z.unknown().optional(),
});

export const updateUserBodySchema = z.object({
  name: z.string().max(NAME_MAX_LENGTH + 50).optional(),
  email: emailField,
  phone: z.string().max(64).optional(),
  /** The spec's client sends null here; only base64 + extension change the avatar. */
  avatar: z.unknown().optional(),
  base64: base64Field.nullable().optional(),
  extension: extensionField.nullable().optional(),
  /** Required when the phone changes: from check-code for the new number (or its cookie). */
  approval_token: z.string().max(128).optional(),
});

export const userReplySchema = z.object({ data: userSchema });
