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

  emit(room: string, message: string, payload: unknown): void {
    this.io?.to(room).emit(message, payload);
  }
}
