import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.ts';
import { ConsoleSmsProvider } from './console-sms.ts';

function provider() {
  const clock = new FakeClock('2026-03-01T09:00:00Z');
  const lines: string[] = [];
  return { clock, lines, sms: new ConsoleSmsProvider(clock, (line) => lines.push(line)) };
}

describe('ConsoleSmsProvider', () => {
  it('does not verify codes itself', async () => {
    const { sms } = provider();
    expect(sms.name).toBe('console');
    expect(sms.verifiesCodes).toBe(false);
    await expect(sms.checkCode()).rejects.toThrow(/does not verify/);
  });

  it('keeps the texts newest first, dated by the clock, and logs each', async () => {
    const { clock, lines, sms } = provider();
    await sms.sendCode('+12025550101', '123456', '123456 is your planns code.');
    clock.advance(90_000);
    await sms.sendMessage('+12025550102', 'See you Friday');
    expect(sms.list()).toEqual([
      { to: '+12025550102', body: 'See you Friday', created_at: '2026-03-01T09:01:30.000Z' },
      { to: '+12025550101', body: '123456 is your planns code.', created_at: '2026-03-01T09:00:00.000Z' },
    ]);
    expect(lines).toEqual(['SMS to +12025550101: 123456 is your planns code.', 'SMS to +12025550102: See you Friday']);
  });

  it('answers a copy of the outbox', async () => {
    const { sms } = provider();
    await sms.sendMessage('+12025550101', 'one');
    const list = sms.list();
    list.length = 0;
    expect(sms.list()).toHaveLength(1);
  });

  it('keeps only the newest 500 texts', async () => {
    const { clock, sms } = provider();
    for (let i = 0; i < 510; i++) {
      await sms.sendMessage('+12025550101', `text ${i}`);
      clock.advance(1000);
    }
    const list = sms.list();
    expect(list).toHaveLength(500);
    expect(list[0]!.body).toBe('text 509');
    expect(list.at(-1)!.body).toBe('text 10');
    expect(list[0]!.created_at).toBe(new Date(Date.parse('2026-03-01T09:00:00Z') + 509_000).toISOString());
    // Newest first all the way down.
    const times = list.map((m) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
