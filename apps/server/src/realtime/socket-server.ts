import { isValidId } from '@planns/shared/input/ids.rules';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { EVENT_ROOM_KINDS, JOIN_EVENT, LEAVE_EVENT, SOCKET_PATH, eventRoom, userRoom } from '@planns/shared/realtime/realtime.rules';
import type { AppDeps } from '../deps.ts';
import { SESSION_COOKIE, type Actor } from '../http/actor.ts';
import { findLiveSession } from '../modules/auth/session.repo.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import * as events from '../modules/events/events.service.ts';

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The handshake is authenticated like a request: a bearer token in `auth.token` (API clients) or
 * the session cookie, which is accepted only from the app's own origin. Without either the socket
 * is a visitor's: it may follow public events only.
 */
async function resolveActor(deps: AppDeps, socket: Socket): Promise<Actor | null> {
  const auth = socket.handshake.auth as { token?: unknown };
  const bearer = typeof auth.token === 'string' ? auth.token : null;
  const cookie = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
  if (!bearer && cookie) {
    const origin = socket.handshake.headers.origin;
    const host = socket.handshake.headers.host;
    const own = origin === deps.config.publicUrl.origin || (origin !== undefined && host !== undefined && new URL(origin).host === host);
    if (!own) throw new Error('origin not allowed');
  }
  const token = bearer ?? cookie;
  if (!token) return null;
  const session = await findLiveSession(deps.db, hashToken(token), deps.clock.now());
  if (!session) {
    if (bearer) throw new Error('unauthenticated');
    return null;
  }
  return { userId: session.user_id, isModerator: session.is_moderator, sessionId: session.id, via: bearer ? 'bearer' : 'cookie' };
}

/** socket.io on the app's HTTP server; the Redis Streams adapter joins instances when REDIS_URL is set. */
export function attachSocketServer(app: FastifyInstance, deps: AppDeps): Server {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: deps.config.publicUrl.origin, credentials: true },
    ...(deps.redis ? { adapter: createAdapter(deps.redis.duplicate()) } : {}),
  });

  io.use((socket, next) => {
    resolveActor(deps, socket)
      .then((actor) => {
        socket.data.actor = actor;
        next();
      })
      .catch((err: unknown) => next(err instanceof Error ? err : new Error('unauthenticated')));
  });

  io.on('connection', (socket) => {
    const actor = socket.data.actor as Actor | null;
    if (actor) void socket.join(userRoom(actor.userId));

    socket.on(JOIN_EVENT, (rawId: unknown, ack?: (reply: { ok: boolean }) => void) => {
      const id = Number(rawId);
      const reply = typeof ack === 'function' ? ack : () => {};
      if (!isValidId(id)) return reply({ ok: false });
      // A socket follows an event only if its person may see it (visitors: public events).
      events
        .loadVisible(deps, actor, id)
        .then(async () => {
          await socket.join(EVENT_ROOM_KINDS.map((kind) => eventRoom(kind, id)));
          reply({ ok: true });
        })
        .catch(() => reply({ ok: false }));
    });

    socket.on(LEAVE_EVENT, (rawId: unknown) => {
      const id = Number(rawId);
      if (Number.isInteger(id)) for (const kind of EVENT_ROOM_KINDS) void socket.leave(eventRoom(kind, id));
    });
  });

  deps.realtime?.attach(io);
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => {
      // Closing socket.io also closes the HTTP server, which Fastify is about to do itself.
      io.engine.close();
      resolve();
    });
  });
  return io;
}
