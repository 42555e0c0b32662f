import { describe, expect, it, vi } from 'vitest';
import { GOOGLE_MESSAGE_TYPE, GOOGLE_POLL_INTERVAL_MS, GOOGLE_POLL_MAX_ATTEMPTS, type CheckMobileSessionReply } from '@planns/shared/auth/google-login.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { googleWindowFeatures, isTrustedGoogleMessage, newGoogleSessionId, watchGoogleSignIn, type GoogleOutcome } from './google-sign-in.ts';

const WAITING: CheckMobileSessionReply = { success: false, token: null, user: null, error: null };
const user = { id: 7, name: 'Ana' } as User;

function setup(answers: (attempt: number) => CheckMobileSessionReply | Error) {
  vi.useFakeTimers();
  const popup = { closed: false, close: vi.fn(() => void (popup.closed = true)) };
  let attempt = 0;
  const check = vi.fn(async () => {
    const answer = answers(++attempt);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const outcomes: GoogleOutcome[] = [];
  const watch = watchGoogleSignIn('s'.repeat(43), popup, { check, setTimer: (run, ms) => setTimeout(run, ms), clearTimer: (t) => clearTimeout(t as number) }, (o) => outcomes.push(o));
  return { popup, check, outcomes, watch };
}

describe('watchGoogleSignIn', () => {
  it('polls every 2000 ms and ends with the user, closing the window', async () => {
    const { check, outcomes, popup } = setup((n) => (n < 3 ? WAITING : { success: true, token: 't', user, error: null }));
    await vi.advanceTimersByTimeAsync(GOOGLE_POLL_INTERVAL_MS - 1);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3 * GOOGLE_POLL_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(3);
    expect(outcomes).toEqual([{ user }]);
    expect(popup.close).toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('gives up after 60 attempts: the time-out', async () => {
    const { check, outcomes } = setup(() => WAITING);
    await vi.advanceTimersByTimeAsync(GOOGLE_POLL_INTERVAL_MS * (GOOGLE_POLL_MAX_ATTEMPTS + 5));
    expect(check).toHaveBeenCalledTimes(GOOGLE_POLL_MAX_ATTEMPTS);
    expect(outcomes).toEqual([{ failure: 'timeout' }]);
    vi.useRealTimers();
  });

  it('says the window was closed after one last check', async () => {
    const { popup, check, outcomes } = setup(() => WAITING);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(GOOGLE_POLL_INTERVAL_MS);
    // The scheduled check, then one more straight away (the window may have closed on its own after the callback).
    expect(check).toHaveBeenCalledTimes(2);
    expect(outcomes).toEqual([{ failure: 'closed' }]);
    vi.useRealTimers();
  });

  it('checks at once when the window says it is done, and maps the server errors', async () => {
    const { check, outcomes, watch } = setup(() => ({ ...WAITING, error: 'link_required' }));
    watch.nudge(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    expect(outcomes).toEqual([{ failure: 'link_required' }]);
    const expired = setup(() => ({ ...WAITING, error: 'expired' }));
    await vi.advanceTimersByTimeAsync(GOOGLE_POLL_INTERVAL_MS);
    expect(expired.outcomes).toEqual([{ failure: 'failed' }]);
    vi.useRealTimers();
  });

  it('fails when the window says so and nothing was recorded', async () => {
    const { outcomes, watch } = setup(() => WAITING);
    watch.nudge(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes).toEqual([{ failure: 'failed' }]);
    vi.useRealTimers();
  });

  it('keeps polling through a lost connection, and stop ends it silently', async () => {
    const { check, outcomes, watch } = setup((n) => (n === 1 ? new Error('offline') : WAITING));
    await vi.advanceTimersByTimeAsync(2 * GOOGLE_POLL_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
    watch.stop();
    await vi.advanceTimersByTimeAsync(10 * GOOGLE_POLL_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
    expect(outcomes).toEqual([]);
    vi.useRealTimers();
  });
});

describe('the window and its messages', () => {
  it('ignores messages from other origins, other windows, or of another shape', () => {
    const popup = {};
    const data = { type: GOOGLE_MESSAGE_TYPE, status: 'done' };
    expect(isTrustedGoogleMessage({ origin: 'https://planns.example', data, source: popup as Window }, 'https://planns.example', popup)).toBe(true);
    expect(isTrustedGoogleMessage({ origin: 'https://evil.example', data, source: popup as Window }, 'https://planns.example', popup)).toBe(false);
    expect(isTrustedGoogleMessage({ origin: 'https://planns.example', data, source: {} as Window }, 'https://planns.example', popup)).toBe(false);
    expect(isTrustedGoogleMessage({ origin: 'https://planns.example', data: 'done', source: popup as Window }, 'https://planns.example', popup)).toBe(false);
  });

  it('makes a 43-character base64url session id and a centred 500x600 window', () => {
    expect(newGoogleSessionId()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newGoogleSessionId()).not.toBe(newGoogleSessionId());
    expect(googleWindowFeatures({ left: 0, top: 0, width: 1500, height: 1000 })).toBe('popup,width=500,height=600,left=500,top=200');
  });
});
