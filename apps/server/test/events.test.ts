import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  categoryListReplySchema,
  eventListReplySchema,
  eventReplySchema,
  type Event,
  type EventPage,
} from '@planns/shared/events/events.schemas';
import { EVENTS_PER_PAGE_DEFAULT, RELATION_LIMIT } from '@planns/shared/events/events.rules';
import {
  addFriendship,
  addInvite,
  addLike,
  addOrganizer,
  addResponse,
  buildCompanion,
  buildEvent,
  buildGroup,
  mediaExists,
  mediaFiles,
  testImage,
  type EventOverrides,
} from './event-factory.ts';
import { buildUser, createTestApp, signIn } from './harness.ts';

// Many requests from one address: lift the per-address limit for this file.
const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db, clock } = ctx;
const CLOCK_START = '2026-01-15T10:00:00Z'; // a Thursday

type Headers = Record<string, string>;

async function userWithSession(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, overrides);
  const { headers } = await signIn(ctx, user.id);
  return { user, headers };
}

/** A valid create/update body (events §3, §5); overrides replace fields. */
function body(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Board games night',
    description: 'Bring snacks',
    start_date: '2026-03-01 18:00:00',
    end_date: '2026-03-01 22:00:00',
    address: 'Carrer Gran 1, Barcelona',
    venue: 'Casa Gran',
    lat: 41.4,
    lng: 2.17,
    categories: [1, 3],
    ...overrides,
  };
}

function create(headers: Headers, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/events/create', headers, payload });
}

function update(headers: Headers, id: number, payload: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: `/api/events/${id}`, headers, payload });
}

async function created(headers: Headers, payload: Record<string, unknown>): Promise<Event> {
  const res = await create(headers, payload);
  expect(res.statusCode, res.body).toBe(200);
  return eventReplySchema.parse(res.json()).data;
}

