import { describe, expect, it } from 'vitest';
import { COMMENTS_PAGE_SIZE } from '@planns/shared/comments/comments.rules';
import { GALLERY_PAGE_SIZE } from '@planns/shared/gallery/gallery.rules';
import { newUploadId } from '../src/modules/gallery/upload-files.ts';
import { addResponse, buildEvent, buildGroup } from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

/*
 * Issue 12 §4: a list that pages with before=<id> must return every row once when the list is
 * walked to its end, even when ids and times disagree (concurrent posts read the clock before
 * their row gets its id; seeds and imports write past times). Each test posts concurrently while
 * the fake clock jumps back and forth, adds rows with chosen times, walks the pages and compares
 * them with the table read in the list's own order.
 */

const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db, clock } = ctx;

type Headers = Record<string, string>;
const BASE = clock.now().getTime();
/** Seconds after BASE at which each wave of posts starts: back and forth, with repeats (equal times). */
const WAVES = [30, 10, 50, 10, 40, 0, 50, 20, 30, 5];

async function person(name: string) {
  const user = await buildUser(db, { name });
  return { user, headers: (await signIn(ctx, user.id)).headers };
}

/**
 * Fires `perWave` requests per wave, moving the clock on as soon as the first of a wave is answered:
 * the others are still in flight and read the clock when they get to it, so they take a later
 * wave's time (earlier or later: the waves go back and forth) while their ids follow insertion.
 */
async function fireInWaves<T>(perWave: number, fire: (n: number) => Promise<T>): Promise<T[]> {
  const requests: Promise<T>[] = [];
  for (const seconds of WAVES) {
    clock.set(new Date(BASE + seconds * 1000));
    const wave: Promise<T>[] = [];
    for (let i = 0; i < perWave; i += 1) wave.push(fire(requests.length + i));
    requests.push(...wave);
    await Promise.race(wave);
  }
  return Promise.all(requests);
}

