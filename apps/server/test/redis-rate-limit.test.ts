import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, type TestContext } from './harness.ts';

const REDIS = { host: '127.0.0.1', port: 6379 };

/** True when a Redis answers PING at 127.0.0.1:6379 within a second. */
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis({ ...REDIS, lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  try {
    const ping = probe.connect().then(() => probe.ping());
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), 1000);
    });
    return (await Promise.race([ping, timeout])) === 'PONG';
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    probe.disconnect();
  }
}

const hasRedis = await redisAnswers();

/**
 * A client address unique to this run: the counters live in Redis for 10 minutes, across runs.
 * Random in its /64 prefix, which is what the rate limiter counts for an IPv6 client.
 */
function uniqueAddress(): { ip: string; prefix: string } {
  // Groups of four hex digits without a leading zero: the limiter writes the address in its
  // shortest form (0a1b becomes a1b), and the key search below must match that spelling.
  const group = () => (0x1000 + crypto.randomInt(0xf000)).toString(16);
  const prefix = ['fd00', group(), group(), group()].join(':');
  return { ip: `${prefix}::1`, prefix };
}

const clients: Redis[] = [];
// Registered before the apps so that it runs after the harness has closed them.
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
});

async function appOnRedis(): Promise<TestContext> {
  const client = new Redis({ ...REDIS, maxRetriesPerRequest: 2 });
  clients.push(client);
  return createTestApp({ redis: client });
}

// Two servers sharing one Redis, as two instances behind a load balancer would.
const a = hasRedis ? await appOnRedis() : undefined;
const b = hasRedis ? await appOnRedis() : undefined;

describe.skipIf(!hasRedis)('rate limits in Redis', () => {
  const sendCode = (ctx: TestContext, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/send-code', remoteAddress, payload: { to: nextPhone() } });

  it('shares the per-IP send-code limit (20 per 10 minutes) between two servers', async () => {
    const { ip } = uniqueAddress();
    for (let i = 0; i < 10; i++) {
      const onA = await sendCode(a!, ip);
      expect(onA.statusCode, onA.body).toBe(200);
      const onB = await sendCode(b!, ip);
      expect(onB.statusCode, onB.body).toBe(200);
    }
    // Each server has seen 10 of them: only a shared counter refuses the 21st.
    for (const ctx of [a!, b!]) {
      const refused = await sendCode(ctx, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.json()).toMatchObject({ error: { code: 'too_many_requests', message: expect.any(String) } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // No code was sent for the refused calls.
    expect(a!.sms.list()).toHaveLength(10);
    expect(b!.sms.list()).toHaveLength(10);

    // Another address has its own counter.
    const other = await sendCode(b!, uniqueAddress().ip);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('keeps the counters in Redis', async () => {
    const { ip, prefix } = uniqueAddress();
    expect((await sendCode(a!, ip)).statusCode).toBe(200);
    const keys = await clients[0]!.keys(`planns-rl:*send-code*${prefix}*`);
    expect(keys).toHaveLength(1);
    const ttl = await clients[0]!.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });
});