/** GET events (with headers) or events-na (without), answering the page. */
async function list(query: string, headers?: Headers): Promise<EventPage> {
  const res = await app.inject({ method: 'GET', url: `${headers ? '/api/events' : '/api/events-na'}?${query}`, ...(headers ? { headers } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return eventListReplySchema.parse(res.json()).data;
}

async function listIds(query: string, headers?: Headers): Promise<number[]> {
  return (await list(query, headers)).data.map((e) => e.id);
}

/** Each list test puts its events in a group of its own and filters by it, so tests never see each other's events. */
async function scope() {
  const group = await buildGroup(db, 'Scope');
  const owner = await buildUser(db, { name: 'Scope Owner' });
  const make = (overrides: EventOverrides = {}) => buildEvent(db, { user_id: owner.id, group_id: group.id, ...overrides });
  return { group, owner, make, q: `group_id=${group.id}` };
}

const KM_PER_DEGREE = 111.32; // earthdistance's sphere: 6378168 m radius
const north = (lat: number, km: number) => lat + km / KM_PER_DEGREE;

async function storedEvent(id: number) {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

async function count(table: 'event_users' | 'event_likes' | 'event_categories' | 'event_user_companions', eventId: number): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', eventId).executeTakeFirstOrThrow();
  return Number(row.n);
}

afterEach(() => {
  clock.set(CLOCK_START);
});

/* ------------------------------------------------------------------ lists */

describe('GET /api/events and /api/events-na', () => {
  it('the signed-in list needs a session; the -na list does not', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
    const na = await app.inject({ method: 'GET', url: '/api/events-na' });
    expect(na.statusCode).toBe(200);
  });

  it('answers {data:{data, current_page, per_page, total, has_more, next_after}} with per_page 100 and page 1 by default', async () => {
    const s = await scope();
    const a = await s.make({ name: 'Shape check' });
    const { headers } = await userWithSession();
    for (const page of [await list(s.q, headers), await list(s.q)]) {
      expect(page).toEqual({ data: [expect.objectContaining({ id: a.id, hash: a.hash, name: 'Shape check' })], current_page: 1, per_page: EVENTS_PER_PAGE_DEFAULT, total: 1, has_more: false, next_after: null });
    }
  });
});

describe('list parameters', () => {
  it('default order: under way first, then the soonest coming; events already over are left out', async () => {
    const s = await scope();
    await s.make({ name: 'over', start_date: '2026-01-10T10:00:00Z', end_date: '2026-01-10T12:00:00Z' });
    await s.make({ name: 'over, no end', start_date: '2026-01-14T10:00:00Z' });
    const underWayLong = await s.make({ start_date: '2026-01-01T10:00:00Z', end_date: '2026-02-01T10:00:00Z' });
    const underWay = await s.make({ start_date: '2026-01-15T09:00:00Z', end_date: '2026-01-15T11:00:00Z' });
    const later = await s.make({ start_date: '2026-03-01T10:00:00Z' });
    const soon = await s.make({ start_date: '2026-01-16T10:00:00Z' });
    const { headers } = await userWithSession();
    const page = await list(s.q, headers);
    expect(page.data.map((e) => e.id)).toEqual([underWayLong.id, underWay.id, soon.id, later.id]);
    expect(page.total).toBe(4);
    expect(await listIds(s.q)).toEqual([underWayLong.id, underWay.id, soon.id, later.id]);
    expect(await listIds(`${s.q}&order_by=upcoming`)).toEqual([underWayLong.id, underWay.id, soon.id, later.id]);
  });

  it('pages after a cursor (after=, the reply’s next_after) as by number, and refuses a cursor that is not one', async () => {
    const s = await scope();
    const made = [];
    for (const day of [3, 1, 2, 5, 4]) made.push(await s.make({ start_date: `2026-02-0${day}T10:00:00Z` }));
    const expected = [...made].sort((a, b) => a.start_date.getTime() - b.start_date.getTime()).map((e) => e.id);
    const first = await list(`${s.q}&per_page=2`);
    expect(first.data.map((e) => e.id)).toEqual(expected.slice(0, 2));
    expect(first).toMatchObject({ has_more: true, total: null, next_after: expect.stringMatching(/^\d+\.\d+$/) });
    const second = await list(`${s.q}&per_page=2&page=2&after=${first.next_after}`);
    expect(second.data.map((e) => e.id)).toEqual(expected.slice(2, 4));
    const third = await list(`${s.q}&per_page=2&page=3&after=${second.next_after}`);
    expect(third).toMatchObject({ has_more: false, total: 5, next_after: null });
    expect(third.data.map((e) => e.id)).toEqual(expected.slice(4));
    // Orders that page by number only give no cursor.
    expect((await list(`${s.q}&per_page=2&order_by=created_at`)).next_after).toBeNull();
    for (const bad of ['yesterday', '12.', '.5', '1.2.3', `${'9'.repeat(20)}.1`]) {
      const res = await app.inject({ method: 'GET', url: `/api/events-na?${s.q}&after=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().error.fields).toEqual({ after: "Use the reply's next_after" });
    }
  });

  it("invited and liked (My plans' pending and liked tabs): mine only, paged on the server; nothing for visitors", async () => {
    const s = await scope();
    const me = await userWithSession({ name: 'Inez Invited' });
    const other = await userWithSession({ name: 'Otto Other' });
    const invitedPrivate = await s.make({ name: 'invited, private', visibility: 'private', start_date: '2026-02-01T10:00:00Z' });
    const invitedPublic = await s.make({ name: 'invited, public', start_date: '2026-02-02T10:00:00Z' });
    const answered = await s.make({ name: 'invited, answered', visibility: 'private' });
    const rejected = await s.make({ name: 'invited, said no', visibility: 'private' });
    const notInvited = await s.make({ name: 'friends event of a friend, not invited', visibility: 'friends' });
    const mineInvited = await buildEvent(db, { user_id: me.user.id, group_id: s.group.id, name: 'my own, invited to it' });
    for (const e of [invitedPrivate, invitedPublic, answered, rejected, mineInvited]) await addInvite(db, e.id, me.user.id, s.owner.id);
    await addInvite(db, notInvited.id, other.user.id, s.owner.id);
    await addFriendship(db, me.user.id, s.owner.id);
    await addResponse(db, answered.id, me.user.id, 'maybe');
    await addResponse(db, rejected.id, me.user.id, 'rejected');
    expect(await listIds(`${s.q}&invited=1`, me.headers)).toEqual([invitedPrivate.id, invitedPublic.id]);
    expect(await listIds(`${s.q}&invited=1`, other.headers)).toEqual([notInvited.id]);
    const firstPage = await list(`${s.q}&invited=1&per_page=1`, me.headers);
    expect(firstPage.data.map((e) => e.id)).toEqual([invitedPrivate.id]);
    expect(firstPage).toMatchObject({ total: null, has_more: true });
    expect(await list(`${s.q}&invited=1&per_page=1&page=2`, me.headers)).toMatchObject({ total: 2, has_more: false });

    await addLike(db, invitedPublic.id, me.user.id);
    await addLike(db, notInvited.id, me.user.id);
    await addLike(db, answered.id, other.user.id);
    expect(await listIds(`${s.q}&liked=1`, me.headers)).toEqual([notInvited.id, invitedPublic.id]);
    expect(await listIds(`${s.q}&liked=1&invited=1`, me.headers)).toEqual([invitedPublic.id]);
    // A like on an event I may no longer see is not listed (visibility still applies).
    const secret = await s.make({ name: 'private, not invited', visibility: 'private' });
    await addLike(db, secret.id, me.user.id);
    expect(await listIds(`${s.q}&liked=1`, me.headers)).not.toContain(secret.id);
    expect(await listIds(`${s.q}&liked=1`)).toEqual([]);
    expect(await listIds(`${s.q}&invited=true`)).toEqual([]);
  });

  it('distance from current_location, in both spellings; above 95 km means no limit', async () => {
    const s = await scope();
    const at = { lat: 10.5, lng: 20.5 };
    const near = await s.make({ name: '5 km', lat: north(at.lat, 5), lng: at.lng });
    const mid = await s.make({ name: '20 km', lat: north(at.lat, 20), lng: at.lng });
    const far = await s.make({ name: '500 km', lat: north(at.lat, 500), lng: at.lng });
    const nowhere = await s.make({ name: 'no coordinates' });
    const { headers } = await userWithSession();
    const brackets = `current_location[lat]=${at.lat}&current_location[lng]=${at.lng}`;
    const dots = `current_location.lat=${at.lat}&current_location.lng=${at.lng}`;
    for (const loc of [brackets, dots]) {
      expect(await listIds(`${s.q}&distance=10&${loc}`, headers)).toEqual([near.id]);
      expect(await listIds(`${s.q}&distance=10&${loc}`)).toEqual([near.id]);
    }
    expect((await listIds(`${s.q}&distance=25&${brackets}`, headers)).sort()).toEqual([near.id, mid.id].sort());
    expect((await listIds(`${s.q}&distance=95&${brackets}`, headers)).sort()).toEqual([near.id, mid.id].sort());
    const all = [near.id, mid.id, far.id, nowhere.id].sort();
    expect((await listIds(`${s.q}&distance=96&${brackets}`, headers)).sort()).toEqual(all);
    expect((await listIds(`${s.q}&distance=100&${dots}`)).sort()).toEqual(all);
    expect((await listIds(`${s.q}&${brackets}`, headers)).sort()).toEqual(all);
  });

  it('start_date and end_date: events under way in the range count; a date-only end covers that whole day', async () => {
    const s = await scope();
    const before = await s.make({ name: 'before', start_date: '2026-02-01T18:00:00Z' });
    const inRange = await s.make({ start_date: '2026-02-10T18:00:00Z' });
    const after = await s.make({ start_date: '2026-03-01T18:00:00Z' });
    const spanning = await s.make({ start_date: '2026-01-30T18:00:00Z', end_date: '2026-02-12T18:00:00Z' });
    const lastDay = await s.make({ start_date: '2026-02-20T18:00:00Z' });
    await s.make({ name: 'day after', start_date: '2026-02-21T00:00:00Z' });
    const { headers } = await userWithSession();
    expect(await listIds(`${s.q}&start_date=2026-02-05&end_date=2026-02-20`, headers)).toEqual([spanning.id, inRange.id, lastDay.id]);
    expect(await listIds(`${s.q}&start_date=2026-02-05%2000:00:00&end_date=2026-02-20T23:59:59Z`)).toEqual([spanning.id, inRange.id, lastDay.id]);
    expect(await listIds(`${s.q}&start_date=2026-02-15`, headers)).toContain(after.id);
    expect(await listIds(`${s.q}&start_date=2026-02-15`, headers)).not.toContain(spanning.id);
    expect(await listIds(`${s.q}&end_date=2026-02-05`, headers)).toEqual([spanning.id, before.id]);
  });

  it('hide_friends, hide_public, hide_private, hide_paid and hide_free', async () => {
    const { user, headers } = await userWithSession();
    const g = await buildGroup(db, 'Types');
    const make = (o: EventOverrides) => buildEvent(db, { user_id: user.id, group_id: g.id, ...o });
    const pub = await make({ visibility: 'public' });
    const priv = await make({ visibility: 'private' });
    const fr = await make({ visibility: 'friends' });
    const paid = await make({ visibility: 'public', price: 1250, currency: 'EUR' });
    const q = `group_id=${g.id}`;
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    const get = async (extra: string) => sorted(await listIds(`${q}&${extra}`, headers));
    expect(await get('')).toEqual(sorted([pub.id, priv.id, fr.id, paid.id]));
    expect(await get('hide_friends=1')).toEqual(sorted([pub.id, priv.id, paid.id]));
    expect(await get('hide_public=true')).toEqual(sorted([priv.id, fr.id]));
    expect(await get('hide_private=1')).toEqual(sorted([pub.id, fr.id, paid.id]));
    expect(await get('hide_paid=1')).toEqual(sorted([pub.id, priv.id, fr.id]));
    expect(await get('hide_free=1')).toEqual([paid.id]);
    expect(await get('hide_public=1&hide_paid=1')).toEqual(sorted([priv.id, fr.id]));
    expect(await get('hide_private=0&hide_paid=false')).toEqual(sorted([pub.id, priv.id, fr.id, paid.id]));
  });

  it('categories as a comma list or repeated categories[]', async () => {
    const s = await scope();
    const music = await s.make({ categories: [1] });
    const partyFood = await s.make({ categories: [2, 3] });
    await s.make({ categories: [] });
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(await listIds(`${s.q}&categories=1`)).toEqual([music.id]);
    expect(sorted(await listIds(`${s.q}&categories=1,3`))).toEqual(sorted([music.id, partyFood.id]));
    expect(sorted(await listIds(`${s.q}&categories[]=2&categories[]=1`))).toEqual(sorted([music.id, partyFood.id]));
    expect(await listIds(`${s.q}&categories[]=3`)).toEqual([partyFood.id]);
    expect(await listIds(`${s.q}&categories=12`)).toEqual([]);
  });

  it('preset all is the plain list', async () => {
    const s = await scope();
    const a = await s.make({ start_date: '2026-02-01T10:00:00Z' });
    const b = await s.make({ start_date: '2026-01-20T10:00:00Z' });
    expect(await listIds(`${s.q}&preset=all`)).toEqual([b.id, a.id]);
  });

  it('preset trending orders coming events by engagement (likes, responses, visits)', async () => {
    const s = await scope();
    const quiet = await s.make({ name: 'quiet', start_date: '2026-01-20T10:00:00Z' });
    const liked = await s.make({ name: 'liked', start_date: '2026-02-01T10:00:00Z' });
    const answered = await s.make({ name: 'answered', start_date: '2026-01-25T10:00:00Z' });
    const visited = await s.make({ name: 'visited', start_date: '2026-01-22T10:00:00Z', visits: 20 });
    await s.make({ name: 'over', start_date: '2026-01-01T10:00:00Z', visits: 1000 });
    for (let i = 0; i < 3; i += 1) await addLike(db, liked.id, (await buildUser(db)).id);
    await addResponse(db, answered.id, (await buildUser(db)).id, 'going');
    await addResponse(db, answered.id, (await buildUser(db)).id, 'maybe');
    const { headers } = await userWithSession();
    expect(await listIds(`${s.q}&preset=trending`, headers)).toEqual([liked.id, answered.id, visited.id, quiet.id]);
    expect(await listIds(`${s.q}&preset=trending`)).toEqual([liked.id, answered.id, visited.id, quiet.id]);
  });

  it('preset close: within 5 km of current_location', async () => {
    const s = await scope();
    const at = { lat: -33.2, lng: 150.1 };
    const near = await s.make({ lat: north(at.lat, 3), lng: at.lng });
    await s.make({ lat: north(at.lat, 8), lng: at.lng });
    await s.make({});
    const loc = `current_location[lat]=${at.lat}&current_location[lng]=${at.lng}`;
    expect(await listIds(`${s.q}&preset=close&${loc}`)).toEqual([near.id]);
    expect(await listIds(`${s.q}&preset=close&distance=50&${loc}`)).toEqual([near.id]);
  });

  it('preset friends: created or joined (going or maybe) by the viewer’s friends', async () => {
    const s = await scope();
    const { user: viewer, headers } = await userWithSession();
    const friend = await buildUser(db, { name: 'Friend' });
    const other = await buildUser(db, { name: 'Not a friend' });
    await addFriendship(db, viewer.id, friend.id);
    const byFriend = await s.make({ user_id: friend.id, start_date: '2026-02-01T10:00:00Z' });
    const friendGoing = await s.make({ start_date: '2026-02-02T10:00:00Z' });
    await addResponse(db, friendGoing.id, friend.id, 'going');
    const friendMaybe = await s.make({ start_date: '2026-02-03T10:00:00Z' });
    await addResponse(db, friendMaybe.id, friend.id, 'maybe');
    const friendSaidNo = await s.make({ start_date: '2026-02-04T10:00:00Z' });
    await addResponse(db, friendSaidNo.id, friend.id, 'rejected');
    const byOther = await s.make({ user_id: other.id, start_date: '2026-02-05T10:00:00Z' });
    await addResponse(db, byOther.id, other.id, 'going');

    expect(await listIds(`${s.q}&preset=friends`, headers)).toEqual([byFriend.id, friendGoing.id, friendMaybe.id]);
    expect(await listIds(`${s.q}&friends_created=1`, headers)).toEqual([byFriend.id]);
    expect(await listIds(`${s.q}&friends_joined=true`, headers)).toEqual([friendGoing.id, friendMaybe.id]);
    expect(await listIds(`${s.q}&friends_created=1&friends_joined=1`, headers)).toEqual([byFriend.id, friendGoing.id, friendMaybe.id]);
    // A visitor has no friends.
    expect(await listIds(`${s.q}&preset=friends`)).toEqual([]);
    expect(await listIds(`${s.q}&friends_created=1`)).toEqual([]);
  });

  it('preset weekend on a Thursday: the coming Saturday and Sunday, in the viewer’s time zone', async () => {
    clock.set('2026-01-15T10:00:00Z'); // Thursday
    const s = await scope();
    await s.make({ name: 'friday', start_date: '2026-01-16T20:00:00Z' });
    const saturday = await s.make({ name: 'saturday', start_date: '2026-01-17T12:00:00Z' });
    const sunday = await s.make({ name: 'sunday night', start_date: '2026-01-18T23:00:00Z' });
    await s.make({ name: 'monday', start_date: '2026-01-19T09:00:00Z' });
    await s.make({ name: 'next saturday', start_date: '2026-01-24T12:00:00Z' });
    // Saturday 03:00 UTC is still Friday evening in New York.
    const lateFriday = await s.make({ name: 'friday night in New York', start_date: '2026-01-17T03:00:00Z' });
    const fridayToSaturday = await s.make({ name: 'under way into the weekend', start_date: '2026-01-16T20:00:00Z', end_date: '2026-01-17T02:00:00Z' });

    expect(await listIds(`${s.q}&preset=weekend`)).toEqual([fridayToSaturday.id, lateFriday.id, saturday.id, sunday.id]);
    expect(await listIds(`${s.q}&preset=weekend&tz=UTC`)).toEqual([fridayToSaturday.id, lateFriday.id, saturday.id, sunday.id]);
    // In New York the weekend runs from Saturday 05:00 UTC to Monday 05:00 UTC.
    expect(await listIds(`${s.q}&preset=weekend&tz=America/New_York`)).toEqual([saturday.id, sunday.id]);
  });

  it('preset weekend on a Sunday: that same weekend, not the next', async () => {
    clock.set('2026-01-18T09:00:00Z'); // Sunday morning
    const s = await scope();
    const saturdayToSunday = await s.make({ name: 'all weekend', start_date: '2026-01-17T10:00:00Z', end_date: '2026-01-18T20:00:00Z' });
    const sunday = await s.make({ name: 'sunday', start_date: '2026-01-18T18:00:00Z' });
    await s.make({ name: 'monday', start_date: '2026-01-19T10:00:00Z' });
    await s.make({ name: 'next saturday', start_date: '2026-01-24T12:00:00Z' });
    expect(await listIds(`${s.q}&preset=weekend&tz=Europe/Madrid`)).toEqual([saturdayToSunday.id, sunday.id]);
    const { headers } = await userWithSession();
    expect(await listIds(`${s.q}&preset=weekend&tz=Europe/Madrid`, headers)).toEqual([saturdayToSunday.id, sunday.id]);
  });

  it('order_by start_date (desc by default, or asc) and created_at; these orders include past events', async () => {
    const s = await scope();
    const past = await s.make({ start_date: '2026-01-01T10:00:00Z', created_at: '2025-12-01T10:00:00Z' });
    const a = await s.make({ start_date: '2026-02-01T10:00:00Z', created_at: '2026-01-12T10:00:00Z' });
    const b = await s.make({ start_date: '2026-02-05T10:00:00Z', created_at: '2026-01-10T10:00:00Z' });
    const c = await s.make({ start_date: '2026-02-03T10:00:00Z', created_at: '2026-01-11T10:00:00Z' });
    expect(await listIds(`${s.q}&order_by=start_date&order_dir=asc`)).toEqual([past.id, a.id, c.id, b.id]);
    expect(await listIds(`${s.q}&order_by=start_date&order_dir=desc`)).toEqual([b.id, c.id, a.id, past.id]);
    expect(await listIds(`${s.q}&order_by=start_date`)).toEqual([b.id, c.id, a.id, past.id]);
    expect(await listIds(`${s.q}&order_by=created_at`)).toEqual([a.id, c.id, b.id, past.id]);
    expect(await listIds(`${s.q}&order_by=created_at&order_dir=asc`)).toEqual([past.id, b.id, c.id, a.id]);
    expect((await list(`${s.q}&order_by=start_date`)).total).toBe(4);
  });

  it('per_page and page: has_more on every page, the total on the page that reaches the end (nothing is counted)', async () => {
    const s = await scope();
    const events = [];
    for (let day = 1; day <= 7; day += 1) events.push(await s.make({ start_date: `2026-02-0${day}T10:00:00Z` }));
    const { headers } = await userWithSession();
    const seen: number[] = [];
    for (const [page, size, total, hasMore] of [
      [1, 3, null, true],
      [2, 3, null, true],
      [3, 1, 7, false],
    ] as const) {
      const res = await list(`${s.q}&per_page=3&page=${page}`, headers);
      expect(res).toMatchObject({ current_page: page, per_page: 3, total, has_more: hasMore });
      expect(res.data).toHaveLength(size);
      seen.push(...res.data.map((e) => e.id));
    }
    expect(seen).toEqual(events.map((e) => e.id));
    // Past the end: nothing more, and no total (it was not counted).
    expect(await list(`${s.q}&per_page=3&page=4`, headers)).toMatchObject({ data: [], current_page: 4, total: null, has_more: false });
    // A full last page: has_more is false, and the total is known.
    expect(await list(`${s.q}&per_page=7&page=1`, headers)).toMatchObject({ total: 7, has_more: false });
    expect(await list(`${s.q}&per_page=3&page=2&order_by=start_date&order_dir=asc`)).toMatchObject({ total: null, has_more: true, current_page: 2 });
    expect(await list(`${s.q}&per_page=3&page=3&order_by=start_date&order_dir=asc`)).toMatchObject({ total: 7, has_more: false });
    expect((await list(`${s.q}&per_page=3&page=3&order_by=created_at`)).data).toHaveLength(1);
  });

  it('users: events created or joined (going or maybe) by those users', async () => {
    const s = await scope();
    const a = await buildUser(db, { name: 'Anna' });
    const c = await buildUser(db, { name: 'Carl' });
    const byA = await s.make({ user_id: a.id, start_date: '2026-02-01T10:00:00Z' });
    const aGoing = await s.make({ start_date: '2026-02-02T10:00:00Z' });
    await addResponse(db, aGoing.id, a.id, 'going');
    const aMaybe = await s.make({ start_date: '2026-02-03T10:00:00Z' });
    await addResponse(db, aMaybe.id, a.id, 'maybe');
    const aNo = await s.make({ start_date: '2026-02-04T10:00:00Z' });
    await addResponse(db, aNo.id, a.id, 'rejected');
    const byC = await s.make({ user_id: c.id, start_date: '2026-02-05T10:00:00Z' });
    await s.make({ start_date: '2026-02-06T10:00:00Z' });
    expect(await listIds(`${s.q}&users=${a.id}`)).toEqual([byA.id, aGoing.id, aMaybe.id]);
    expect(await listIds(`${s.q}&users=${a.id},${c.id}`)).toEqual([byA.id, aGoing.id, aMaybe.id, byC.id]);
    expect(await listIds(`${s.q}&users[]=${c.id}&users[]=${a.id}`)).toEqual([byA.id, aGoing.id, aMaybe.id, byC.id]);
  });

  it('group_id, and group_context for visitors', async () => {
    const owner = await buildUser(db);
    const g1 = await buildGroup(db, 'Climbers');
    const g2 = await buildGroup(db, 'Runners');
    const one = await buildEvent(db, { user_id: owner.id, group_id: g1.id });
    const two = await buildEvent(db, { user_id: owner.id, group_id: g2.id });
    await buildEvent(db, { user_id: owner.id });
    const { headers } = await userWithSession();
    expect(await listIds(`group_id=${g1.id}`, headers)).toEqual([one.id]);
    expect(await listIds(`group_id=${g2.id}`)).toEqual([two.id]);
    expect(await listIds(`group_context=${g1.id}`)).toEqual([one.id]);
    const page = await list(`group_id=${g1.id}`, headers);
    expect(page.data[0]).toMatchObject({ group_id: g1.id, group: { id: g1.id, name: 'Climbers' } });
  });

  it('search: name, description, venue and address, ignoring case and accents, tolerating typos', async () => {
    const s = await scope();
    const jazz = await s.make({ name: 'Jazz Festival in Gràcia', start_date: '2026-02-01T10:00:00Z' });
    const flamenco = await s.make({ name: 'Evening out', description: 'An evening of flamenco guitar', start_date: '2026-02-02T10:00:00Z' });
    const apolo = await s.make({ name: 'Gig', venue: 'Sala Apolo', start_date: '2026-02-03T10:00:00Z' });
    const street = await s.make({ name: 'Market', address: 'Carrer de Mallorca 401', start_date: '2026-02-04T10:00:00Z' });
    await s.make({ name: 'Board games', start_date: '2026-02-05T10:00:00Z' });
    const { headers } = await userWithSession();
    const search = (text: string, h?: Headers) => listIds(`${s.q}&search=${encodeURIComponent(text)}`, h);
    expect(await search('jazz', headers)).toEqual([jazz.id]);
    expect(await search('JAZZ')).toEqual([jazz.id]);
    expect(await search('gracia', headers)).toEqual([jazz.id]);
    expect(await search('GRÀCIA')).toEqual([jazz.id]);
    expect(await search('festval', headers)).toEqual([jazz.id]);
    expect(await search('jazz gracia', headers)).toEqual([jazz.id]);
    expect(await search('Flamenco', headers)).toEqual([flamenco.id]);
    expect(await search('apolo', headers)).toEqual([apolo.id]);
    expect(await search('mallorca', headers)).toEqual([street.id]);
    expect(await search('zyzzyva', headers)).toEqual([]);
    expect(await search('zyzzyva')).toEqual([]);
    expect(await search('100%_', headers)).toEqual([]);
  });

  it('with_users, with_doubt_users and with_friends limit the people; the counts stay whole; the viewer comes first', async () => {
    const s = await scope();
    const { user: viewer, headers } = await userWithSession({ name: 'Viewer' });
    const event = await s.make({});
    // The viewer answered first, so without the rule they would be listed last.
    await addResponse(db, event.id, viewer.id, 'going', { at: new Date('2026-01-01T00:00:00Z'), companions_amount: 2 });
    const going = [];
    for (let i = 0; i < 4; i += 1) {
      const u = await buildUser(db, { name: `Goer ${i}` });
      going.push(u);
      await addResponse(db, event.id, u.id, 'going', { at: new Date(`2026-01-0${i + 2}T00:00:00Z`) });
    }
    const maybes = [];
    for (let i = 0; i < 3; i += 1) {
      const u = await buildUser(db, { name: `Maybe ${i}` });
      maybes.push(u);
      await addResponse(db, event.id, u.id, 'maybe');
    }
    await addFriendship(db, viewer.id, going[0]!.id);
    await addFriendship(db, viewer.id, maybes[0]!.id);

    const [limited] = (await list(`${s.q}&with_users=2&with_doubt_users=1&with_friends=1`, headers)).data;
    expect(limited!.users).toHaveLength(2);
    expect(limited!.users[0]).toMatchObject({ id: viewer.id, companions_amount: 2 });
    expect(limited!.users_count).toBe(5);
    expect(limited!.attendees_count).toBe(7);
    expect(limited!.doubt_users).toHaveLength(1);
    expect(limited!.doubt_users_count).toBe(3);
    expect(limited!.friends).toHaveLength(1);
    expect(limited!.is_joined).toBe(true);

    const [wide] = (await list(`${s.q}&with_users=10&with_doubt_users=10&with_friends=20`, headers)).data;
    expect(wide!.users.map((u) => u.id)).toEqual([viewer.id, ...going.map((u) => u.id).reverse()]);
    expect(wide!.doubt_users).toHaveLength(3);
    expect(wide!.friends.map((f) => f.id).sort()).toEqual([going[0]!.id, maybes[0]!.id].sort());
    // People on lists are public users: no phone, no email.
    expect(Object.keys(wide!.users[0]!).sort()).toEqual(['avatar', 'avatar_m', 'avatar_s', 'companions_amount', 'id', 'name']);

    // Without with_* a list carries at most 10 people per relation.
    for (let i = 0; i < 8; i += 1) await addResponse(db, event.id, (await buildUser(db)).id, 'going');
    const [defaults] = (await list(s.q, headers)).data;
    expect(defaults!.users).toHaveLength(RELATION_LIMIT);
    expect(defaults!.users[0]!.id).toBe(viewer.id);
    expect(defaults!.users_count).toBe(13);

    // A visitor sees no friends list and is never first.
    const [anon] = (await list(`${s.q}&with_users=2`)).data;
    expect(anon!.friends).toEqual([]);
    expect(anon!.users).toHaveLength(2);
    expect(anon!.users_count).toBe(13);
  });

  it('the viewer comes first in doubt_users when maybe', async () => {
    const s = await scope();
    const { user: viewer, headers } = await userWithSession();
    const event = await s.make({});
    await addResponse(db, event.id, viewer.id, 'maybe', { at: new Date('2026-01-01T00:00:00Z') });
    for (let i = 0; i < 3; i += 1) await addResponse(db, event.id, (await buildUser(db)).id, 'maybe', { at: new Date(`2026-01-0${i + 2}T00:00:00Z`) });
    const [e] = (await list(`${s.q}&with_doubt_users=2`, headers)).data;
    expect(e!.doubt_users[0]!.id).toBe(viewer.id);
    expect(e!.is_maybe).toBe(true);
  });

  it.each([
    ['per_page=101', 'per_page'],
    ['per_page=0', 'per_page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['distance=abc', 'distance'],
    ['distance=-1', 'distance'],
    ['categories=x', 'categories'],
    ['categories=1,-2', 'categories'],
    ['users=bob', 'users'],
    ['preset=nope', 'preset'],
    ['order_by=popularity', 'order_by'],
    ['order_dir=up', 'order_dir'],
    ['tz=Mars/Base', 'tz'],
    ['start_date=tomorrow', 'start_date'],
    ['end_date=2026-02-30', 'end_date'],
    ['with_users=11', 'with_users'],
    ['with_friends=21', 'with_friends'],
    ['group_id=abc', 'group_id'],
    ['current_location[lat]=95&current_location[lng]=2', 'current_location.lat'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses %s with 422 and the field', async (query, field) => {
    const { headers } = await userWithSession();
    for (const res of [
      await app.inject({ method: 'GET', url: `/api/events?${query}`, headers }),
      await app.inject({ method: 'GET', url: `/api/events-na?${query}` }),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
  });
});

/* ------------------------------------------------------------------ the event page */

describe('GET /api/events/:ref and /api/events-no-auth/:ref', () => {
  it('opens an event by hash or by id, signed in or not', async () => {
    const event = await buildEvent(db, { name: 'By ref', lat: 41.1, lng: 2.1 });
    const { headers } = await userWithSession();
    for (const ref of [event.hash, String(event.id)]) {
      const signedIn = await app.inject({ method: 'GET', url: `/api/events/${ref}?full=true&no_comments=1`, headers });
      expect(signedIn.statusCode).toBe(200);
      expect(eventReplySchema.parse(signedIn.json()).data).toMatchObject({ id: event.id, hash: event.hash, name: 'By ref', address: '1 Test Street, Testville', lat: 41.1 });
      const visitor = await app.inject({ method: 'GET', url: `/api/events-no-auth/${ref}?full=true` });
      expect(visitor.statusCode).toBe(200);
      expect(eventReplySchema.parse(visitor.json()).data).toMatchObject({ id: event.id, hash: event.hash, address: null, lat: null, lng: null, url: null, is_location_hidden: true });
    }
  });

  it('the signed-in page needs a session', async () => {
    const event = await buildEvent(db);
    const res = await app.inject({ method: 'GET', url: `/api/events/${event.hash}` });
    expect(res.statusCode).toBe(401);
  });

  it.each(['Zzzzzzzzzz', '999999', 'not-a-ref!', '0', '1e3', 'abc'])('answers 404 for the unknown ref %s', async (ref) => {
    const { headers } = await userWithSession();
    expect((await app.inject({ method: 'GET', url: `/api/events/${encodeURIComponent(ref)}`, headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/events-no-auth/${encodeURIComponent(ref)}` })).statusCode).toBe(404);
  });

  it('counts a visit for visitors and other users, not for the owner; shows visits to the owner and moderators only', async () => {
    const { user: owner, headers: ownerHeaders } = await userWithSession();
    const { headers: otherHeaders } = await userWithSession();
    const { headers: modHeaders } = await userWithSession({ is_moderator: true });
    const event = await buildEvent(db, { user_id: owner.id });
    const visits = async () => (await storedEvent(event.id))!.visits;

    const visitor = await app.inject({ method: 'GET', url: `/api/events-no-auth/${event.hash}?full=true` });
    expect(visitor.json().data.visits).toBeNull();
    expect(await visits()).toBe(1);

    const other = await app.inject({ method: 'GET', url: `/api/events/${event.hash}?full=true&no_comments=1`, headers: otherHeaders });
    expect(other.json().data.visits).toBeNull();
    expect(await visits()).toBe(2);

    const own = await app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: ownerHeaders });
    expect(own.json().data.visits).toBe(2);
    expect(await visits()).toBe(2);

    const mod = await app.inject({ method: 'GET', url: `/api/events/${event.hash}`, headers: modHeaders });
    expect(mod.json().data.visits).toBe(3);
    expect(mod.json().data.can_manage).toBe(true);
    expect(mod.json().data.is_owner).toBe(false);
    expect(await visits()).toBe(3);

    // A page already open refreshing itself (live updates) is not another visit.
    const refreshed = await app.inject({ method: 'GET', url: `/api/events/${event.hash}?full=true&no_comments=1&no_visit=1`, headers: otherHeaders });
    expect(refreshed.statusCode).toBe(200);
    const refreshedByVisitor = await app.inject({ method: 'GET', url: `/api/events-no-auth/${event.hash}?full=true&no_visit=1` });
    expect(refreshedByVisitor.statusCode).toBe(200);
    expect(await visits()).toBe(3);

    // Lists never show visits to others either.
    const listed = await list(`users=${owner.id}`, otherHeaders);
    expect(listed.data[0]!.visits).toBeNull();
    expect((await list(`users=${owner.id}`, ownerHeaders)).data[0]!.visits).toBe(3);
  });
});

