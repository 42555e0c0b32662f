import { describe, expect, it } from 'vitest';
import { VisitorListCache } from './visitor-list-cache.ts';

const text = async (answer: Promise<Buffer>) => (await answer).toString();

describe('VisitorListCache', () => {
  it('reuses an answer until it expires', async () => {
    let now = 0;
    let calls = 0;
    const cache = new VisitorListCache({ ttlMs: 1000, now: () => now });
    const compute = async () => Buffer.from(`body-${++calls}`);
    expect(await text(cache.get('a', compute))).toBe('body-1');
    now = 999;
    expect(await text(cache.get('a', compute))).toBe('body-1');
    expect(cache.peek('a')?.toString()).toBe('body-1');
    expect(await text(cache.get('b', compute))).toBe('body-2');
    now = 1000;
    expect(cache.peek('a')).toBeUndefined();
    expect(await text(cache.get('a', compute))).toBe('body-3');
  });

  it('shares one computation between concurrent misses', async () => {
    let calls = 0;
    const cache = new VisitorListCache({ ttlMs: 1000 });
    const compute = () => new Promise<Buffer>((resolve) => setTimeout(() => resolve(Buffer.from(`body-${++calls}`)), 5));
    const answers = await Promise.all(Array.from({ length: 20 }, () => text(cache.get('k', compute))));
    expect(new Set(answers)).toEqual(new Set(['body-1']));
    expect(calls).toBe(1);
  });

  it('forgets everything on clear, including an answer computed across the write', async () => {
    let calls = 0;
    const cache = new VisitorListCache({ ttlMs: 60_000 });
    let release: () => void = () => {};
    const slow = () => new Promise<Buffer>((resolve) => (release = () => resolve(Buffer.from(`slow-${++calls}`))));
    const pending = text(cache.get('k', slow));
    cache.clear();
    release();
    expect(await pending).toBe('slow-1');
    expect(cache.peek('k')).toBeUndefined();
    expect(await text(cache.get('k', async () => Buffer.from(`fresh-${++calls}`)))).toBe('fresh-2');
  });

  it('computes every time when turned off', async () => {
    let calls = 0;
    const cache = new VisitorListCache({ ttlMs: 0 });
    await cache.get('k', async () => Buffer.from(`${++calls}`));
    await cache.get('k', async () => Buffer.from(`${++calls}`));
    expect(calls).toBe(2);
    expect(cache.peek('k')).toBeUndefined();
  });

  it('keeps at most maxEntries', async () => {
    const cache = new VisitorListCache({ ttlMs: 60_000, maxEntries: 2 });
    let calls = 0;
    const compute = async () => Buffer.from(`${++calls}`);
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('c', compute);
    expect(await text(cache.get('a', compute))).toBe('4'); // 'a' was evicted as the oldest
  });
});
