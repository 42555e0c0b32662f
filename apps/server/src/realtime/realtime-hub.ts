import type { Server } from 'socket.io';
import { eventIdOfRoom, eventRooms, sessionRoom, userRoom } from '@planns/shared/realtime/realtime.rules';
import { failClosed, type Recheck, type RoomAccess } from './room-access.ts';

/** Server-to-server request (Redis adapter): re-check your own sockets, and answer when done. */
const RECHECK = 'planns:recheck';

type Log = (err: unknown, message: string) => void;

/**
 * Where services publish live messages, after their transaction has committed (CONVENTIONS §3),
 * and where they report a committed change that may end someone's access to a live room
 * (decision 0020). Until a socket server is attached (tests without sockets, scripts) both do
 * nothing.
 */
export class RealtimeHub {
  private io: Server | null = null;
  private access: RoomAccess | null = null;
  private clustered = false;
  private log: Log = () => {};

  attach(io: Server, access: RoomAccess, options: { clustered: boolean; log: Log }): void {
    this.io = io;
    this.access = access;
    this.clustered = options.clustered;
    this.log = options.log;
    if (options.clustered) {
      io.on(RECHECK, (request: Recheck, ack: (done: boolean) => void) => {
        void access.recheck(request).then(() => ack(true));
      });
    }
  }

  /**
   * Sent on the next turn of the event loop, in order: the request that caused the message is
   * answered first instead of waiting while a busy room (a thousand sockets) is written to.
   */
  emit(room: string, message: string, payload: unknown): void {
    const io = this.io;
    const access = this.access;
    if (!io || !access) return;
    const eventId = eventIdOfRoom(room);
    const send = () => io.to(room).emit(message, payload);
    setImmediate(() => {
      // While this event's followers are being decided here, its messages wait for the verdict:
      // a socket that lost its access is out of the room before they go. Each waits once, for
      // the decisions under way when it was due, so a stream of joins cannot hold it back for long.
      const settling = eventId === null ? undefined : access.settling(eventId);
      if (settling) void settling.then(send);
      else send();
    });
  }

  /** After a committed change by `by` to who may see the event (visibility, owner, deletion). */
  recheckEvent(eventId: number, by: number): Promise<void> {
    return this.recheck({ rooms: eventRooms(eventId), eventIds: [eventId], by });
  }

  /** After a committed change by `by` to what these people may see (an unfriend): every event they follow. */
  recheckPeople(userIds: number[], by: number): Promise<void> {
    return this.recheck({ rooms: userIds.map(userRoom), by });
  }

  /** After a sign-out: the sockets of that session are disconnected. */
  recheckSession(sessionId: number): Promise<void> {
    return this.recheck({ rooms: [sessionRoom(sessionId)] });
  }

  /** Every socket of this instance, by the state of now (the socket server runs it every minute). */
  async sweep(): Promise<void> {
    await this.access?.sweep();
  }

  /**
   * Resolves once every instance has re-checked its sockets, so a change's HTTP answer is sent
   * only when no socket that lost its access remains in a room. Never rejects.
   */
  private async recheck(request: Recheck): Promise<void> {
    const io = this.io;
    const access = this.access;
    if (!io || !access) return;
    await Promise.all([access.recheck(request), this.clustered ? this.recheckElsewhere(io, request) : undefined]);
  }

  private async recheckElsewhere(io: Server, request: Recheck): Promise<void> {
    try {
      await io.serverSideEmitWithAck(RECHECK, request);
    } catch (err) {
      this.log(err, 'live rooms: another instance did not answer a re-check; the sockets concerned leave the rooms');
      failClosed(io, request, false);
    }
  }
}
