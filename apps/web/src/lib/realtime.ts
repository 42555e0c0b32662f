import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import {
  EVENT_ROOM_KINDS,
  JOIN_EVENT,
  LEAVE_EVENT,
  LEFT_EVENT,
  NOTIFICATION_MESSAGE,
  SOCKET_PATH,
  type EventChange,
  type EventRoomKind,
  type LeftEvent,
} from '@planns/shared/realtime/realtime.rules';

/**
 * One socket per tab, created on first use (socket.io-client is its own chunk: the signed-out home
 * page never loads it). The handshake carries the session cookie; after a sign-in or sign-out the
 * socket reconnects so the server sees the new session. The server disconnects a socket whose
 * session ended (signed out in another tab, expired): it connects again, as whoever the cookie
 * now says.
 */
let socket: Promise<Socket> | null = null;
let connectedAs: number | null | undefined;

function getSocket(): Promise<Socket> {
  socket ??= import('socket.io-client').then(({ io }) => {
    const s = io({ path: SOCKET_PATH, withCredentials: true, transports: ['websocket', 'polling'] });
    s.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') s.connect();
    });
    return s;
  });
  return socket;
}

async function socketFor(userId: number | null): Promise<Socket> {
  const s = await getSocket();
  if (connectedAs !== undefined && connectedAs !== userId) {
    s.disconnect();
    s.connect();
  }
  connectedAs = userId;
  return s;
}

/**
 * Follows one event's rooms while mounted: comments, joins and rejections by others call
 * `onChange` (the current user's own changes are ignored: their reply already updated the page).
 * The server lets the socket in only while the person may see the event; when it puts the socket
 * out (the event was deleted, or turned private...), `onChange` hears LEFT_EVENT and the hook asks
 * to follow again, which the server refuses or grants.
 */
export function useEventLive(
  eventId: number | null,
  userId: number | null,
  onChange: (kind: EventRoomKind | typeof LEFT_EVENT, change: EventChange | LeftEvent) => void,
): void {
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    if (eventId === null) return;
    let active = true;
    let cleanup = () => {};
    void socketFor(userId).then((s) => {
      if (!active) return;
      const join = () => s.emit(JOIN_EVENT, eventId);
      const handlers = EVENT_ROOM_KINDS.map((kind) => {
        const handler = (change: EventChange) => {
          if (change.event_id === eventId && change.by !== userId) callback.current(kind, change);
        };
        s.on(kind, handler);
        return [kind, handler] as const;
      });
      const left = (change: LeftEvent) => {
        if (change.event_id !== eventId) return;
        // Put out by this person's own change (they deleted the event here): that page handles it.
        if (change.by === null || change.by !== userId) callback.current(LEFT_EVENT, change);
        join();
      };
      s.on(LEFT_EVENT, left);
      join();
      s.on('connect', join); // rooms are per connection: join again after a reconnect
      cleanup = () => {
        s.emit(LEAVE_EVENT, eventId);
        s.off('connect', join);
        s.off(LEFT_EVENT, left);
        for (const [kind, handler] of handlers) s.off(kind, handler);
      };
    });
    return () => {
      active = false;
      cleanup();
    };
  }, [eventId, userId]);
}

/** Calls `onNotification` for each notification the server sends to the signed-in person. */
export function useLiveNotifications(userId: number | null, onNotification: (notification: unknown) => void): void {
  const callback = useRef(onNotification);
  useEffect(() => {
    callback.current = onNotification;
  });
  useEffect(() => {
    if (userId === null) return;
    let active = true;
    let cleanup = () => {};
    void socketFor(userId).then((s) => {
      if (!active) return;
      const handler = (notification: unknown) => callback.current(notification);
      s.on(NOTIFICATION_MESSAGE, handler);
      cleanup = () => s.off(NOTIFICATION_MESSAGE, handler);
    });
    return () => {
      active = false;
      cleanup();
    };
  }, [userId]);
}
