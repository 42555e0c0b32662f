import { useCallback, useEffect, useRef, useState } from 'react';
import { GOOGLE_AUTH_TIMEOUT_MS, GOOGLE_AUTH_WINDOW, GOOGLE_CALENDAR_MESSAGE_TYPE, type GoogleCalendarWindowMessage } from '@planns/shared/calendar/google-calendar.rules';
import { GOOGLE_AUTHORIZE_PATH } from '../../api/calendar/google-calendar-logout.ts';

/**
 * The connection window's answer, if `data` is one and it came from this app's own origin
 * (accounts §4: messages from other origins are ignored). Only {status, email} ever arrives: the
 * tokens stay on the server (decision 0043).
 */
export function readConnectMessage(data: unknown, origin: string, ownOrigin: string): GoogleCalendarWindowMessage | null {
  if (origin !== ownOrigin || typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== GOOGLE_CALENDAR_MESSAGE_TYPE) return null;
  if (message.status === 'connected' && typeof message.email === 'string') return { type: GOOGLE_CALENDAR_MESSAGE_TYPE, status: 'connected', email: message.email };
  if (message.status === 'error') return { type: GOOGLE_CALENDAR_MESSAGE_TYPE, status: 'error', reason: typeof message.reason === 'string' ? message.reason : 'unknown' };
  return null;
}

/** window.open's features for a 500x600 window centred over this one. */
export function windowFeatures(screenX: number, screenY: number, outerWidth: number, outerHeight: number): string {
  const left = Math.max(0, Math.round(screenX + (outerWidth - GOOGLE_AUTH_WINDOW.width) / 2));
  const top = Math.max(0, Math.round(screenY + (outerHeight - GOOGLE_AUTH_WINDOW.height) / 2));
  return `popup=yes,width=${GOOGLE_AUTH_WINDOW.width},height=${GOOGLE_AUTH_WINDOW.height},left=${left},top=${top}`;
}

export type ConnectOutcome = { status: 'connected'; email: string } | { status: 'failed'; reason: string };

/**
 * Opens the connection window (from a click: pop-up blockers allow it then) and waits for its
 * answer: a postMessage from this origin, or the same message on a BroadcastChannel (which still
 * arrives when Cross-Origin-Opener-Policy cut the window from this page on its way through
 * Google's pages), at most GOOGLE_AUTH_TIMEOUT_MS.
 */
export function useGoogleConnect(onDone: (outcome: ConnectOutcome) => void) {
  const [isConnecting, setConnecting] = useState(false);
  const cleanup = useRef<(() => void) | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => () => cleanup.current?.(), []);

  const connect = useCallback(() => {
    cleanup.current?.();
    const popup = window.open(GOOGLE_AUTHORIZE_PATH, 'planns-google-calendar', windowFeatures(window.screenX, window.screenY, window.outerWidth, window.outerHeight));
    if (!popup) {
      done.current({ status: 'failed', reason: 'blocked' });
      return;
    }
    setConnecting(true);
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(GOOGLE_CALENDAR_MESSAGE_TYPE) : null;
    const finish = (outcome: ConnectOutcome) => {
      cleanup.current?.();
      done.current(outcome);
    };
    const receive = (data: unknown, origin: string) => {
      const message = readConnectMessage(data, origin, window.location.origin);
      if (!message) return;
      finish(message.status === 'connected' ? { status: 'connected', email: message.email } : { status: 'failed', reason: message.reason });
    };
    const onMessage = (event: MessageEvent) => receive(event.data, event.origin);
    // A BroadcastChannel only ever carries this origin's messages.
    const onChannel = (event: MessageEvent) => receive(event.data, window.location.origin);
    window.addEventListener('message', onMessage);
    channel?.addEventListener('message', onChannel);
    const timer = window.setTimeout(() => finish({ status: 'failed', reason: 'timeout' }), GOOGLE_AUTH_TIMEOUT_MS);
    cleanup.current = () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
      window.clearTimeout(timer);
      setConnecting(false);
      cleanup.current = null;
    };
  }, []);

  return { connect, isConnecting };
}
