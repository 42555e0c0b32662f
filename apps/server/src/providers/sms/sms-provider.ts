/**
 * Sending texts and verifying one-time codes (CONVENTIONS §6).
 * `console` (default): we generate the code, log the text and keep it in a dev outbox.
 * `twilio`: Twilio Verify generates, sends and checks codes; Twilio Messaging sends other texts.
 */
export interface SmsProvider {
  readonly name: 'console' | 'twilio';
  /** True when the provider generates and checks codes itself (then we never see the code). */
  readonly verifiesCodes: boolean;
  /** Sends a code. `code` and `text` are ours when verifiesCodes is false. */
  sendCode(to: string, code: string, text: string): Promise<void>;
  /** Only for providers that verify codes themselves. */
  checkCode(to: string, code: string): Promise<boolean>;
  sendMessage(to: string, body: string): Promise<void>;
}

export interface OutboxMessage {
  to: string;
  body: string;
  created_at: string;
}
