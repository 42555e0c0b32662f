import { describe, expect, it } from 'vitest';
import {
  OTP_MAX_SENDS_PER_DAY,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_RESEND_COOLDOWN_MS,
  decideSend,
  isCodeShaped,
  retryAfterSeconds,
} from './otp.rules.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('decideSend', () => {
  it('allows the first send', () => {
    expect(decideSend([], NOW)).toEqual({ ok: true });
  });

  it('enforces the 30 s cooldown with the time left', () => {
    expect(decideSend([ago(0)], NOW)).toEqual({ ok: false, reason: 'cooldown', retryAfterMs: OTP_RESEND_COOLDOWN_MS });
    expect(decideSend([ago(10 * SECOND)], NOW)).toEqual({ ok: false, reason: 'cooldown', retryAfterMs: 20 * SECOND });
    expect(decideSend([ago(29_999)], NOW)).toEqual({ ok: false, reason: 'cooldown', retryAfterMs: 1 });
    expect(decideSend([ago(30 * SECOND)], NOW)).toEqual({ ok: true });
  });

  it('counts the cooldown from the newest send whatever the order', () => {
    expect(decideSend([ago(20 * MINUTE), ago(5 * SECOND), ago(10 * MINUTE)], NOW)).toEqual({
      ok: false,
      reason: 'cooldown',
      retryAfterMs: 25 * SECOND,
    });
  });

  it('allows 5 sends an hour and says when the oldest leaves the window', () => {
    const four = [ago(1 * MINUTE), ago(2 * MINUTE), ago(3 * MINUTE), ago(50 * MINUTE)];
    expect(decideSend(four, NOW)).toEqual({ ok: true });
    const five = [...four, ago(40 * MINUTE)];
    expect(five).toHaveLength(OTP_MAX_SENDS_PER_HOUR);
    expect(decideSend(five, NOW)).toEqual({ ok: false, reason: 'hourly', retryAfterMs: 10 * MINUTE });
  });

  it('forgets sends older than an hour for the hourly limit', () => {
    const sends = [ago(1 * MINUTE), ago(2 * MINUTE), ago(3 * MINUTE), ago(4 * MINUTE), ago(HOUR)];
    expect(decideSend(sends, NOW)).toEqual({ ok: true });
  });

  it('allows 10 sends a day and says when the oldest leaves the window', () => {
    const nine = Array.from({ length: 9 }, (_, i) => ago(2 * HOUR + i * HOUR));
    expect(decideSend(nine, NOW)).toEqual({ ok: true });
    const ten = [...nine, ago(20 * HOUR)];
    expect(ten).toHaveLength(OTP_MAX_SENDS_PER_DAY);
    // The oldest of the ten is 20 h old: free again in 4 h.
    expect(decideSend(ten, NOW)).toEqual({ ok: false, reason: 'daily', retryAfterMs: 4 * HOUR });
  });

  it('forgets sends a day old or older, and ignores sends in the future', () => {
    const old = Array.from({ length: 10 }, (_, i) => ago(DAY + i * MINUTE));
    expect(decideSend(old, NOW)).toEqual({ ok: true });
    const future = [new Date(NOW.getTime() + 5 * SECOND)];
    expect(decideSend(future, NOW)).toEqual({ ok: true });
  });

  it('reports the cooldown before the hourly limit, and the hourly before the daily', () => {
    const hourFull = [ago(10 * SECOND), ago(5 * MINUTE), ago(10 * MINUTE), ago(15 * MINUTE), ago(20 * MINUTE)];
    expect(decideSend(hourFull, NOW)).toMatchObject({ ok: false, reason: 'cooldown' });
    const dayAndHourFull = [...hourFull.map((d) => new Date(d.getTime() - MINUTE)), ...Array.from({ length: 5 }, (_, i) => ago(3 * HOUR + i * HOUR))];
    expect(decideSend(dayAndHourFull, NOW)).toMatchObject({ ok: false, reason: 'hourly' });
  });

  it('does not change its input', () => {
    const sends = [ago(10 * MINUTE), ago(1 * MINUTE)];
    const copy = sends.map((d) => d.getTime());
    decideSend(sends, NOW);
    expect(sends.map((d) => d.getTime())).toEqual(copy);
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds', () => {
    expect(retryAfterSeconds(20_000)).toBe(20);
    expect(retryAfterSeconds(19_001)).toBe(20);
    expect(retryAfterSeconds(1_500)).toBe(2);
  });

  it('never says 0 seconds', () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(-500)).toBe(1);
  });
});

describe('isCodeShaped', () => {
  it('accepts exactly `length` digits', () => {
    expect(isCodeShaped('123456', 6)).toBe(true);
    expect(isCodeShaped('000000', 6)).toBe(true);
    expect(isCodeShaped('1234', 4)).toBe(true);
  });

  it('refuses other lengths and non-digits', () => {
    expect(isCodeShaped('12345', 6)).toBe(false);
    expect(isCodeShaped('1234567', 6)).toBe(false);
    expect(isCodeShaped('1234', 6)).toBe(false);
    expect(isCodeShaped('12a456', 6)).toBe(false);
    expect(isCodeShaped(' 12345', 6)).toBe(false);
    expect(isCodeShaped('12 456', 6)).toBe(false);
    expect(isCodeShaped('', 0)).toBe(false);
    expect(isCodeShaped('１２３４', 4)).toBe(false); // full-width digits
  });
});
