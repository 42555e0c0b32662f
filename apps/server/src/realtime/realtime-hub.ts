import type { Server } from 'socket.io';

/**
 * Where services publish live messages, after their transaction has committed (CONVENTIONS §3).
 * Until a socket server is attached (tests without sockets, scripts) messages go nowhere.
 */
export class RealtimeHub {
  private io: Server | null = null;

  attach(io: Server): void {
    this.io = io;
  }

  /**
   * Sent on the next turn of the event loop, in order: the request that caused the message is
   * answered first instead of waiting while a busy room (a thousand sockets) is written to.
   */
  emit(room: string, message: string, payload: unknown): void {
    const io = this.io;
    if (io) setImmediate(() => io.to(room).emit(message, payload));
  }
}
