import type { SmsProvider } from './sms-provider.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  verifyServiceSid: string;
  from: string;
  fetch?: typeof fetch;
}

export class TwilioError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(`Twilio answered ${status}: ${message}`);
    this.status = status;
  }
}

/** Twilio Verify for codes, Twilio Messaging for other texts; plain REST over fetch. */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio' as const;
  readonly verifiesCodes = true;
  private readonly opts: TwilioOptions;
  private readonly fetchImpl: typeof fetch;

  constructor(opts: TwilioOptions) {
    this.opts = opts;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  private async post(url: string, form: Record<string, string>): Promise<Record<string, unknown>> {
    const auth = Buffer.from(`${this.opts.accountSid}:${this.opts.authToken}`).toString('base64');
    const res = await this.fetchImpl(url, {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new TwilioError(res.status, String(body.message ?? ''));
    return body;
  }

  async sendCode(to: string): Promise<void> {
    await this.post(`https://verify.twilio.com/v2/Services/${this.opts.verifyServiceSid}/Verifications`, { To: to, Channel: 'sms' });
  }

  async checkCode(to: string, code: string): Promise<boolean> {
    try {
      const body = await this.post(`https://verify.twilio.com/v2/Services/${this.opts.verifyServiceSid}/VerificationCheck`, {
        To: to,
        Code: code,
      });
      return body.status === 'approved';
    } catch (err) {
      // Twilio answers 404 when no pending verification exists (expired, approved or too many attempts).
      if (err instanceof TwilioError && err.status === 404) return false;
      throw err;
    }
  }

  async sendMessage(to: string, body: string): Promise<void> {
    await this.post(`https://api.twilio.com/2010-04-01/Accounts/${this.opts.accountSid}/Messages.json`, {
      To: to,
      From: this.opts.from,
      Body: body,
    });
  }
}