/* ------------------------------------------------------------------ create */

describe('POST /api/events/create', () => {
  it('creates an event; the owner is attending by default', async () => {
    const { user, headers } = await userWithSession({ name: 'Creator' });
    const event = await created(headers, body());
    expect(event).toMatchObject({
      name: 'Board games night',
      description: 'Bring snacks',
      start_date: '2026-03-01T18:00:00.000Z',
      end_date: '2026-03-01T22:00:00.000Z',
      location_type: 'in_person',
      address: 'Carrer Gran 1, Barcelona',
      venue: 'Casa Gran',
      lat: 41.4,
      lng: 2.17,
      visibility: 'public',
      is_public: true,
      is_private: false,
      allow_whatsapp: true,
      user_id: user.id,
      creator: { id: user.id, name: 'Creator' },
      categories: [
        { id: 1, slug: 'music', name: 'Music' },
        { id: 3, slug: 'food_drink', name: 'Food & drink' },
      ],
      users: [{ id: user.id, companions_amount: 0 }],
      users_count: 1,
      attendees_count: 1,
      is_joined: true,
      author_attending: true,
      is_owner: true,
      can_manage: true,
      visits: 0,
      image: null,
      m_image: null,
      deleted_by_moderator: false,
      clone_id: null,
      created_at: '2026-01-15T10:00:00.000Z',
    });
    expect(event.hash).toMatch(/^[A-Za-z][A-Za-z0-9]{9}$/);
    const row = await storedEvent(event.id);
    expect(row).toMatchObject({ user_id: user.id, name: 'Board games night', visibility: 'public', hash: event.hash });
    expect(row!.start_date.toISOString()).toBe('2026-03-01T18:00:00.000Z');
    expect(await count('event_categories', event.id)).toBe(2);
  });

  it('needs a session', async () => {
    const res = await create({}, body());
    expect(res.statusCode).toBe(401);
  });

  it('stores private, friends, paid and virtual events as sent', async () => {
    const { headers } = await userWithSession();
    expect(await created(headers, body({ is_private: true }))).toMatchObject({ visibility: 'private', is_private: true, is_public: false });
    expect(await created(headers, body({ is_friends: 1 }))).toMatchObject({ visibility: 'friends', is_friends: true });
    // Prices in minor units of the currency (decision 0027): $12.50 is 1250.
    expect(await created(headers, body({ price: 1250, currency: 'USD', ticket_name: 'Entry' }))).toMatchObject({
      price: 1250,
      currency: 'USD',
      is_paid: true,
      ticket_name: 'Entry',
      pricing_mode: 'single',
      price_range: { min: 1250, max: 1250, currency: 'USD' },
    });
    expect(await created(headers, body({ price: 1200, currency: 'JPY' }))).toMatchObject({ price: 1200, currency: 'JPY', ticket_name: 'General Admission' });
    const virtual = await created(headers, body({ location_type: 'virtual', url: 'https://meet.example.com/abc', address: 'ignored', lat: 1, lng: 1 }));
    expect(virtual).toMatchObject({ location_type: 'virtual', url: 'https://meet.example.com/abc', address: '', lat: null, lng: null });
    expect(await created(headers, body({ allow_whatsapp: false }))).toMatchObject({ allow_whatsapp: false });
  });

  it.each(['png', 'jpeg', 'gif'] as const)('stores a %s picture as image (1200 px) and m_image (600 px), served as WebP', async (format) => {
    const { user, headers } = await userWithSession();
    const extension = format === 'jpeg' ? 'jpg' : format;
    const event = await created(headers, body({ base64: await testImage(format, 1600, 900), extension }));
    expect(event.image).toMatch(new RegExp(`^/media/events/${user.id}/[A-Za-z0-9_-]+-l\\.webp$`));
    expect(event.m_image).toMatch(new RegExp(`^/media/events/${user.id}/[A-Za-z0-9_-]+-m\\.webp$`));
    for (const [url, width] of [
      [event.image!, 1200],
      [event.m_image!, 600],
    ] as const) {
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }
  });

  it('never enlarges a small picture', async () => {
    const { headers } = await userWithSession();
    const event = await created(headers, body({ base64: await testImage('png', 400, 300), extension: 'png' }));
    const served = await app.inject({ method: 'GET', url: event.image! });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);
  });

  it('refuses a .png that holds HTML with 415 on base64 and stores nothing', async () => {
    const { user, headers } = await userWithSession();
    const before = await mediaFiles(ctx.dataDir);
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>').toString('base64');
    const res = await create(headers, body({ base64: html, extension: 'png' }));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
    expect(res.json().error.fields).toEqual({ base64: expect.any(String) });
    expect(res.json().additional).toEqual({ base64: expect.any(String) });
    expect(await mediaFiles(ctx.dataDir)).toEqual(before);
    expect(await db.selectFrom('events').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('I am attending with companions: the owner is listed with companions_amount; attendees count them', async () => {
    const { user, headers } = await userWithSession();
    const a = await buildCompanion(db, user.id, 'Ann');
    const b = await buildCompanion(db, user.id, 'Ben');
    const event = await created(headers, body({ is_attending: true, companions: [b.id, a.id] }));
    expect(event.users).toEqual([expect.objectContaining({ id: user.id, companions_amount: 2 })]);
    expect(event).toMatchObject({ users_count: 1, attendees_count: 3, is_joined: true, author_attending: true });
    expect(event.author_companions).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await count('event_user_companions', event.id)).toBe(2);
  });

  it('refuses someone else’s companion with 422 on companions and stores nothing', async () => {
    const { user, headers } = await userWithSession();
    const other = await buildUser(db);
    const theirs = await buildCompanion(db, other.id);
    const mine = await buildCompanion(db, user.id);
    const res = await create(headers, body({ is_attending: true, companions: [mine.id, theirs.id] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ companions: 'Companion not found' });
    expect(await db.selectFrom('events').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('author_attending and author_companions are sent to the owner only', async () => {
    const { user, headers } = await userWithSession();
    const companion = await buildCompanion(db, user.id);
    const event = await created(headers, body({ is_attending: true, companions: [companion.id] }));
    expect(event).toMatchObject({ author_attending: true, author_companions: [companion.id] });
    const { headers: otherHeaders } = await userWithSession();
    const { headers: modHeaders } = await userWithSession({ is_moderator: true });
    for (const res of [
      await app.inject({ method: 'GET', url: `/api/events/${event.hash}`, headers: otherHeaders }),
      await app.inject({ method: 'GET', url: `/api/events/${event.hash}`, headers: modHeaders }),
      await app.inject({ method: 'GET', url: `/api/events-no-auth/${event.hash}` }),
    ]) {
      expect(res.json().data).toMatchObject({ author_attending: false, author_companions: [], users: [{ id: user.id, companions_amount: 1 }] });
    }
  });

  it('is_attending false: the owner is not on the list', async () => {
    const { headers } = await userWithSession();
    const event = await created(headers, body({ is_attending: false }));
    expect(event).toMatchObject({ users: [], users_count: 0, attendees_count: 0, is_joined: false, author_attending: false });
    expect(await count('event_users', event.id)).toBe(0);
  });
});

/* ------------------------------------------------------------------ clone */

describe('clone (POST /api/events/create with clone_id)', () => {
  it('clone_id with user_ownership gives the copy to another user, with its own copy of the picture', async () => {
    const { user, headers } = await userWithSession();
    const newOwner = await buildUser(db, { name: 'New Owner' });
    const source = await created(headers, body({ name: 'Original', base64: await testImage('png', 800, 400), extension: 'png' }));
    expect(source.user_id).toBe(user.id);
    const copy = await created(headers, body({ name: 'Original (copy)', clone_id: source.id, user_ownership: newOwner.id }));
    expect(copy).toMatchObject({ name: 'Original (copy)', user_id: newOwner.id, creator: { id: newOwner.id, name: 'New Owner' }, clone_id: source.id, is_owner: false });
    // 'I am attending' is the caller's own answer: it does not apply to an event someone else owns.
    expect(copy.users).toEqual([]);
    expect(copy.image).toMatch(new RegExp(`^/media/events/${newOwner.id}/`));
    expect(copy.image).not.toBe(source.image);
    expect(copy.m_image).not.toBe(source.m_image);
    expect(await mediaExists(ctx.dataDir, copy.image!)).toBe(true);

    const removed = await app.inject({ method: 'DELETE', url: `/api/events/${source.id}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(await mediaExists(ctx.dataDir, source.image!)).toBe(false);
    expect(await mediaExists(ctx.dataDir, source.m_image!)).toBe(false);
    for (const url of [copy.image!, copy.m_image!]) {
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
    expect(await storedEvent(copy.id)).toMatchObject({ user_id: newOwner.id, clone_id: null });
  });

  it('a clone without user_ownership belongs to the caller; a new picture replaces the copied one', async () => {
    const { user, headers } = await userWithSession();
    const source = await created(headers, body({ base64: await testImage('png'), extension: 'png' }));
    const copy = await created(headers, body({ clone_id: source.id, base64: await testImage('gif'), extension: 'gif' }));
    expect(copy).toMatchObject({ user_id: user.id, clone_id: source.id, is_owner: true, users: [expect.objectContaining({ id: user.id })] });
    expect(copy.image).not.toBe(source.image);
    expect(await mediaExists(ctx.dataDir, copy.image!)).toBe(true);
    expect(await mediaExists(ctx.dataDir, source.image!)).toBe(true);
  });

  it('a moderator may clone anyone’s event', async () => {
    const { headers } = await userWithSession({ is_moderator: true });
    const source = await buildEvent(db, { visibility: 'private' });
    const copy = await created(headers, body({ clone_id: source.id }));
    expect(copy.clone_id).toBe(source.id);
  });

  it('refuses clone_id of an event the caller does not manage (403) or cannot see (422 on clone_id)', async () => {
    const { user, headers } = await userWithSession();
    const visible = await buildEvent(db, { visibility: 'public' });
    const hidden = await buildEvent(db, { visibility: 'private' });
    const forbidden = await create(headers, body({ clone_id: visible.id }));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden');
    const unseen = await create(headers, body({ clone_id: hidden.id }));
    expect(unseen.statusCode).toBe(422);
    expect(unseen.json().error.fields).toEqual({ clone_id: 'Event not found' });
    const missing = await create(headers, body({ clone_id: 2_000_000 }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields).toEqual({ clone_id: 'Event not found' });
    expect(await db.selectFrom('events').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('refuses user_ownership without clone_id, and an unknown new owner', async () => {
    const { user, headers } = await userWithSession();
    const other = await buildUser(db);
    const res = await create(headers, body({ user_ownership: other.id }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toEqual(['user_ownership']);
    const source = await buildEvent(db, { user_id: user.id });
    const unknown = await create(headers, body({ clone_id: source.id, user_ownership: 2_000_000 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields).toEqual({ user_ownership: 'User not found' });
    expect(await db.selectFrom('events').select('id').where('user_id', 'in', [user.id, other.id]).execute()).toEqual([{ id: source.id }]);
  });
});

/* ------------------------------------------------------------------ update */

describe('PUT /api/events/:id', () => {
  it('changes the fields', async () => {
    const { user, headers } = await userWithSession();
    const event = await created(headers, body());
    const res = await update(
      headers,
      event.id,
      body({
        name: 'Renamed',
        description: 'New text',
        start_date: '2026-04-02 19:30:00',
        end_date: '2026-04-02 23:00:00',
        address: 'Other street 2',
        venue: 'Other venue',
        lat: 40.1,
        lng: -3.5,
        is_private: true,
        min: 2,
        max: 20,
        categories: [5],
        allow_whatsapp: false,
        price: 900,
        currency: 'GBP',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const changed = eventReplySchema.parse(res.json()).data;
    expect(changed).toMatchObject({
      id: event.id,
      hash: event.hash,
      name: 'Renamed',
      description: 'New text',
      start_date: '2026-04-02T19:30:00.000Z',
      end_date: '2026-04-02T23:00:00.000Z',
      address: 'Other street 2',
      venue: 'Other venue',
      lat: 40.1,
      lng: -3.5,
      visibility: 'private',
      min: 2,
      max: 20,
      categories: [{ id: 5, slug: 'outdoors', name: 'Outdoors' }],
      allow_whatsapp: false,
      price: 900,
      currency: 'GBP',
      user_id: user.id,
    });
    const again = await app.inject({ method: 'GET', url: `/api/events/${event.hash}`, headers });
    expect(again.json().data).toMatchObject({ name: 'Renamed', visibility: 'private', categories: [{ id: 5 }] });
    expect(await storedEvent(event.id)).toMatchObject({ name: 'Renamed', visibility: 'private', min: 2, max: 20, currency: 'GBP', payment_mode: 'own' });
    const types = await db.selectFrom('event_ticket_types').select(['name', 'price', 'currency']).where('event_id', '=', event.id).execute();
    expect(types).toEqual([{ name: 'General Admission', price: 900, currency: 'GBP' }]);
  });

  it('replacing the picture deletes the old files; remove_image deletes the picture', async () => {
    const { headers } = await userWithSession();
    const event = await created(headers, body({ base64: await testImage('png'), extension: 'png' }));
    const first = { image: event.image!, m_image: event.m_image! };
    expect(await mediaExists(ctx.dataDir, first.image)).toBe(true);

    const replaced = await update(headers, event.id, body({ base64: await testImage('jpeg'), extension: 'jpeg' }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = replaced.json().data as Event;
    expect(second.image).not.toBe(first.image);
    expect(await mediaExists(ctx.dataDir, first.image)).toBe(false);
    expect(await mediaExists(ctx.dataDir, first.m_image)).toBe(false);
    expect(await mediaExists(ctx.dataDir, second.image!)).toBe(true);
    expect(await mediaExists(ctx.dataDir, second.m_image!)).toBe(true);

    const kept = await update(headers, event.id, body({ name: 'Same picture' }));
    expect(kept.json().data).toMatchObject({ image: second.image, m_image: second.m_image });
    expect(await mediaExists(ctx.dataDir, second.image!)).toBe(true);

    const removed = await update(headers, event.id, body({ remove_image: true }));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ image: null, m_image: null });
    expect(await mediaExists(ctx.dataDir, second.image!)).toBe(false);
    expect(await mediaExists(ctx.dataDir, second.m_image!)).toBe(false);
    expect(await storedEvent(event.id)).toMatchObject({ image: null, m_image: null });
  });

  it('is_attending and companions change the owner’s own answer', async () => {
    const { user, headers } = await userWithSession();
    const companion = await buildCompanion(db, user.id);
    const event = await created(headers, body());
    const withCompanion = await update(headers, event.id, body({ is_attending: true, companions: [companion.id] }));
    expect(withCompanion.json().data).toMatchObject({ users: [{ id: user.id, companions_amount: 1 }], attendees_count: 2, author_companions: [companion.id] });
    const notGoing = await update(headers, event.id, body({ is_attending: false }));
    expect(notGoing.json().data).toMatchObject({ users: [], users_count: 0, author_attending: false });
  });

  it('answers 404 for an unknown event and 401 without a session', async () => {
    const { headers } = await userWithSession();
    expect((await update(headers, 2_000_000, body())).statusCode).toBe(404);
    const event = await buildEvent(db);
    expect((await update({}, event.id, body())).statusCode).toBe(401);
  });
});

/* ------------------------------------------------------------------ delete */

describe('DELETE /api/events/:id', () => {
  it('the owner deletes the event with its responses, likes, categories and picture', async () => {
    const { user, headers } = await userWithSession();
    const companion = await buildCompanion(db, user.id);
    const event = await created(headers, body({ base64: await testImage('png'), extension: 'png', companions: [companion.id] }));
    const fan = await buildUser(db);
    await addResponse(db, event.id, fan.id, 'maybe');
    await addLike(db, event.id, fan.id);
    expect(await count('event_users', event.id)).toBe(2);

    const res = await app.inject({ method: 'DELETE', url: `/api/events/${event.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    expect(await storedEvent(event.id)).toBeUndefined();
    for (const table of ['event_users', 'event_likes', 'event_categories', 'event_user_companions'] as const) expect(await count(table, event.id)).toBe(0);
    expect(await mediaExists(ctx.dataDir, event.image!)).toBe(false);
    expect(await mediaExists(ctx.dataDir, event.m_image!)).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.hash}`, headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/events/${event.id}`, headers })).statusCode).toBe(404);
  });
});

describe('DELETE /api/events/moderator/:id', () => {
  it('flags the event: it leaves every list, its page still opens with the flag, and later edits and likes are refused', async () => {
    const s = await scope();
    const { user: owner, headers: ownerHeaders } = await userWithSession();
    const { user: moderator, headers: modHeaders } = await userWithSession({ is_moderator: true });
    const event = await s.make({ user_id: owner.id, name: 'Flagged fiesta', lat: 12.5, lng: 12.5 });
    const loc = `distance=10&current_location[lat]=12.5&current_location[lng]=12.5`;
    expect(await listIds(s.q, ownerHeaders)).toEqual([event.id]);

    const res = await app.inject({ method: 'DELETE', url: `/api/events/moderator/${event.id}`, headers: modHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    const row = await storedEvent(event.id);
    expect(row!.deleted_by_moderator_at).toEqual(clock.now());
    expect(row!.deleted_by_moderator_id).toBe(moderator.id);

    for (const headers of [ownerHeaders, modHeaders, undefined]) {
      expect(await listIds(s.q, headers)).toEqual([]);
      expect(await listIds(`${s.q}&search=fiesta`, headers)).toEqual([]);
      expect(await listIds(`${s.q}&${loc}`, headers)).toEqual([]);
      expect(await listIds(`users=${owner.id}&order_by=start_date`, headers)).toEqual([]);
    }
    const page = await app.inject({ method: 'GET', url: `/api/events/${event.hash}`, headers: ownerHeaders });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.deleted_by_moderator).toBe(true);
    const visitorPage = await app.inject({ method: 'GET', url: `/api/events-no-auth/${event.hash}` });
    expect(visitorPage.statusCode).toBe(200);
    expect(visitorPage.json().data.deleted_by_moderator).toBe(true);

    for (const headers of [ownerHeaders, modHeaders]) {
      const edit = await update(headers, event.id, body());
      expect(edit.statusCode).toBe(409);
      expect(edit.json().error.code).toBe('conflict');
      const like = await app.inject({ method: 'POST', url: `/api/events/${event.id}/like`, headers });
      expect(like.statusCode).toBe(409);
    }
    expect(await storedEvent(event.id)).toMatchObject({ name: 'Flagged fiesta', likes_count: 0 });
    // Flagging twice is harmless.
    expect((await app.inject({ method: 'DELETE', url: `/api/events/moderator/${event.id}`, headers: modHeaders })).statusCode).toBe(200);
  });

  it('is for moderators only', async () => {
    const { user, headers } = await userWithSession();
    const event = await buildEvent(db, { user_id: user.id });
    const res = await app.inject({ method: 'DELETE', url: `/api/events/moderator/${event.id}`, headers });
    expect(res.statusCode).toBe(403);
    expect((await storedEvent(event.id))!.deleted_by_moderator_at).toBeNull();
    const { headers: modHeaders } = await userWithSession({ is_moderator: true });
    expect((await app.inject({ method: 'DELETE', url: `/api/events/moderator/2000000`, headers: modHeaders })).statusCode).toBe(404);
  });
});

/* ------------------------------------------------------------------ ownership */

describe('POST /api/events/:id/ownership', () => {
  it('a moderator gives the event to another user', async () => {
    const { user: owner, headers: ownerHeaders } = await userWithSession();
    const { headers: modHeaders } = await userWithSession({ is_moderator: true });
    const { user: next, headers: nextHeaders } = await userWithSession({ name: 'Next Owner' });
    const event = await buildEvent(db, { user_id: owner.id });
    const res = await app.inject({ method: 'POST', url: `/api/events/${event.id}/ownership`, headers: modHeaders, payload: { user_id: next.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(eventReplySchema.parse(res.json()).data).toMatchObject({ id: event.id, user_id: next.id, creator: { id: next.id, name: 'Next Owner' }, is_owner: false, can_manage: true });
    expect(await storedEvent(event.id)).toMatchObject({ user_id: next.id });
    expect((await update(nextHeaders, event.id, body({ name: 'Mine now' }))).statusCode).toBe(200);
    expect((await update(ownerHeaders, event.id, body({ name: 'Still mine?' }))).statusCode).toBe(403);
  });

  it('is refused to others (403) and for an unknown user (422 on user_id)', async () => {
    const { user: owner, headers: ownerHeaders } = await userWithSession();
    const { headers: modHeaders } = await userWithSession({ is_moderator: true });
    const other = await buildUser(db);
    const event = await buildEvent(db, { user_id: owner.id });
    const own = await app.inject({ method: 'POST', url: `/api/events/${event.id}/ownership`, headers: ownerHeaders, payload: { user_id: other.id } });
    expect(own.statusCode).toBe(403);
    const unknown = await app.inject({ method: 'POST', url: `/api/events/${event.id}/ownership`, headers: modHeaders, payload: { user_id: 2_000_000 } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields).toEqual({ user_id: 'User not found' });
    const bad = await app.inject({ method: 'POST', url: `/api/events/${event.id}/ownership`, headers: modHeaders, payload: { user_id: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(await storedEvent(event.id)).toMatchObject({ user_id: owner.id });
  });
});

/* ------------------------------------------------------------------ like */

describe('POST /api/events/:id/like', () => {
  it('toggles; likes_count and is_liked follow', async () => {
    const { user, headers } = await userWithSession();
    const event = await buildEvent(db);
    const like = () => app.inject({ method: 'POST', url: `/api/events/${event.id}/like`, headers });
    const page = async () => (await app.inject({ method: 'GET', url: `/api/events/${event.hash}`, headers })).json().data as Event;

    const first = await like();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: true });
    expect(await page()).toMatchObject({ is_liked: true, likes_count: 1 });
    expect(await db.selectFrom('event_likes').select('user_id').where('event_id', '=', event.id).execute()).toEqual([{ user_id: user.id }]);

    expect((await like()).json()).toEqual({ data: false });
    expect(await page()).toMatchObject({ is_liked: false, likes_count: 0 });
    expect((await like()).json()).toEqual({ data: true });
    expect((await app.inject({ method: 'POST', url: `/api/events/${event.id}/like` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/events/2000000/like', headers })).statusCode).toBe(404);
  });

  it('ten people liking at once end at exactly ten', async () => {
    const event = await buildEvent(db);
    const sessions = await Promise.all(Array.from({ length: 10 }, () => userWithSession()));
    const replies = await Promise.all(sessions.map(({ headers }) => app.inject({ method: 'POST', url: `/api/events/${event.id}/like`, headers })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(replies.map((r) => r.json().data)).toEqual(Array(10).fill(true));
    expect((await storedEvent(event.id))!.likes_count).toBe(10);
    expect(await count('event_likes', event.id)).toBe(10);
  });
});

/* ------------------------------------------------------------------ lookups */

describe('GET /api/categories', () => {
  it('lists the 12 seeded categories in order, to anyone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const { data } = categoryListReplySchema.parse(res.json());
    expect(data.map((c) => c.slug)).toEqual(['music', 'party', 'food_drink', 'sports', 'outdoors', 'arts', 'family', 'learning', 'tech', 'business', 'wellness', 'community']);
    expect(data[0]).toEqual({ id: 1, slug: 'music', name: 'Music' });
    const { headers } = await userWithSession();
    expect((await app.inject({ method: 'GET', url: '/api/categories', headers })).json()).toEqual(res.json());
  });
});

describe('GET /api/users/search', () => {
  it('needs a session and more than two characters', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/users/search?name=jose' })).statusCode).toBe(401);
    const { headers } = await userWithSession();
    const short = await app.inject({ method: 'GET', url: '/api/users/search?name=jo', headers });
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().error.fields)).toEqual(['name']);
    expect((await app.inject({ method: 'GET', url: `/api/users/search?name=${encodeURIComponent('  jo  ')}`, headers })).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/users/search?name=jos', headers })).statusCode).toBe(200);
  });

  it('finds people ignoring case and accents, and never sends a phone or an email', async () => {
    const jose = await buildUser(db, { name: 'José Martínez', email: 'jose@example.com' });
    const other = await buildUser(db, { name: 'Zoltan Quibble', email: 'zq@example.com' });
    const { headers } = await userWithSession();
    for (const text of ['jose', 'JOSE', 'José', 'martinez', 'MARTÍNEZ']) {
      const res = await app.inject({ method: 'GET', url: `/api/users/search?name=${encodeURIComponent(text)}`, headers });
      expect(res.statusCode).toBe(200);
      const people = res.json().data.data as { id: number }[];
      expect(people.map((p) => p.id)).toContain(jose.id);
      expect(people.map((p) => p.id)).not.toContain(other.id);
      expect(res.body).not.toContain(jose.phone!);
      expect(res.body).not.toContain('jose@example.com');
      for (const p of people) expect(Object.keys(p).sort()).toEqual(['avatar', 'avatar_m', 'avatar_s', 'id', 'name']);
    }
  });
});

describe('visitor list cache (EVENTS_NA_CACHE_MS)', async () => {
  const cached = await createTestApp({ env: { EVENTS_NA_CACHE_MS: '3000', RATE_LIMIT_MAX: '1000000' } });

  it('answers the same question from memory until a write or the time runs out', async () => {
    const owner = await buildUser(cached.db);
    const { headers } = await signIn(cached, owner.id);
    const names = async () =>
      ((await cached.app.inject({ method: 'GET', url: '/api/events-na' })).json().data.data as { name: string }[]).map((e) => e.name);
    const first = await buildEvent(cached.db, { user_id: owner.id, name: 'Cached one' });
    expect(await names()).toEqual(['Cached one']);
    // Written behind the API's back: the cached answer stands for up to 3 s.
    await buildEvent(cached.db, { user_id: owner.id, name: 'Cached two', start_date: new Date(new Date(first.start_date).getTime() + 3600_000) });
    expect(await names()).toEqual(['Cached one']);
    cached.clock.advance(3000);
    expect(await names()).toEqual(['Cached one', 'Cached two']);
    // A write through the API clears it at once.
    const like = await cached.app.inject({ method: 'POST', url: `/api/events/${first.id}/like`, headers });
    expect(like.json()).toEqual({ data: true });
    const res = await cached.app.inject({ method: 'GET', url: '/api/events-na' });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().data.data[0]).toMatchObject({ name: 'Cached one', likes_count: 1, address: null });
  });
});

describe('organizers and attendee invites', () => {
  it('lists co-organisers for everyone who sees the event, invitees only for the owner and moderators', async () => {
    const owner = await buildUser(db, { name: 'Olga Owner' });
    const helper = await buildUser(db, { name: 'Hugo Helper' });
    const guest = await buildUser(db, { name: 'Gina Guest' });
    const stranger = await buildUser(db, { name: 'Sam Stranger' });
    const moderator = await buildUser(db, { name: 'Mona Moderator' });
    await db.updateTable('users').set({ is_moderator: true }).where('id', '=', moderator.id).execute();
    const event = await buildEvent(db, { user_id: owner.id, name: 'Organised together' });
    await addOrganizer(db, event.id, helper.id);
    await addInvite(db, event.id, guest.id, owner.id);

    const page = async (userId: number) => (await app.inject({ method: 'GET', url: `/api/events/${event.hash}?full=true`, headers: (await signIn(ctx, userId)).headers })).json().data;
    const asOwner = await page(owner.id);
    expect(asOwner.organizers.map((u: { name: string }) => u.name)).toEqual(['Hugo Helper']);
    expect(asOwner.attendee_invites.map((u: { name: string }) => u.name)).toEqual(['Gina Guest']);
    expect((await page(moderator.id)).attendee_invites).toHaveLength(1);
    const asStranger = await page(stranger.id);
    expect(asStranger.organizers).toHaveLength(1);
    expect(asStranger.attendee_invites).toEqual([]);
    expect(JSON.stringify(asStranger.organizers)).not.toContain('phone');

    // Lists carry them only when asked (with_organizers, with_attendee_invites).
    const { headers } = await signIn(ctx, owner.id);
    const list = async (query: string) =>
      ((await app.inject({ method: 'GET', url: `/api/events?users=${owner.id}${query}`, headers })).json().data.data as { organizers: unknown[]; attendee_invites: unknown[] }[])[0]!;
    expect(await list('')).toMatchObject({ organizers: [], attendee_invites: [] });
    const asked = await list('&with_organizers=10&with_attendee_invites=10');
    expect(asked.organizers).toHaveLength(1);
    expect(asked.attendee_invites).toHaveLength(1);
  });
});
