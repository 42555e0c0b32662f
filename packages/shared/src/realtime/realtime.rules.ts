/** Socket.io rooms and messages (events §7 Real-time; accounts §4 Notification). */
import { parseId } from '../input/ids.rules.ts';

export const SOCKET_PATH = '/socket.io';

export const userRoom = (userId: number) => `user_notifications-${userId}`;
/** seats_changed (issue 17): a seated event's seats were held, sold or freed; open charts fetch them again. */
export const EVENT_ROOM_KINDS = ['comment_posted', 'user_joined_event', 'user_rejected_event', 'seats_changed'] as const;
export type EventRoomKind = (typeof EVENT_ROOM_KINDS)[number];
export const eventRoom = (kind: EventRoomKind, eventId: number) => `${kind}-${eventId}`;
/** The rooms of one event: a socket follows an event by joining all of them. */
export const eventRooms = (eventId: number) => EVENT_ROOM_KINDS.map((kind) => eventRoom(kind, eventId));

/** The event an event room belongs to (the inverse of eventRoom); null for any other room. */
export function eventIdOfRoom(room: string): number | null {
  const dash = room.lastIndexOf('-');
  if (dash < 0 || !(EVENT_ROOM_KINDS as readonly string[]).includes(room.slice(0, dash))) return null;
  return parseId(room.slice(dash + 1));
}

/**
 * Every socket of one session (joined by the server at the handshake, never asked for by a
 * client): signing out disconnects them all.
 */
export const sessionRoom = (sessionId: number) => `session-${sessionId}`;

/** Client -> server: ask to follow (or stop following) one event's rooms; the server checks visibility. */
export const JOIN_EVENT = 'join_event';
export const LEAVE_EVENT = 'leave_event';

/**
 * Server -> client messages carry the room's kind as the event name. Each names who caused it
 * (`by`), so a client ignores its own changes (events §4).
 */
export interface EventChange {
  event_id: number;
  by: number;
}
/**
 * Server -> client: this socket no longer follows the event. It was deleted, or its person may no
 * longer see it (visibility, owner or friendship changed). An open page fetches the event again
 * and may ask to follow it again: the server decides.
 */
export const LEFT_EVENT = 'left_event';
export interface LeftEvent {
  event_id: number;
  /**
   * Whose change put the socket out (the owner deleting, a moderator...), null when no one's (the
   * periodic re-check). As with the other messages, a client ignores what its own person caused:
   * the page that deleted the event handles that itself.
   */
  by: number | null;
}

/** The notification message on user_notifications-{id}. */
export const NOTIFICATION_MESSAGE = 'notification';
