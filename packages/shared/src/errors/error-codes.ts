import { z } from 'zod';

/**
 * The one list of error codes the server answers with (CONVENTIONS §5).
 * The web client maps each code to a translated message; `message` is the English text.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  /** The card was refused (the provider's message says why), as Stripe answers 402. */
  card_declined: 402,
  forbidden: 403,
  csrf_rejected: 403,
  not_found: 404,
  conflict: 409,
  email_taken: 409,
  event_full: 409,
  /** The tickets wanted are more than remain (events §4 'Sold out'): the event's max or a type's limit. */
  sold_out: 409,
  /** A seat picked was taken meanwhile (the fields name each: seats.{i}); the chart refreshes. */
  seat_taken: 409,
  /** The price or fee a client showed is not the server's (the answer carries the current ones). */
  price_changed: 409,
  /** A payout account is needed, or is not verified yet. */
  payment_account_required: 409,
  /** A checkout that is over (paid, or expired). */
  checkout_closed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  phone_invalid: 422,
  code_wrong: 422,
  code_not_approved: 422,
  too_many_requests: 429,
  internal_error: 500,
  /** The payment provider could not be reached or refused the call; nothing was changed. */
  provider_unavailable: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorCodes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** Spec texts (accounts §8, events §8): these exact strings are requirements. */
export const ERROR_MESSAGES = {
  phoneWrong: 'Phone is wrong. Please, check your input',
  codeWrong: 'Code is wrong',
  emailTaken: 'User with such email already exists',
  unknown: 'An unknown error occurred',
  /** The spec's alert key event_full (events §4, §8). */
  eventFull: 'This event is full',
} as const;

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      retry_after: z.number().int().optional(),
    }),
    /** The legacy field-detail object the spec's client reads (events §8). */
    additional: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
