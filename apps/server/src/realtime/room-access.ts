import type { Server, Socket } from 'socket.io';
import { LEFT_EVENT, eventIdOfRoom, eventRooms, type LeftEvent } from '@planns/shared/realtime/realtime.rules';
import type { AppDeps } from '../deps.ts';
import type { Actor } from '../http/actor.ts';
import { findLiveSessionsByIds } from '../modules/auth/session.repo.ts';
import { canViewEvent } from '../modules/events/events.policy.ts';
import { visibilityOfPairs } from '../modules/events/events.repo.ts';

/** How many sockets one re-check asks about at once (two statements per batch). */
const BATCH = 500;

/** The events a socket follows, read from its rooms. */
export function followedEvents(socket: Socket): number[] {
  const ids = new Set<number>();
  for (const room of socket.rooms) {
    const id = eventIdOfRoom(room);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

/**
 * The sockets' people as they are now: undefined when the session ended (signed out or expired),
 * null for a visitor, else the actor with is_moderator as it is now, not as it was at the
 * handshake (`npm run admin -- revoke-moderator`). One statement.
 */
export async function currentActors(deps: Pick<AppDeps, 'db' | 'clock'>, actors: (Actor | null)[]): Promise<(Actor | null | undefined)[]> {
  const sessionIds = [...new Set(actors.flatMap((a) => (a ? [a.sessionId] : [])))];
  const sessions = new Map((sessionIds.length > 0 ? await findLiveSessionsByIds(deps.db, sessionIds, deps.clock.now()) : []).map((s) => [s.id, s]));
  return actors.map((actor) => {
    if (!actor) return null;
    const session = sessions.get(actor.sessionId);
    return session ? { ...actor, userId: session.user_id, isModerator: session.is_moderator } : undefined;
  });
}

/**
 * For each follower (a current actor), those of its events it may follow, by the one visibility
 * rule (events.repo visibleTo) asked for every pair in one statement.
 */
export async function allowedEvents(deps: Pick<AppDeps, 'db'>, followers: { actor: Actor | null; eventIds: number[] }[]): Promise<Set<number>[]> {
  const key = (eventId: number, userId: number | null) => `${eventId}:${userId ?? ''}`;
  const pairs = new Map<string, { eventId: number; userId: number | null }>();
  for (const { actor, eventIds } of followers) {
    for (const eventId of eventIds) pairs.set(key(eventId, actor?.userId ?? null), { eventId, userId: actor?.userId ?? null });
  }
  const rows = new Map((await visibilityOfPairs(deps.db, [...pairs.values()])).map((r) => [key(r.event_id, r.user_id), r]));
  return followers.map(({ actor, eventIds }) => {
    const allowed = eventIds.filter((eventId) => {
      const row = rows.get(key(eventId, actor?.userId ?? null));
      // A deleted event (gone, or flagged by a moderator: it takes no more comments or answers)
      // has nothing left to follow, for moderators too.
      return row !== undefined && !row.is_removed && canViewEvent(actor, { user_id: row.owner_id, is_visible: row.is_visible });
    });
    return new Set(allowed);
  });
}

/** Re-check the sockets in any of `rooms`, for `eventIds` only when given (sent to other instances as is). */
export interface Recheck {
  rooms: string[];
  eventIds?: number[];
  /** Whose change it is (told to the sockets put out, whose own person's page ignores it); none: the sweep. */
  by?: number;
}

type Log = (err: unknown, message: string) => void;

/**
 * Who may stay in an event's rooms, decided on THIS instance for its own sockets (the hub asks the
 * other instances to do the same for theirs). Leaving a room is immediate for a local socket, so
 * once a re-check resolves nothing more reaches a socket that lost its access.
 */
export class RoomAccess {
  private readonly io: Server;
  private readonly deps: Pick<AppDeps, 'db' | 'clock'>;
  private readonly log: Log;
  /** Events whose followers are being decided here (a re-check, a join's second check). */
  private readonly unsettled = new Map<number, Promise<void>>();

  constructor(io: Server, deps: Pick<AppDeps, 'db' | 'clock'>, log: Log) {
    this.io = io;
    this.deps = deps;
    this.log = log;
  }

  /** While this event's followers are being decided here, what its messages must wait for. */
  settling(eventId: number): Promise<void> | undefined {
    return this.unsettled.get(eventId);
  }

  /**
   * join_event: check, join, check again. A change committed during the first check re-checks the
   * sockets already in the rooms, which this one may not have been yet: the second check, made
   * once it is in, sees that change, and the event's messages wait for it. (A sign-out meanwhile
   * reaches the socket through its session room.)
   */
  async join(socket: Socket, eventId: number): Promise<boolean> {
    const [actor] = await currentActors(this.deps, [actorOf(socket)]);
    if (actor === undefined) {
      socket.disconnect(true);
      return false;
    }
    const mayFollow = async () => (await allowedEvents(this.deps, [{ actor, eventIds: [eventId] }]))[0]!.has(eventId);
    if (!(await mayFollow())) return false;
    await socket.join(eventRooms(eventId));
    let joined = false;
    await this.hold([eventId], async () => {
      joined = await mayFollow();
      if (!joined) for (const room of eventRooms(eventId)) void socket.leave(room);
    });
    return joined;
  }

  /**
   * Re-checks this instance's sockets in any of the rooms. Never rejects: when the check cannot be
   * made (the database fails), it fails closed.
   */
  recheck(request: Recheck): Promise<void> {
    return this.hold(request.eventIds ?? [], async () => {
      try {
        const nsp = this.io.of('/');
        const ids = await nsp.adapter.sockets(new Set(request.rooms));
        const sockets = [...ids].map((id) => nsp.sockets.get(id)).filter((s): s is Socket => s !== undefined);
        await this.recheckSockets(sockets, request.eventIds, request.by ?? null);
      } catch (err) {
        this.log(err, 'live rooms: a re-check failed; the sockets concerned leave the rooms');
        failClosed(this.io, request, true);
      }
    });
  }

  /** The backstop for changes made outside the server (the admin command, expiry): every socket here. */
  async sweep(): Promise<void> {
    await this.recheckSockets([...this.io.of('/').sockets.values()]);
  }

  async recheckSockets(sockets: Socket[], eventIds?: number[], by: number | null = null): Promise<void> {
    for (let start = 0; start < sockets.length; start += BATCH) {
      const batch = sockets.slice(start, start + BATCH);
      const actors = await currentActors(this.deps, batch.map(actorOf));
      const followers: { socket: Socket; actor: Actor | null; eventIds: number[] }[] = [];
      batch.forEach((socket, i) => {
        const actor = actors[i];
        // Signed out or expired: the socket goes entirely (its user room too).
        if (actor === undefined) socket.disconnect(true);
        else {
          const followed = followedEvents(socket);
          followers.push({ socket, actor, eventIds: eventIds ? followed.filter((id) => eventIds.includes(id)) : followed });
        }
      });
      const allowed = await allowedEvents(this.deps, followers);
      followers.forEach(({ socket, eventIds: checked }, i) => {
        for (const eventId of checked) if (!allowed[i]!.has(eventId)) leaveEvent(socket, eventId, by);
      });
    }
  }

  /** Runs `decide` with these events' messages held until it has finished. */
  private hold(eventIds: number[], decide: () => Promise<void>): Promise<void> {
    const done = decide();
    for (const eventId of eventIds) {
      const all = Promise.all([this.unsettled.get(eventId), done]).then(() => {});
      this.unsettled.set(eventId, all);
      // Registered before any message waits on `all`, so it runs first and a later message is
      // not sent ahead of the waiting ones.
      void all.then(() => {
        if (this.unsettled.get(eventId) === all) this.unsettled.delete(eventId);
      });
    }
    return done;
  }
}

function actorOf(socket: Socket): Actor | null {
  return (socket.data as { actor?: Actor | null }).actor ?? null;
}

/**
 * Out of the event's rooms, and told so (the page fetches the event again), once: the minute's
 * sweep and a change's re-check may both find the socket, and the second has nothing to say.
 */
function leaveEvent(socket: Socket, eventId: number, by: number | null): void {
  const rooms = eventRooms(eventId);
  if (!rooms.some((room) => socket.rooms.has(room))) return;
  for (const room of rooms) void socket.leave(room);
  socket.emit(LEFT_EVENT, { event_id: eventId, by } satisfies LeftEvent);
}

/**
 * When a re-check cannot be made (the database, or another instance not answering), nobody keeps
 * what may no longer be theirs: the event's sockets leave its rooms and are told (a page still
 * allowed follows again); for people or a session, their sockets are disconnected (they reconnect).
 */
export function failClosed(io: Server, request: Recheck, localOnly: boolean): void {
  const target = (rooms: string[]) => (localOnly ? io.local.in(rooms) : io.in(rooms));
  if (request.eventIds) {
    for (const eventId of request.eventIds) {
      const rooms = eventRooms(eventId);
      target(rooms).emit(LEFT_EVENT, { event_id: eventId, by: request.by ?? null } satisfies LeftEvent);
      target(rooms).socketsLeave(rooms);
    }
  } else {
    target(request.rooms).disconnectSockets(true);
  }
}
