import { isValidId } from '@planns/shared/input/ids.rules';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { JOIN_EVENT, LEAVE_EVENT, SOCKET_PATH, eventRooms, sessionRoom, userRoom } from '@planns/shared/realtime/realtime.rules';
import type { AppDeps } from '../deps.ts';
import { SESSION_COOKIE, type Actor } from '../http/actor.ts';
import { findLiveSession } from '../modules/auth/session.repo.ts';
import { hashToken } from '../modules/auth/tokens.ts';
import { RoomAccess } from './room-access.ts';

/** How often each instance re-checks all its sockets: the backstop for changes made outside the server. */
const SWEEP_MS = 60_000;
/** The longest delay setTimeout takes; a session expiring later is left to the sweep. */
const MAX_TIMER_MS = 2 ** 31 - 1;

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
async function resolveActor(deps: AppDeps, socket: Socket): Promise<{ actor: Actor; expiresAt: Date } | null> {
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
  return {
    actor: { userId: session.user_id, isModerator: session.is_moderator, sessionId: session.id, via: bearer ? 'bearer' : 'cookie' },
    expiresAt: session.expires_at,
  };
}

/** socket.io on the app's HTTP server; the Redis Streams adapter joins instances when REDIS_URL is set. */
export function attachSocketServer(app: FastifyInstance, deps: AppDeps): Server {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: deps.config.publicUrl.origin, credentials: true },
    ...(deps.redis ? { adapter: createAdapter(deps.redis.duplicate()) } : {}),
  });

  const log = (err: unknown, message: string) => app.log.error({ err }, message);
  const access = new RoomAccess(io, deps, log);

  io.use((socket, next) => {
    resolveActor(deps, socket)
      .then((resolved) => {
        // socket.data stays plain data: the Redis adapter copies it to other instances.
        socket.data.actor = resolved?.actor ?? null;
        socket.data.expiresAt = resolved?.expiresAt.getTime() ?? null;
        next();
      })
      .catch((err: unknown) => next(err instanceof Error ? err : new Error('unauthenticated')));
  });

  io.on('connection', (socket) => {
    const actor = socket.data.actor as Actor | null;
    if (actor) {
      void socket.join([userRoom(actor.userId), sessionRoom(actor.sessionId)]);
      // The session ends at its expiry even if nothing else happens.
      const untilExpiry = (socket.data.expiresAt as number) - deps.clock.now().getTime();
      if (untilExpiry < MAX_TIMER_MS) {
        const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, untilExpiry));
        socket.once('disconnect', () => clearTimeout(expiry));
      }
      // A sign-out between the handshake's check and joining the session room did not see this
      // socket: check the session once more now that the socket is in its room.
      void access.recheckSockets([socket]).catch(() => socket.disconnect(true));
    }

    socket.on(JOIN_EVENT, (rawId: unknown, ack?: (reply: { ok: boolean }) => void) => {
      const id = Number(rawId);
      const reply = typeof ack === 'function' ? ack : () => {};
      if (!isValidId(id)) return reply({ ok: false });
      // A socket follows an event only while its person may see it (visitors: public events).
      access
        .join(socket, id)
        .then((ok) => reply({ ok }))
        .catch((err: unknown) => {
          log(err, 'live rooms: join_event failed');
          reply({ ok: false });
        });
    });

    socket.on(LEAVE_EVENT, (rawId: unknown) => {
      const id = Number(rawId);
      if (isValidId(id)) for (const room of eventRooms(id)) void socket.leave(room);
    });
  });

  const sweep = setInterval(() => {
    access.sweep().catch((err: unknown) => log(err, 'live rooms: the sweep failed; the next one tries again'));
  }, SWEEP_MS);
  sweep.unref();
  deps.realtime?.attach(io, access, { clustered: deps.redis !== undefined, log });
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => {
      // Closing socket.io also closes the HTTP server, which Fastify is about to do itself.
      io.engine.close();
      resolve();
    });
  });
  return io;
}
