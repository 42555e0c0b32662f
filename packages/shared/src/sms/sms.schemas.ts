import { z } from 'zod';
import { normalizePhone } from '../auth/phone.rules.ts';
import { SMS_EVENT_SEARCH_MIN, SMS_MESSAGE_MAX, SMS_MESSAGES, SMS_RECIPIENT_TYPES } from './sms.rules.ts';

export const smsRecipientTypeSchema = z.enum(SMS_RECIPIENT_TYPES, { error: SMS_MESSAGES.typeRequired });

/** The event in the path: its hash (events §7 send-sms/{hash}). */
export const smsEventParamsSchema = z.object({ hash: z.string().min(1).max(40) });

const messageSchema = z
  .string({ error: SMS_MESSAGES.messageRequired })
  .trim()
  .min(1, SMS_MESSAGES.messageRequired)
  .max(SMS_MESSAGE_MAX, SMS_MESSAGES.messageTooLong);

/** 'Specific Number' needs a valid phone; for the other types phone is null (or left out). */
function requirePhoneForNumber(body: { type: string; phone?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (body.type === 'number' && (!body.phone || !normalizePhone(body.phone))) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: SMS_MESSAGES.phoneWrong });
  }
}

/** POST events/tickets/send-sms/{hash} {message, phone, type} (events §7). */
export const sendSmsBodySchema = z
  .object({
    message: messageSchema,
    phone: z.string().max(64).nullish(),
    type: smsRecipientTypeSchema,
  })
  .superRefine(requirePhoneForNumber);
export type SendSmsBody = z.input<typeof sendSmsBodySchema>;

/** GET events/tickets/sms-recipients/{hash}?type=&phone=: how many would receive it, before sending. */
export const smsRecipientsQuerySchema = z
  .object({
    type: smsRecipientTypeSchema,
    phone: z.string().max(64).nullish(),
  })
  .superRefine(requirePhoneForNumber);

export const smsRecipientsReplySchema = z.object({ data: z.object({ count: z.number().int() }) });

/** One recorded send (who, when, which event, to whom, how it went). */
export const smsSendSchema = z
  .object({
    id: z.number().int(),
    event: z.object({ id: z.number().int(), hash: z.string(), name: z.string() }).nullable(),
    sender: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
    type: z.enum(SMS_RECIPIENT_TYPES),
    message: z.string(),
    recipients_count: z.number().int(),
    /** Texts the provider took so far, and those it refused for good. */
    sent_count: z.number().int(),
    failed_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'SmsSend' });
export type SmsSend = z.infer<typeof smsSendSchema>;

/** The reply: data is the list of numbers messaged (events §7), send the record of it. */
export const sendSmsReplySchema = z.object({ data: z.array(z.string()), send: smsSendSchema });

export const smsSendListQuerySchema = z.object({
  event: z.string().min(1).max(40).optional(),
});
export const smsSendListReplySchema = z.object({ data: z.array(smsSendSchema) });

/** GET sms-sender/events?search=: the SMS tool's event search (moderators; at least 2 characters). */
export const smsEventSearchQuerySchema = z.object({
  search: z.string().trim().min(SMS_EVENT_SEARCH_MIN, SMS_MESSAGES.searchTooShort).max(100),
});

export const smsEventSchema = z
  .object({
    id: z.number().int(),
    hash: z.string(),
    name: z.string(),
    start_date: z.string(),
    is_private: z.boolean(),
  })
  .meta({ id: 'SmsEvent' });
export type SmsEvent = z.infer<typeof smsEventSchema>;
export const smsEventSearchReplySchema = z.object({ data: z.array(smsEventSchema) });
