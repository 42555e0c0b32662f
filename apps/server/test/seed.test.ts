import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_CITY_DATA } from '../src/seed/demo-cities.ts';
import { seedDemoEvents } from '../src/seed/demo-events-seed.ts';
import { seedDemoGallery } from '../src/seed/demo-gallery-seed.ts';
import { seedDemoPayments } from '../src/seed/demo-payments-seed.ts';
import { DEMO_USERS, seedDemoData } from '../src/seed/demo-seed.ts';
import { buildUser, createTestApp, signIn, type TestContext } from './harness.ts';

// Each case needs an empty database of its own; built while the file is collected (see harness).
const ctx = await createTestApp();
const occupied = await createTestApp();
const raced = await createTestApp();
const events = await createTestApp();
const eventsRaced = await createTestApp();
const tokyo = await createTestApp({ env: { DEMO_CITY: 'tokyo' } });

async function users(db: TestContext['db']) {
  return db.selectFrom('users').select(['id', 'name', 'phone', 'email', 'avatar', 'avatar_m', 'avatar_s', 'terms_accepted_at']).orderBy('id').execute();
}

async function mediaFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('seedDemoData', () => {
  it('seeds the demo people on an empty database, with avatars that exist and are served', async () => {
    const summary = await seedDemoData(ctx.deps);
    expect(summary).toBe('5 demo users');

    const rows = await users(ctx.db);
    expect(rows).toHaveLength(DEMO_USERS.length);
    expect(rows.map(({ name, phone, email }) => ({ name, phone, email }))).toEqual(
      DEMO_USERS.map(({ name, phone, email }) => ({ name, phone, email })),
    );
    expect(rows.map((r) => r.name)).toEqual(['Maya Levi', 'Leo Martínez', 'Yuki Tanaka', 'Anna Petrova', 'Jordi Puig']);

    for (const row of rows) {
      expect(row.terms_accepted_at?.toISOString()).toBe(ctx.clock.now().toISOString());
      for (const [field, size] of [
        ['avatar', 'l'],
        ['avatar_m', 'm'],
        ['avatar_s', 's'],
      ] as const) {
        const url = row[field];
        expect(url, `${row.name} ${field}`).toMatch(new RegExp(`^/media/avatars/${row.id}/[A-Za-z0-9_-]+-${size}\\.webp$`));
        const file = path.join(ctx.dataDir, 'media', url!.slice('/media/'.length));
        const stat = await fs.stat(file);
        expect(stat.size).toBeGreaterThan(0);

        const res = await ctx.app.inject({ method: 'GET', url: url! });
        expect(res.statusCode, url!).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.rawPayload.equals(await fs.readFile(file))).toBe(true);
        expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
    }
    // Three files per person and nothing else.
    expect(await mediaFiles(ctx.dataDir)).toHaveLength(DEMO_USERS.length * 3);
  });

  it('seeds nothing the second time', async () => {
    const before = await users(ctx.db);
    expect(before).toHaveLength(DEMO_USERS.length); // seeded by the previous case
    const filesBefore = await mediaFiles(ctx.dataDir);

    expect(await seedDemoData(ctx.deps)).toBeNull();
    expect(await users(ctx.db)).toEqual(before);
    expect((await mediaFiles(ctx.dataDir)).sort()).toEqual(filesBefore.sort());
  });

  it('seeds nothing on a database that already has a user', async () => {
    const someone = await buildUser(occupied.db, { name: 'Only Person' });
    expect(await seedDemoData(occupied.deps)).toBeNull();
    const rows = await users(occupied.db);
    expect(rows.map((r) => r.id)).toEqual([someone.id]);
    expect(rows.some((r) => DEMO_USERS.some((d) => d.phone === r.phone))).toBe(false);
    expect(await mediaFiles(occupied.dataDir)).toEqual([]);
  });

  it('seeds once when two servers start on the same empty database', async () => {
    const results = await Promise.all([seedDemoData(raced.deps), seedDemoData(raced.deps)]);
    expect(results.filter((r) => r !== null)).toEqual(['5 demo users']);
    expect(await users(raced.db)).toHaveLength(DEMO_USERS.length);
  });
});

/** One number from a SQL count. */
async function count(db: TestContext['db'], query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number((rows[0] as { n: number | string }).n);
}

