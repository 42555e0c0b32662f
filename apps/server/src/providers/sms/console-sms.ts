import type { Clock } from '../clock.ts';
import type { OutboxMessage, SmsProvider } from './sms-provider.ts';

const OUTBOX_SIZE = 500;

/** Offline default: logs each text and keeps the newest ones in memory for GET /api/dev/outbox. */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console' as const;
  readonly verifiesCodes = false;
  private readonly outbox: OutboxMessage[] = [];
  private readonly clock: Clock;
  private readonly log: (msg: string) => void;

  constructor(clock: Clock, log: (msg: string) => void) {
    this.clock = clock;
    this.log = log;
  }

  async sendCode(to: string, _code: string, text: string): Promise<void> {
    await this.sendMessage(to, text);
  }

  async checkCode(): Promise<boolean> {
    throw new Error('the console provider does not verify codes');
  }

  async sendMessage(to: string, body: string): Promise<void> {
    this.outbox.unshift({ to, body, created_at: this.clock.now().toISOString() });
    if (this.outbox.length > OUTBOX_SIZE) this.outbox.length = OUTBOX_SIZE;
    this.log(`SMS to ${to}: ${body}`);
  }

  /** Newest first. */
  list(): OutboxMessage[] {
    return [...this.outbox];
  }
}
