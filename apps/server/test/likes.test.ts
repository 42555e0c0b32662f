import { describe, expect, it } from 'vitest';
import { buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

/**
 * Likes toggled by one person many times at once (issue 12 §6): the toggles are serialized per
 * person and event, so the answers alternate like the taps did and the last state is what is
 * stored. Without the serialization a toggle that loses the insert race deletes nothing yet
 * answers "not liked" while the like stays.
 */
const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;

describe('like toggles at once', () => {
  it('answer 11 likes and 10 unlikes for 21 parallel taps, and store the like once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const event = await buildEvent(db);
      const user = await buildUser(db);
      const { headers } = await signIn(ctx, user.id);
      const answers = await Promise.all(
        Array.from({ length: 21 }, () => app.inject({ method: 'POST', url: `/api/events/${event.id}/like`, headers })),
      );
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      const liked = answers.map((r) => r.json().data as boolean);
      expect(liked.filter(Boolean)).toHaveLength(11);
      const rows = await db.selectFrom('event_likes').selectAll().where('event_id', '=', event.id).execute();
      const stored = await db.selectFrom('events').select('likes_count').where('id', '=', event.id).executeTakeFirstOrThrow();
      expect(rows).toHaveLength(1);
      expect(stored.likes_count).toBe(1);
      const page = await app.inject({ method: 'GET', url: `/api/events/${event.id}?no_visit=1`, headers });
      expect(page.json().data).toMatchObject({ is_liked: true, likes_count: 1 });
    }
  });
});
