import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll } from 'vitest';
import { JOIN_EVENT, SOCKET_PATH } from '@planns/shared/realtime/realtime.rules';
import { buildApp } from '../src/app.ts';
import { RealtimeHub } from '../src/realtime/realtime-hub.ts';
import { claimRedisDatabase } from '../../../scripts/redis-claim.ts';
import { attachSocketServer } from '../src/realtime/socket-server.ts';
import type { TestContext } from './harness.ts';

/** Real socket.io clients for the realtime tests, disconnected after the file's tests. */

const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

export async function listen(ctx: { app: FastifyInstance }): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

/** A connected client; rejects on a refused handshake. */
export function client(url: string, options: { token?: string; cookie?: string; origin?: string } = {}): Promise<Socket> {
  const socket = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.origin ? { origin: options.origin } : {}) },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export const joinEvent = (socket: Socket, id: number) => socket.emitWithAck(JOIN_EVENT, id) as Promise<{ ok: boolean }>;
export const next = <T>(socket: Socket, message: string) => new Promise<T>((resolve) => socket.once(message, resolve));
/** Resolves false if `message` does not arrive within `ms` (for "nothing leaks" checks). */
export const arrives = (socket: Socket, message: string, ms = 300) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once(message, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** Every message a socket receives from now on, in order, with its payload. */
export function record(socket: Socket): { message: string; payload: unknown }[] {
  const received: { message: string; payload: unknown }[] = [];
  socket.onAny((message: string, payload: unknown) => received.push({ message, payload }));
  return received;
}

const REDIS_URL = 'redis://127.0.0.1:6379';

/** True when a Redis answers at 127.0.0.1:6379 (the two-instance tests are skipped otherwise). */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * The Redis logical database of this test file (scripts/redis-claim.ts). Test files run side by
 * side in several workers, and their databases all number their events, sessions and users from
 * 1: on one shared stream the instances of one file would receive the others' messages and
 * re-check requests for "event 1". Given back, with what planns wrote there, after its tests.
 */
let fileDatabase: Promise<string> | undefined;

function claimFileDatabase(): Promise<string> {
  fileDatabase ??= claimRedisDatabase(REDIS_URL, 'planns-test:claim', 900).then((claim) => {
    if ('skipped' in claim) throw new Error(claim.skipped);
    afterAll(async () => {
      await claim.release();
    });
    return claim.url;
  });
  return fileDatabase;
}

/** A Redis client for one instance, on this file's own database, closed after the file's tests (after the apps: registered first). */
export async function redisClient(): Promise<Redis> {
  const redis = new Redis(await claimFileDatabase(), { maxRetriesPerRequest: 2 });
  afterAll(async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/**
 * A second instance of the app `a` (created with sockets and a Redis client): the same database,
 * its own Redis connection, its own socket server, listening on its own port.
 */
export async function secondInstance(a: TestContext): Promise<{ app: FastifyInstance; deps: TestContext['deps']; url: string }> {
  const deps = { ...a.deps, redis: await redisClient(), realtime: new RealtimeHub() };
  const app = await buildApp(deps);
  attachSocketServer(app, deps);
  await app.ready();
  afterAll(async () => {
    await app.close();
  });
  return { app, deps, url: await listen({ app }) };
}
