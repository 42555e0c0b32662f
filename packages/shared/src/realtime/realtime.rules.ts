/** Socket.io rooms and messages (events §7 Real-time; accounts §4 Notification). */

export const SOCKET_PATH = '/socket.io';

export const userRoom = (userId: number) => `user_notifications-${userId}`;
export const EVENT_ROOM_KINDS = ['comment_posted', 'user_joined_event', 'user_rejected_event'] as const;
export type EventRoomKind = (typeof EVENT_ROOM_KINDS)[number];
export const eventRoom = (kind: EventRoomKind, eventId: number) => `${kind}-${eventId}`;

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
/** The notification message on user_notifications-{id}. */
export const NOTIFICATION_MESSAGE = 'notification';