/** Walks a list from the newest page to the end with before=<last id of the previous page>. */
async function pageToEnd(url: string, pageSize: number, headers: Headers, items: (body: unknown) => { id: number }[], most: number): Promise<number[]> {
  const seen: number[] = [];
  let before: number | null = null;
  for (let pages = 0; pages <= most / pageSize + 1; pages += 1) {
    const res = await app.inject({ method: 'GET', url: before === null ? url : `${url}?before=${before}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = items(res.json());
    seen.push(...page.map((i) => i.id));
    if (page.length < pageSize) return seen;
    before = page.at(-1)!.id;
  }
  throw new Error(`${url}: still more pages after ${seen.length} items`);
}

describe('keyset paging', () => {
  it('walks the comments to the end with before=<id>: every comment once, in the list order, when ids and times disagree', async () => {
    const owner = await person('Kay Host');
    const event = await buildEvent(db, { user_id: owner.user.id });
    const people = [owner, await person('Ann Poster'), await person('Ben Poster'), await person('Cem Poster'), await person('Dua Poster')];
    const replies = await fireInWaves(20, (n) =>
      app.inject({ method: 'POST', url: `/api/events/${event.id}/comment`, headers: people[n % people.length]!.headers, payload: { comment: `posted ${n}` } }),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
    // Rows written with chosen times alongside (a seed, an import): the newest ids, times amid the others.
    await db
      .insertInto('comments')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          event_id: event.id,
          user_id: people[i % people.length]!.user.id,
          comment: `written ${i}`,
          created_at: new Date(BASE + (WAVES[i % WAVES.length]! + (i % 3)) * 1000),
        })),
      )
      .execute();

    const table = (await db.selectFrom('comments').select('id').where('event_id', '=', event.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
    expect(table).toHaveLength(240);
    // What makes the test worth running: id order is not the list's order.
    expect(table).not.toEqual([...table].sort((a, b) => b - a));

    const items = (body: unknown) => (body as { data: { id: number }[] }).data;
    expect(await pageToEnd(`/api/events/${event.id}/comments`, COMMENTS_PAGE_SIZE, {}, items, table.length)).toEqual(table);
    expect(await pageToEnd(`/api/events/${event.id}/comments`, COMMENTS_PAGE_SIZE, people[1]!.headers, items, table.length)).toEqual(table);

    // Of two comments with the same time, the one with the lower id is the older one.
    const rows = await db.selectFrom('comments').select(['id', 'created_at']).where('event_id', '=', event.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const k = rows.findIndex((row, i) => i + 1 < rows.length && row.created_at.getTime() === rows[i + 1]!.created_at.getTime());
    expect(k).toBeGreaterThanOrEqual(0);
    const afterTied = await app.inject({ method: 'GET', url: `/api/events/${event.id}/comments?before=${rows[k]!.id}` });
    expect(afterTied.json().data[0].id).toBe(rows[k + 1]!.id);
    // The oldest comment has nothing before it.
    const end = await app.inject({ method: 'GET', url: `/api/events/${event.id}/comments?before=${table.at(-1)}` });
    expect(end.statusCode).toBe(200);
    expect(end.json().data).toEqual([]);
  });

  it('refuses a before that is not a comment of this event (its place in the list is unknown), with a message on before', async () => {
    const event = await buildEvent(db);
    const other = await buildEvent(db);
    const { headers } = await person('Cid Cursor');
    const mine = (await app.inject({ method: 'POST', url: `/api/events/${event.id}/comment`, headers, payload: { comment: 'here' } })).json().data.id;
    const elsewhere = (await app.inject({ method: 'POST', url: `/api/events/${other.id}/comment`, headers, payload: { comment: 'there' } })).json().data.id;
    for (const before of [elsewhere, elsewhere + 1000]) {
      const res = await app.inject({ method: 'GET', url: `/api/events/${event.id}/comments?before=${before}` });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
      expect(Object.keys(res.json().error.fields)).toEqual(['before']);
    }
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}/comments?before=${mine}` })).json().data).toEqual([]);
  });

  it('walks the gallery to the end with before=<id> for the owner and for visitors: every item they may see, once, newest first', async () => {
    const owner = await person('Gil Host');
    const event = await buildEvent(db, { user_id: owner.user.id });
    const guests = [await person('Ada Guest'), await person('Bo Guest'), await person('Cy Guest'), await person('Di Guest')];
    for (const g of guests) await addResponse(db, event.id, g.user.id, 'going');
    const media = (id: string) => ({ url: `/media/gallery/${event.id}/${id}.webp`, url_m: `/media/gallery/${event.id}/${id}-m.webp`, url_l: `/media/gallery/${event.id}/${id}-l.webp` });
    // Uploads issued directly (processing has its own tests in gallery.test.ts), posted through the API concurrently.
    const uploads = Array.from({ length: 200 }, (_, n) => ({ id: newUploadId(), uploader: guests[n % guests.length]! }));
    await db
      .insertInto('media_uploads')
      .values(
        uploads.map((u) => ({
          id: u.id,
          user_id: u.uploader.user.id,
          event_id: event.id,
          state: 'ready' as const,
          resource_type: 'image' as const,
          format: 'jpeg',
          bytes: 1000,
          width: 40,
          height: 30,
          incoming_key: null,
          created_at: clock.now(),
          ...media(u.id),
        })),
      )
      .execute();
    const replies = await fireInWaves(20, (n) => {
      const { id, uploader } = uploads[n]!;
      return app.inject({ method: 'POST', url: `/api/gallery/${event.id}`, headers: uploader.headers, payload: { cloudinary_data: { id } } });
    });
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 200));
    // Items written with chosen times alongside, some waiting for approval and some hidden by a report.
    const written = Array.from({ length: 460 }, (_, i) => ({ id: newUploadId(), i, uploader: guests[i % guests.length]!, at: new Date(BASE + ((i * 7919) % 60) * 1000) }));
    await db
      .insertInto('media_uploads')
      .values(
        written.map((w) => ({
          id: w.id,
          user_id: w.uploader.user.id,
          event_id: event.id,
          state: 'posted' as const,
          resource_type: 'image' as const,
          format: 'jpeg',
          bytes: 1000,
          incoming_key: null,
          created_at: w.at,
          ...media(w.id),
        })),
      )
      .execute();
    await db
      .insertInto('gallery_items')
      .values(
        written.map((w) => ({
          event_id: event.id,
          user_id: w.uploader.user.id,
          upload_id: w.id,
          type: 'image' as const,
          approved: w.i % 7 !== 0,
          hidden_at: w.i % 11 === 0 ? w.at : null,
          created_at: w.at,
          ...media(w.id),
        })),
      )
      .execute();

    const all = (await db.selectFrom('gallery_items').select('id').where('event_id', '=', event.id).orderBy('id', 'desc').execute()).map((r) => r.id);
    const shown = (
      await db.selectFrom('gallery_items').select('id').where('event_id', '=', event.id).where('approved', '=', true).where('hidden_at', 'is', null).orderBy('id', 'desc').execute()
    ).map((r) => r.id);
    expect(all).toHaveLength(660);
    expect(shown.length).toBeGreaterThan(GALLERY_PAGE_SIZE);
    // Times and ids disagree here too.
    const byTime = await db.selectFrom('gallery_items').select('id').where('event_id', '=', event.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(byTime.map((r) => r.id)).not.toEqual(all);

    const items = (body: unknown) => (body as { data: { data: { id: number }[] } }).data.data;
    expect(await pageToEnd(`/api/gallery/${event.id}`, GALLERY_PAGE_SIZE, owner.headers, items, all.length)).toEqual(all);
    expect(await pageToEnd(`/api/gallery/${event.id}/unregistered`, GALLERY_PAGE_SIZE, {}, items, all.length)).toEqual(shown);
  });
  it('pages events with page/per_page (the spec\'s offsets) without gaps or repeats in every order, among events that tie on the sort key', async () => {
    clock.set(new Date(BASE));
    const { headers } = await person('Pia Pager');
    const group = await buildGroup(db, 'Tied events');
    const hour = 3_600_000;
    // Half under way, half coming, each half with one start, one end and one creation time, no
    // likes or visits: every order's own key ties, and only its tie-breaker orders them.
    for (let i = 0; i < 40; i += 1) {
      const start = i % 2 === 0 ? BASE - hour : BASE + 24 * hour;
      await buildEvent(db, { group_id: group.id, start_date: new Date(start).toISOString(), end_date: new Date(start + 48 * hour).toISOString(), created_at: new Date(BASE - 240 * hour) });
    }
    const listIds = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/events?group_id=${group.id}&${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { data: { id: number }[]; total: number | null; has_more: boolean } }).data;
    };
    for (const order of ['', 'order_by=start_date&order_dir=asc', 'order_by=start_date&order_dir=desc', 'order_by=created_at&order_dir=desc', 'order_by=created_at&order_dir=asc', 'preset=trending']) {
      const whole = (await listIds(`${order}&per_page=100`)).data.map((e) => e.id);
      expect(new Set(whole).size, order).toBe(40);
      const paged: number[] = [];
      for (let page = 1; page <= 6; page += 1) {
        const res = await listIds(`${order}&per_page=7&page=${page}`);
        expect(res.has_more, order).toBe(page < 6);
        expect(res.total, order).toBe(page === 6 ? 40 : null);
        paged.push(...res.data.map((e) => e.id));
      }
      expect(paged, order).toEqual(whole);
    }
  });
});