async function tableCounts(db: TestContext['db']) {
  const tables = ['events', 'event_categories', 'event_users', 'event_likes', 'event_invites', 'event_organizers', 'groups', 'group_members', 'friendships'];
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = await count(db, sql`SELECT count(*) AS n FROM ${sql.table(table)}`);
  return out;
}

describe('seedDemoEvents', () => {
  /** Rendering the pictures takes a second or two of CPU; much longer on a busy machine. */
  const SEED_TIMEOUT = 90_000;
  // The harness's FakeClock: Thursday 15 January 2026, 11:00 in Barcelona.
  const BCN = DEMO_CITY_DATA.barcelona;
  const km = (lat: number, lng: number) => sql`earth_distance(ll_to_earth(lat, lng), ll_to_earth(${lat}, ${lng})) / 1000`;
  const nearBcn = km(BCN.lat, BCN.lng);

  it('waits for the demo people: nothing on a database without them', async () => {
    expect(await seedDemoEvents(occupied.deps)).toBeNull(); // its only user is not a demo person
    expect(await seedDemoEvents(events.deps)).toBeNull(); // no users at all yet
    expect((await tableCounts(events.db)).events).toBe(0);
  });

  it('seeds about sixty events around Barcelona, so every home tile and filter has results', async () => {
    const { db, clock } = events;
    await seedDemoData(events.deps);
    const started = performance.now();
    const summary = await seedDemoEvents(events.deps);
    const ms = performance.now() - started;
    expect(summary).toBe('60 demo events around Barcelona');
    // About 1.5 s on an idle 2-core machine (one picture per category); a picture per event would be five times that.
    expect(ms, `seeding took ${Math.round(ms)} ms`).toBeLessThan(15_000);

    const now = clock.now();
    const future = sql`coalesce(end_date, start_date) >= ${now}`;
    expect(await count(db, sql`SELECT count(*) AS n FROM events`)).toBe(60);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE hash !~ '^[A-Za-z][A-Za-z0-9]{9}$'`)).toBe(0);
    // Every category of the seeded list is used, most of them several times.
    expect(await count(db, sql`SELECT count(*) AS n FROM categories c WHERE NOT EXISTS (SELECT 1 FROM event_categories ec WHERE ec.category_id = c.id)`)).toBe(0);
    expect(await count(db, sql`SELECT count(*) AS n FROM (SELECT category_id FROM event_categories GROUP BY 1 HAVING count(*) >= 3) x`)).toBe(
      await count(db, sql`SELECT count(*) AS n FROM categories`),
    );

    // Owners: the five demo people, several events each.
    const owners = await sql<{ phone: string; n: number }>`SELECT u.phone, count(*)::int AS n FROM events e JOIN users u ON u.id = e.user_id GROUP BY 1 ORDER BY 1`.execute(db);
    expect(owners.rows.map((r) => r.phone)).toEqual(DEMO_USERS.map((u) => u.phone).sort());
    expect(Math.min(...owners.rows.map((r) => r.n))).toBeGreaterThanOrEqual(8);

    // "Close to you" (< 5 km) and the distance slider: spread from 0.3 to 30 km, with virtual ones.
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE ${future} AND ${nearBcn} < 5`)).toBeGreaterThanOrEqual(20);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE ${future} AND ${nearBcn} BETWEEN 5 AND 30`)).toBeGreaterThanOrEqual(8);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE ${nearBcn} > 15`)).toBeGreaterThanOrEqual(2);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE lat IS NOT NULL AND (${nearBcn} < 0.3 OR ${nearBcn} > 30)`)).toBe(0);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE location_type = 'in_person' AND (lat IS NULL OR address = '')`)).toBe(0);
    const virtual = await sql<{ url: string; address: string; lat: number | null }>`SELECT url, address, lat FROM events WHERE location_type = 'virtual'`.execute(db);
    expect(virtual.rows.length).toBeGreaterThanOrEqual(2);
    for (const v of virtual.rows) expect(v).toMatchObject({ url: expect.stringMatching(/^https:\/\//), address: '', lat: null });

    // Dates: past, happening now, today, tomorrow, this weekend, next weekend, the coming months.
    const local = (text: string) => sql`(${text}::timestamp AT TIME ZONE 'Europe/Madrid')`;
    const between = (from: string, to: string) =>
      count(db, sql`SELECT count(*) AS n FROM events WHERE start_date >= ${local(from)} AND start_date < ${local(to)}`);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE coalesce(end_date, start_date) < ${now}`)).toBeGreaterThanOrEqual(5);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE start_date <= ${now} AND end_date > ${now}`)).toBeGreaterThanOrEqual(1);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE start_date > ${now} AND start_date < ${local('2026-01-16 00:00')}`)).toBeGreaterThanOrEqual(2);
    expect(await between('2026-01-16 00:00', '2026-01-17 00:00')).toBeGreaterThanOrEqual(3); // tomorrow
    expect(await between('2026-01-17 00:00', '2026-01-19 00:00')).toBeGreaterThanOrEqual(5); // this weekend
    expect(await between('2026-01-24 00:00', '2026-01-26 00:00')).toBeGreaterThanOrEqual(4); // next weekend
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE start_date > ${now}::timestamptz + interval '60 days'`)).toBeGreaterThanOrEqual(3);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE end_date IS NOT NULL`)).toBeGreaterThanOrEqual(5);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE end_date > start_date + interval '1 day'`)).toBeGreaterThanOrEqual(2);

    // Prices in euros for about a third; the rest free.
    const priced = await count(db, sql`SELECT count(*) AS n FROM events WHERE currency IS NOT NULL`);
    expect(priced).toBeGreaterThanOrEqual(15);
    expect(priced).toBeLessThanOrEqual(30);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE currency IS NOT NULL AND currency <> 'EUR'`)).toBe(0);
    // Each paid event has its ticket types in euro cents; some sell several.
    expect(await count(db, sql`SELECT count(*) AS n FROM events e WHERE currency IS NOT NULL AND NOT EXISTS (SELECT 1 FROM event_ticket_types t WHERE t.event_id = e.id)`)).toBe(0);
    expect(await count(db, sql`SELECT count(DISTINCT event_id) AS n FROM event_ticket_types WHERE position > 0`)).toBeGreaterThanOrEqual(3);
    expect(await count(db, sql`SELECT count(*) AS n FROM event_ticket_types WHERE price % 100 <> 0`)).toBe(0);

    // Visibility: mostly public, some friends, a few private (each with invitees).
    const visibility = await sql<{ visibility: string; n: number }>`SELECT visibility, count(*)::int AS n FROM events GROUP BY 1`.execute(db);
    const byVisibility = Object.fromEntries(visibility.rows.map((r) => [r.visibility, r.n]));
    expect(byVisibility.public).toBeGreaterThanOrEqual(40);
    expect(byVisibility.friends).toBeGreaterThanOrEqual(4);
    expect(byVisibility.private).toBeGreaterThanOrEqual(2);
    expect(await count(db, sql`SELECT count(*) AS n FROM events e WHERE visibility = 'private' AND NOT EXISTS (SELECT 1 FROM event_invites i WHERE i.event_id = e.id)`)).toBe(0);
    // Nobody answered a private event without being its owner or invited to it.
    expect(
      await count(
        db,
        sql`SELECT count(*) AS n FROM event_users eu JOIN events e ON e.id = eu.event_id
            WHERE e.visibility = 'private' AND eu.user_id <> e.user_id
              AND NOT EXISTS (SELECT 1 FROM event_invites i WHERE i.event_id = e.id AND i.user_id = eu.user_id)`,
      ),
    ).toBe(0);

    // Two groups with members; their events belong to members.
    const groups = await sql<{ name: string; members: number; events: number }>`
      SELECT g.name, (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS members,
             (SELECT count(*)::int FROM events e WHERE e.group_id = g.id) AS events
      FROM groups g ORDER BY g.id`.execute(db);
    expect(groups.rows.map((g) => g.name)).toEqual(['Gràcia Runners', 'Book Club']);
    for (const g of groups.rows) {
      expect(g.members).toBeGreaterThanOrEqual(3);
      expect(g.events).toBeGreaterThanOrEqual(3);
    }
    expect(
      await count(db, sql`SELECT count(*) AS n FROM events e WHERE group_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = e.group_id AND m.user_id = e.user_id)`),
    ).toBe(0);

    // Friendships both ways; "With friends" has results for Maya (friends created or going).
    expect(await count(db, sql`SELECT count(*) AS n FROM friendships`)).toBeGreaterThanOrEqual(10);
    expect(await count(db, sql`SELECT count(*) AS n FROM friendships f WHERE NOT EXISTS (SELECT 1 FROM friendships b WHERE b.user_id = f.friend_id AND b.friend_id = f.user_id)`)).toBe(0);
    const maya = sql`(SELECT id FROM users WHERE phone = ${DEMO_USERS[0].phone})`;
    expect(
      await count(
        db,
        sql`SELECT count(DISTINCT e.id) AS n FROM events e
            JOIN friendships f ON f.user_id = ${maya}
            WHERE ${future} AND e.visibility <> 'private'
              AND (e.user_id = f.friend_id OR EXISTS (SELECT 1 FROM event_users eu WHERE eu.event_id = e.id AND eu.user_id = f.friend_id AND eu.status = 'going'))`,
      ),
    ).toBeGreaterThanOrEqual(10);

    // People going (cards show avatars), the owner on most; likes counted; visits for trending.
    expect(await count(db, sql`SELECT count(*) AS n FROM events e WHERE EXISTS (SELECT 1 FROM event_users eu WHERE eu.event_id = e.id AND eu.user_id = e.user_id AND eu.status = 'going')`)).toBeGreaterThanOrEqual(45);
    expect(await count(db, sql`SELECT count(*) AS n FROM (SELECT event_id FROM event_users WHERE status = 'going' GROUP BY 1 HAVING count(*) >= 3) x`)).toBeGreaterThanOrEqual(15);
    expect(await count(db, sql`SELECT count(*) AS n FROM event_users WHERE status = 'maybe'`)).toBeGreaterThanOrEqual(5);
    expect(await count(db, sql`SELECT count(*) AS n FROM event_users WHERE companions_amount > 0`)).toBeGreaterThanOrEqual(5);
    expect(await count(db, sql`SELECT count(*) AS n FROM events e WHERE likes_count <> (SELECT count(*) FROM event_likes l WHERE l.event_id = e.id)`)).toBe(0);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE ${future} AND visibility = 'public' AND likes_count >= 3 AND visits >= 300`)).toBeGreaterThanOrEqual(4);
    expect(await count(db, sql`SELECT count(*) AS n FROM events WHERE visits = 0`)).toBe(0);

    // Companions have names: an answer's companions_amount is exactly its linked companions, the person's own.
    expect(await count(db, sql`SELECT count(*) AS n FROM event_user_companions`)).toBeGreaterThanOrEqual(5);
    expect(
      await count(db, sql`SELECT count(*) AS n FROM event_users eu WHERE companions_amount <> (SELECT count(*) FROM event_user_companions c WHERE c.event_id = eu.event_id AND c.user_id = eu.user_id)`),
    ).toBe(0);
    expect(await count(db, sql`SELECT count(*) AS n FROM event_user_companions l JOIN companions c ON c.id = l.companion_id WHERE c.user_id <> l.user_id`)).toBe(0);
    expect(await count(db, sql`SELECT count(*) AS n FROM event_users WHERE note <> ''`)).toBeGreaterThanOrEqual(3);

    // Comments on many events, by people who answered or the host, never in the future.
    expect(await count(db, sql`SELECT count(DISTINCT event_id) AS n FROM comments`)).toBeGreaterThanOrEqual(15);
    expect(await count(db, sql`SELECT count(*) AS n FROM comments WHERE created_at > ${now}`)).toBe(0);
    expect(
      await count(
        db,
        sql`SELECT count(*) AS n FROM comments c JOIN events e ON e.id = c.event_id
            WHERE c.user_id <> e.user_id AND NOT EXISTS (SELECT 1 FROM event_users eu WHERE eu.event_id = c.event_id AND eu.user_id = c.user_id)`,
      ),
    ).toBe(0);

    // Follows (some without friendship), a friend request waiting for Maya, and notifications:
    // read ones and a few unread, each through the settings gate (declines are off by default).
    expect(await count(db, sql`SELECT count(*) AS n FROM follows`)).toBeGreaterThanOrEqual(8);
    expect(await count(db, sql`SELECT count(*) AS n FROM follows fo WHERE NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = fo.follower_id AND f.friend_id = fo.followed_id)`)).toBeGreaterThanOrEqual(2);
    expect(await count(db, sql`SELECT count(*) AS n FROM friend_requests WHERE friend_id = ${maya}`)).toBe(1);
    for (const action of ['comment_posted', 'user_joined_event', 'user_maybe_event', 'user_following', 'friend_request']) {
      expect(await count(db, sql`SELECT count(*) AS n FROM notifications WHERE action = ${action}`), action).toBeGreaterThanOrEqual(1);
    }
    expect(await count(db, sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${maya} AND viewed_at IS NULL`)).toBeGreaterThanOrEqual(1);
    expect(await count(db, sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${maya} AND viewed_at IS NOT NULL`)).toBeGreaterThanOrEqual(3);
    expect(await count(db, sql`SELECT count(*) AS n FROM notifications WHERE created_at > ${now} OR user_id = author_id`)).toBe(0);
    const mayaToken = await signIn(events, (await db.selectFrom('users').select('id').where('phone', '=', DEMO_USERS[0].phone).executeTakeFirstOrThrow()).id);
    const feed = await events.app.inject({ method: 'GET', url: '/api/user/notifications', headers: mayaToken.headers });
    expect(feed.statusCode).toBe(200);
    expect(feed.json().data.length).toBeGreaterThanOrEqual(4);

    // A cover picture of its own for every event, stored and served like an upload.
    const pictures = await db.selectFrom('events').select(['user_id', 'image', 'm_image', 'visibility']).execute();
    const urls = pictures.flatMap((p) => [p.image, p.m_image]);
    expect(new Set(urls).size).toBe(120);
    for (const p of pictures) {
      expect(p.image).toMatch(new RegExp(`^/media/events/${p.user_id}/[A-Za-z0-9_-]+-l\\.webp$`));
      expect(p.m_image).toMatch(new RegExp(`^/media/events/${p.user_id}/[A-Za-z0-9_-]+-m\\.webp$`));
    }
    expect((await mediaFiles(events.dataDir)).filter((f) => f.includes(`${path.sep}events${path.sep}`))).toHaveLength(120);
    // A public event's, which anyone may fetch (a private one's needs a guest: media-access.test.ts).
    const res = await events.app.inject({ method: 'GET', url: pictures.find((p) => p.visibility === 'public')!.image! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  }, SEED_TIMEOUT);

  it('seeds nothing the second time', async () => {
    const before = await tableCounts(events.db);
    expect(before.events).toBe(60); // seeded by the previous case
    const files = await mediaFiles(events.dataDir);
    expect(await seedDemoEvents(events.deps)).toBeNull();
    expect(await tableCounts(events.db)).toEqual(before);
    expect((await mediaFiles(events.dataDir)).sort()).toEqual(files.sort());
  });

  it('seeds photos in the galleries of past events once, served like uploads', async () => {
    const summary = await seedDemoGallery(events.deps);
    expect(summary).toMatch(/^\d+ gallery photos on \d+ past events$/);
    const items = await events.db
      .selectFrom('gallery_items as g')
      .innerJoin('events as e', 'e.id', 'g.event_id')
      .select(['g.id', 'g.url', 'g.url_m', 'g.user_id', 'g.event_id', 'g.approved', 'e.ends_at', 'e.user_id as owner_id', 'e.visibility'])
      .execute();
    expect(items.length).toBeGreaterThanOrEqual(30);
    const now = events.clock.now();
    for (const item of items) {
      expect(item.ends_at.getTime()).toBeLessThan(now.getTime());
      expect(item.approved).toBe(true);
      // Posted by the owner or someone going or maybe.
      if (item.user_id !== item.owner_id) {
        const answer = await events.db.selectFrom('event_users').select('status').where('event_id', '=', item.event_id).where('user_id', '=', item.user_id).executeTakeFirst();
        expect(['going', 'maybe']).toContain(answer?.status);
      }
    }
    expect(new Set(items.map((i) => i.url)).size).toBe(items.length);
    const res = await events.app.inject({ method: 'GET', url: items.find((i) => i.visibility === 'public')!.url_m });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const files = await mediaFiles(events.dataDir);
    expect(files.filter((f) => f.includes(`${path.sep}gallery${path.sep}`))).toHaveLength(items.length * 3);
    // Once: even after every photo is deleted.
    await events.db.deleteFrom('gallery_items').execute();
    expect(await seedDemoGallery(events.deps)).toBeNull();
  }, SEED_TIMEOUT);

  it('opens verified test-provider payout accounts for the demo sellers and puts their paid events on sale, once', async () => {
    const summary = await seedDemoPayments(events.deps);
    expect(summary).toMatch(/^\d+ verified demo payout accounts with \d+ paid events on sale$/);
    const sellers = await count(events.db, sql`SELECT count(DISTINCT user_id) AS n FROM events WHERE currency IS NOT NULL`);
    const active = await count(events.db, sql`SELECT count(*) AS n FROM payment_accounts WHERE charges_enabled AND details_submitted AND tos_accepted_at IS NOT NULL AND disconnected_at IS NULL`);
    expect(active).toBe(sellers);
    // Every paid event has its product, and every type its provider price: all can be bought.
    expect(await count(events.db, sql`SELECT count(*) AS n FROM events WHERE currency IS NOT NULL AND stripe_product_id IS NULL`)).toBe(0);
    expect(await count(events.db, sql`SELECT count(*) AS n FROM event_ticket_types WHERE stripe_price_id IS NULL OR stripe_price_amount <> price`)).toBe(0);
    const paid = await events.db.selectFrom('events').select('id').where('currency', 'is not', null).where('visibility', '=', 'public').executeTakeFirstOrThrow();
    const page = await events.app.inject({ method: 'GET', url: `/api/events-no-auth/${paid.id}` });
    expect(page.json().data).toMatchObject({ is_paid: true, payments_enabled: true, creator: { stripe_approved: true } });
    expect(await seedDemoPayments(events.deps)).toBeNull();
  }, SEED_TIMEOUT);

  it('seeds once when two servers start on the same database', async () => {
    await seedDemoData(eventsRaced.deps);
    const results = await Promise.all([seedDemoEvents(eventsRaced.deps), seedDemoEvents(eventsRaced.deps)]);
    expect(results.filter((r) => r !== null)).toEqual(['60 demo events around Barcelona']);
    const counts = await tableCounts(eventsRaced.db);
    expect(counts).toMatchObject({ events: 60, groups: 2 });
    expect((await mediaFiles(eventsRaced.dataDir)).filter((f) => f.includes(`${path.sep}events${path.sep}`))).toHaveLength(120);
  }, SEED_TIMEOUT);

  it('seeds around the city DEMO_CITY names, in its currency', async () => {
    await seedDemoData(tokyo.deps);
    expect(await seedDemoEvents(tokyo.deps)).toBe('60 demo events around Tokyo');
    const city = DEMO_CITY_DATA.tokyo;
    const near = km(city.lat, city.lng);
    expect(await count(tokyo.db, sql`SELECT count(*) AS n FROM events WHERE ${near} < 5`)).toBeGreaterThanOrEqual(20);
    expect(await count(tokyo.db, sql`SELECT count(*) AS n FROM events WHERE lat IS NOT NULL AND ${near} > 30`)).toBe(0);
    expect(await count(tokyo.db, sql`SELECT count(*) AS n FROM events WHERE currency IS NOT NULL AND currency <> 'JPY'`)).toBe(0);
    // Yen have no minor unit: a ¥2,400 ticket is 2400 (decision 0027).
    expect(await count(tokyo.db, sql`SELECT count(*) AS n FROM event_ticket_types WHERE currency = 'JPY' AND price % 100 = 0 AND price >= 100`)).toBeGreaterThan(0);
    expect(await count(tokyo.db, sql`SELECT count(*) AS n FROM event_ticket_types WHERE price >= 100000`)).toBe(0);
    const names = await tokyo.db.selectFrom('groups').select('name').orderBy('id').execute();
    expect(names.map((g) => g.name)).toEqual(['Imperial Palace Runners', 'Book Club']);
    const sample = await tokyo.db.selectFrom('events').select(['name', 'address']).where('name', 'like', 'Flea market%').executeTakeFirstOrThrow();
    expect(sample.address).toMatch(/Tokyo$/);
  }, SEED_TIMEOUT);
});
