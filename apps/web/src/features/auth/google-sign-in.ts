import {
  GOOGLE_MESSAGE_TYPE,
  GOOGLE_POLL_INTERVAL_MS,
  GOOGLE_POLL_MAX_ATTEMPTS,
  GOOGLE_WINDOW_HEIGHT,
  GOOGLE_WINDOW_WIDTH,
  type CheckMobileSessionReply,
} from '@planns/shared/auth/google-login.schemas';
import type { User } from '@planns/shared/users/users.schemas';

/** Why a Google sign-in ended without signing in (each has its text, accounts §8). */
export type GoogleFailure = 'closed' | 'timeout' | 'failed' | 'link_required' | 'unavailable';
export type GoogleOutcome = { user: User } | { failure: GoogleFailure };

/** 32 random bytes, base64url: the unguessable session id the window and the polls share. */
export function newGoogleSessionId(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function googleAuthorizePath(sessionId: string, origin: string, nocache: number): string {
  const query = new URLSearchParams({ session_id: sessionId, origin, nocache: String(nocache) });
  return `/google/mobile/authorize?${query.toString()}`;
}

/** The window's features: 500x600, centred over the opener (accounts §9). */
export function googleWindowFeatures(screen: { left: number; top: number; width: number; height: number }): string {
  const left = Math.max(0, Math.round(screen.left + (screen.width - GOOGLE_WINDOW_WIDTH) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - GOOGLE_WINDOW_HEIGHT) / 2));
  return `popup,width=${GOOGLE_WINDOW_WIDTH},height=${GOOGLE_WINDOW_HEIGHT},left=${left},top=${top}`;
}

/** Only planns' own window, from planns' own origin, is listened to; anything else is ignored. */
export function isTrustedGoogleMessage(event: Pick<MessageEvent, 'origin' | 'data' | 'source'>, ownOrigin: string, window: unknown): boolean {
  if (event.origin !== ownOrigin || event.source !== window) return false;
  const data = event.data as { type?: unknown; status?: unknown } | null;
  return typeof data === 'object' && data !== null && data.type === GOOGLE_MESSAGE_TYPE && (data.status === 'done' || data.status === 'error');
}

export interface GoogleWindow {
  readonly closed: boolean;
  close(): void;
}

export interface GoogleSignInDeps {
  check: (sessionId: string) => Promise<CheckMobileSessionReply>;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

/**
 * Waits for the sign-in of an open auth window: polls check-mobile-session every 2000 ms, at most
 * 60 times, and at once when the window says it is done (`nudge`). Ends on success, an error,
 * the window closed (after one last check: it closes itself right after the callback) or the
 * time-out. Answers `stop` (ends silently, e.g. the modal closed) and `nudge` (`isError`: the
 * window said it failed: unless the check finds an outcome, the sign-in failed).
 */
export function watchGoogleSignIn(
  sessionId: string,
  popup: GoogleWindow,
  deps: GoogleSignInDeps,
  onEnd: (outcome: GoogleOutcome) => void,
): { stop: () => void; nudge: (isError: boolean) => void } {
  let attempts = 0;
  let isOver = false;
  let isChecking = false;
  let isNudged = false;
  let closedSeen = false;
  let hasErrorMessage = false;
  let timer: unknown = null;

  const end = (outcome: GoogleOutcome) => {
    if (isOver) return;
    isOver = true;
    if (timer !== null) deps.clearTimer(timer);
    if (!popup.closed) popup.close();
    onEnd(outcome);
  };

  const schedule = (ms: number) => {
    if (timer !== null) deps.clearTimer(timer);
    timer = deps.setTimer(() => {
      timer = null;
      void poll();
    }, ms);
  };

  const poll = async () => {
    if (isOver) return;
    if (isChecking) {
      isNudged = true;
      return;
    }
    isChecking = true;
    isNudged = false;
    attempts += 1;
    // A lost connection answers null: the next poll tries again.
    const reply: CheckMobileSessionReply | null = await deps.check(sessionId).catch(() => null);
    isChecking = false;
    if (isOver) return;
    if (reply?.success && reply.user) return end({ user: reply.user });
    if (reply?.error) return end({ failure: reply.error === 'link_required' ? 'link_required' : 'failed' });
    if (isNudged) return void poll();
    // The window said it failed before the sign-in was recorded (the provider could not be reached).
    if (hasErrorMessage) return end({ failure: 'failed' });
    if (popup.closed) {
      // The window closes itself once the callback is done: one more check before calling it closed.
      if (closedSeen) return end({ failure: 'closed' });
      closedSeen = true;
      return void poll();
    }
    if (attempts >= GOOGLE_POLL_MAX_ATTEMPTS) return end({ failure: 'timeout' });
    schedule(GOOGLE_POLL_INTERVAL_MS);
  };

  schedule(GOOGLE_POLL_INTERVAL_MS);
  return {
    stop: () => {
      isOver = true;
      if (timer !== null) deps.clearTimer(timer);
    },
    nudge: (isError) => {
      hasErrorMessage ||= isError;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
      void poll();
    },
  };
}
