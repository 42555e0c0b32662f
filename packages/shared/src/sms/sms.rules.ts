import { ERROR_MESSAGES } from '../errors/error-codes.ts';

/**
 * The moderators' SMS sender (accounts §2 SMS mass sender, events §5, §9): the recipient types,
 * the message's limits and how many SMS segments a text takes.
 */

/** accounts §9, events §9: All, Ticket Owners, Going, Going + Doubt, Rejected, Specific Number. */
export const SMS_RECIPIENT_TYPES = ['all', 'ticket_owners', 'going', 'going_doubt', 'rejected', 'number'] as const;
export type SmsRecipientType = (typeof SMS_RECIPIENT_TYPES)[number];

/** Ten concatenated segments of GSM-7 text at most: past that, carriers drop or split messages. */
export const SMS_MESSAGE_MAX = 1530;

/** accounts §9: the SMS tool's event search needs at least 2 characters. */
export const SMS_EVENT_SEARCH_MIN = 2;

export const SMS_MESSAGES = {
  messageRequired: 'Write a message',
  messageTooLong: `At most ${SMS_MESSAGE_MAX} characters`,
  typeRequired: 'Choose who receives it',
  /** 'Specific Number' needs a valid phone (accounts §5, events §5): the spec's phone text. */
  phoneWrong: ERROR_MESSAGES.phoneWrong,
  searchTooShort: `At least ${SMS_EVENT_SEARCH_MIN} characters`,
} as const;

/** GSM 03.38's basic character set: each takes one septet. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: each takes two septets (an escape, then the character). */
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsLength {
  /** 'gsm7' when every character is in the GSM alphabet, else 'ucs2' (Hebrew, Japanese, Cyrillic, emoji). */
  encoding: 'gsm7' | 'ucs2';
  /** Septets (gsm7) or UTF-16 code units (ucs2) the text takes. */
  units: number;
  /** Messages the network sends it as: one up to 160 septets or 70 code units, else 153 or 67 each. */
  segments: number;
}

/** How a text is sent over SMS: its encoding, its length in that encoding and its segments. */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENDED.includes(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'gsm7', units: septets, segments: septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153) };
  const units = text.length;
  return { encoding: 'ucs2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
