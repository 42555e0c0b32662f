import { Redis } from 'ioredis';

/**
 * A Redis logical database that nobody else uses, for the bench's and the tests' planns instances.
 * The server has no setting for the socket.io adapter's stream name (always "socket.io") or the
 * rate-limit key prefix ("planns-rl:"), so instances on one database read each other's broadcasts
 * and re-check requests, and scratch and test databases all number their ids from 1. Keys and
 * streams belong to a logical database: this claims one that no client has selected and that holds
 * no keys, with a key of its own set only if absent (two claimers racing for one: one wins), and
 * its release deletes only what planns and the claim wrote there.
 */
export interface RedisClaim {
  url: string;
  db: number;
  /** The Redis server's process id (INFO server), for its CPU time; null when unknown. */
  pid: number | null;
  /** Deletes what planns left in the claimed database; says what is left there. */
  release(): Promise<string>;
}

export async function claimRedisDatabase(baseUrl: string, claimKey: string, ttlSeconds: number): Promise<RedisClaim | { skipped: string }> {
  const redis = new Redis(baseUrl, { lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    return { skipped: `Redis at ${baseUrl} does not answer (${err instanceof Error ? err.message : String(err)})` };
  }
  try {
    const databases = await redis
      .config('GET', 'databases')
      .then((reply) => Number((reply as string[])[1]) || 16)
      .catch(() => 16);
    const selected = await redis
      .client('LIST')
      .then((list) => new Set([...String(list).matchAll(/\bdb=(\d+)/g)].map((m) => Number(m[1]))))
      .catch(() => new Set<number>());
    for (let db = databases - 1; db >= 1; db -= 1) {
      if (selected.has(db)) continue;
      await redis.select(db);
      if ((await redis.dbsize()) > 0) continue;
      if ((await redis.set(claimKey, String(process.pid), 'EX', ttlSeconds, 'NX')) !== 'OK') continue;
      const pid = Number(/^process_id:(\d+)/m.exec(await redis.info('server'))?.[1]) || null;
      return {
        url: `${baseUrl}/${db}`,
        db,
        pid,
        release: async () => {
          const c = new Redis(`${baseUrl}/${db}`, { maxRetriesPerRequest: 1 });
          try {
            const ours = (await c.keys('*')).filter((k) => k === claimKey || k === 'socket.io' || k.startsWith('planns-rl:') || k.startsWith('sio:session:'));
            if (ours.length > 0) await c.del(...ours);
            return `${ours.length} keys deleted, ${await c.dbsize()} left`;
          } finally {
            c.disconnect();
          }
        },
      };
    }
    return { skipped: `no free Redis logical database (1-${databases - 1}) at ${baseUrl}` };
  } finally {
    redis.disconnect();
  }
}
