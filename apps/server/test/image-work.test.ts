import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_WORK_SLOTS, imageWorkCounts } from '../src/media/image-work.ts';
import { buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';
import { jpegBytes } from './media-fixtures.ts';

/**
 * One bound on picture work for the whole process (decision 0022): gallery uploads, avatars and
 * event pictures sent at the same time never have more than IMAGE_WORK_SLOTS sharp pipelines
 * running, and every one of them still gets its answer.
 */

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

/** A noisy picture (slow enough to decode that overlapping work shows). */
const photo = (width: number, height: number) => jpegBytes(width, height, { noise: true });

let sampler: NodeJS.Timeout | undefined;
afterEach(() => clearInterval(sampler));

describe('the image-work bound', () => {
  it('runs gallery, avatar and event picture work at most IMAGE_WORK_SLOTS at a time, first come first served, and answers all', async () => {
    expect(IMAGE_WORK_SLOTS).toBeGreaterThanOrEqual(1);
    const owner = await buildUser(db, { name: 'Olga Owner' });
    const { headers } = await signIn(ctx, owner.id);
    const event = await buildEvent(db, { user_id: owner.id });
    const people = await Promise.all(Array.from({ length: 3 }, (_, i) => buildUser(db, { name: `Ann ${i}` })));
    const sessions = await Promise.all(people.map((p) => signIn(ctx, p.id)));
    const [gallery, avatar, cover] = await Promise.all([photo(2400, 1600), photo(1200, 1200), photo(1600, 900)]);

    // sharp counts its pipelines as they run on libuv's threads: sample that count throughout.
    let mostRunning = 0;
    let mostWaiting = 0;
    sampler = setInterval(() => {
      mostRunning = Math.max(mostRunning, sharp.counters().process);
      mostWaiting = Math.max(mostWaiting, imageWorkCounts().waiting);
    }, 1);

    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        app.inject({ method: 'POST', url: `/api/media/uploads?event_id=${event.id}`, headers: { ...headers, 'content-type': 'image/jpeg' }, payload: gallery }),
      ),
      ...people.map((p, i) =>
        app.inject({ method: 'PUT', url: `/api/users/${p.id}/avatar`, headers: sessions[i]!.headers, payload: { extension: 'jpg', base64: avatar.toString('base64') } }),
      ),
      ...Array.from({ length: 3 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/events/create',
          headers,
          payload: { name: 'Picnic', start_date: '2026-03-01 18:00:00', address: 'Carrer Gran 1, Barcelona', lat: 41.4, lng: 2.17, base64: cover.toString('base64'), extension: 'jpg' },
        }),
      ),
    ]);
    clearInterval(sampler);

    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    // Ten pictures, at least two pipelines each: without the bound, libuv's four threads all decode at once.
    expect(mostRunning).toBeGreaterThanOrEqual(1);
    expect(mostRunning).toBeLessThanOrEqual(IMAGE_WORK_SLOTS);
    expect(mostWaiting).toBeGreaterThan(0);
    expect(imageWorkCounts()).toEqual({ running: 0, waiting: 0 });
  });
});
