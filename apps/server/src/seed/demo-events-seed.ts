import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import { inTransaction, type Tx } from '../db/database.ts';
import type { EventsTable } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { CURRENCY_EXPONENT } from '@planns/shared/money/money.rules';
import { DEFAULT_TICKET_NAME } from '@planns/shared/tickets/tickets.rules';
import { storeEventImage } from '../modules/events/event-image.ts';
import { DEMO_CITY_DATA, distanceKm, type DemoArea, type DemoCityData } from './demo-cities.ts';
import { renderCategoryImages } from './demo-event-images.ts';
import { DEMO_EVENTS, DEMO_FRIENDS, DEMO_GROUP_MEMBERS, type DemoEventTemplate, type DemoGroup } from './demo-events-catalog.ts';
import { resolveStart } from './demo-schedule.ts';
import { DEMO_USERS } from './demo-seed.ts';
import { insertDemoNotifications, insertDemoPeopleLinks, pickNote, planDemoComments, type DemoActivity } from './demo-social-seed.ts';
import { seededRandom, type SeededRandom } from './seeded-random.ts';

/** Held for the seeding transaction: two servers starting on one database seed once. */
const LOCK_ID = 727_003;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Areas nearer than this count as "inner" (the 'Close to you' tile is under 5 km). */
const INNER_KM = 5;

const HASH_FIRST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HASH_REST = `${HASH_FIRST}0123456789`;

/** The unguessable share hash: a letter, then nine letters or digits. */
export function newEventHash(): string {
  let hash = HASH_FIRST[crypto.randomInt(HASH_FIRST.length)]!;
  for (let i = 0; i < 9; i++) hash += HASH_REST[crypto.randomInt(HASH_REST.length)]!;
  return hash;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A price in euros as the city's own round amount, in minor units of its currency (decision 0027). */
function localPrice(euros: number, city: DemoCityData): number {
  const { rate, step } = city.price;
  return Math.max(step, Math.round((euros * rate) / step) * step) * 10 ** CURRENCY_EXPONENT[city.currency];
}

/**
 * The ticket types of a paid demo event: one 'General Admission' price for most; the dearer ones
 * (30 euros and more) sell standard and VIP tickets, the dearest an early-bird allotment too.
 */
function demoTicketTypes(euros: number | undefined, max: number | null, city: DemoCityData): PlannedEvent['ticketTypes'] {
  if (euros === undefined) return [];
  if (euros < 30) return [{ name: DEFAULT_TICKET_NAME, price: localPrice(euros, city), quantity: null }];
  const types = [
    { name: 'Standard', price: localPrice(euros, city), quantity: null },
    { name: 'VIP', price: localPrice(euros * 2, city), quantity: max ? Math.max(2, Math.round(max / 10)) : 10 },
  ];
  if (euros >= 60) types.unshift({ name: 'Early bird', price: localPrice(euros * 0.8, city), quantity: max ? Math.max(2, Math.round(max / 5)) : 20 });
  return types;
}

/** Cycles through a list of areas, so consecutive events land in different places. */
function areaCycler(areas: readonly DemoArea[]) {
  let i = 0;
  return () => areas[i++ % areas.length]!;
}

/** Events nearer the centre than this are moved out to it (the spread starts at 0.3 km). */
const MIN_KM = 0.5;

/** A point a little around the area's centre (up to about 200 m), so no two events share one. */
function placeAround(area: DemoArea, centre: { lat: number; lng: number }, r: SeededRandom): { lat: number; lng: number } {
  const point = {
    lat: area.lat + (r.next() - 0.5) * 0.0036,
    lng: area.lng + ((r.next() - 0.5) * 0.0036) / Math.cos((area.lat * Math.PI) / 180),
  };
  const km = distanceKm(centre, point);
  if (km >= MIN_KM) return point;
  const scale = km > 0 ? MIN_KM / km : 1;
  return { lat: centre.lat + (point.lat - centre.lat) * scale, lng: centre.lng + (point.lng - centre.lng) * scale + (km > 0 ? 0 : 0.01) };
}

interface PlannedEvent {
  template: DemoEventTemplate;
  row: Insertable<EventsTable>;
  /** Prices in minor units of the city's currency; [] for a free event. */
  ticketTypes: { name: string; price: number; quantity: number | null }[];
  categorySlugs: readonly string[];
  responses: { user: number; status: 'going' | 'maybe'; companions: number }[];
  likes: number[];
  invites: number[];
  organizers: number[];
}

/**
 * Turns the catalogue into rows for one city and clock. Pure apart from the hashes; owners and
 * other people are indexes into DEMO_USERS, mapped to ids at insert time.
 */
export function planDemoEvents(cityKey: keyof typeof DEMO_CITY_DATA, now: Date, r: SeededRandom = seededRandom(20260115)): PlannedEvent[] {
  const city = DEMO_CITY_DATA[cityKey];
  const byDistance = city.areas.map((area) => ({ area, km: distanceKm(city, area) }));
  const inner = areaCycler(byDistance.filter((a) => a.km < INNER_KM).map((a) => a.area));
  // Farthest, nearest, second farthest...: every band of the distance slider gets events.
  const outerAreas = byDistance.filter((a) => a.km >= INNER_KM && a.km <= 30).sort((a, b) => a.km - b.km);
  const outer = areaCycler(outerAreas.map((_, i) => outerAreas[i % 2 === 0 ? outerAreas.length - 1 - i / 2 : (i - 1) / 2]!.area));
  const friendsOf = (u: number) => DEMO_FRIENDS.flatMap(([a, b]) => (a === u ? [b] : b === u ? [a] : []));
  let slot = 0;

  return DEMO_EVENTS.map((t): PlannedEvent => {
    const pinned = ('weekend' in t.when && t.when.weekend === 'this') || ('day' in t.when && t.when.day === 0);
    const start = resolveStart(t.when, now, city.timeZone, pinned ? slot++ % 4 : 0);
    const end = t.hours ? new Date(start.getTime() + t.hours * HOUR) : null;
    const area = t.place === 'inner' ? inner() : t.place === 'outer' ? outer() : null;
    const values = { area: area?.name ?? city.label, city: city.label, runners: city.groups.runners, books: city.groups.books };
    const point = area ? placeAround(area, city, r) : null;
    const lat = point?.lat ?? null;
    const lng = point?.lng ?? null;
    const address = area ? city.formatAddress(r.pick(area.streets), r.int(1, 120), area) : '';
    const isPast = (end ?? start).getTime() < now.getTime();
    const created = isPast ? new Date(start.getTime() - r.int(3, 20) * DAY) : new Date(now.getTime() - r.int(1, 25) * DAY - r.int(0, 23) * HOUR);

    // Who may see it decides who could have answered or liked it.
    const invites = [...(t.invite ?? [])];
    const audience =
      t.visibility === 'private'
        ? invites
        : t.group
          ? DEMO_GROUP_MEMBERS[t.group].filter((u) => u !== t.owner)
          : t.visibility === 'friends'
            ? [...new Set([...friendsOf(t.owner), ...invites])]
            : DEMO_USERS.map((_, i) => i).filter((u) => u !== t.owner);
    const responses: PlannedEvent['responses'] = [];
    // The owner is going to most of their events, some with companions.
    if (r.chance(0.88)) responses.push({ user: t.owner, status: 'going', companions: r.chance(0.3) ? r.int(1, 2) : 0 });
    for (const user of audience) {
      const roll = r.next();
      const going = t.visibility === 'private' ? 0.8 : t.hot ? 0.75 : isPast ? 0.6 : 0.45;
      if (roll < going) responses.push({ user, status: 'going', companions: r.chance(0.15) ? 1 : 0 });
      else if (roll < going + 0.2) responses.push({ user, status: 'maybe', companions: 0 });
    }
    const likes = audience.filter(() => r.chance(t.hot ? 0.8 : 0.3));
    const visits = t.hot ? r.int(400, 1600) : isPast ? r.int(40, 400) : r.int(3, 180);
    const ticketTypes = demoTicketTypes(t.price, t.max ?? null, city);

    return {
      template: t,
      ticketTypes,
      categorySlugs: t.categories,
      responses,
      likes,
      invites,
      organizers: [...(t.organizers ?? [])],
      row: {
        hash: newEventHash(),
        user_id: t.owner, // replaced by the real id
        name: fill(t.name, values),
        description: fill(t.description, values),
        start_date: start,
        end_date: end,
        location_type: t.place === 'virtual' ? 'virtual' : 'in_person',
        address,
        venue: fill(t.venue, values),
        url: t.url ?? '',
        lat,
        lng,
        min: t.min ?? null,
        max: t.max ?? null,
        max_companions: t.maxCompanions ?? null,
        currency: ticketTypes.length > 0 ? city.currency : null,
        pricing_mode: ticketTypes.length > 1 ? 'multiple' : 'single',
        payment_mode: ticketTypes.length > 0 ? 'own' : null,
        visibility: t.visibility ?? 'public',
        allow_whatsapp: !t.noWhatsapp,
        visits,
        likes_count: likes.length,
        created_at: created,
        updated_at: created,
      },
    };
  });
}

/**
 * Whether an event was ever created here (the id sequence has been used): someone who deleted
 * every event must not find sixty demo events back after a restart.
 */
async function hadEvents(db: AppDeps['db'] | Tx): Promise<boolean> {
  const result = await sql<{ last: number | null }>`SELECT pg_sequence_last_value(pg_get_serial_sequence('events', 'id')) AS last`.execute(db);
  return result.rows[0]?.last !== null && result.rows[0]?.last !== undefined;
}

/** The demo people's ids in DEMO_USERS order, or null unless all of them exist. */
async function demoUserIds(db: AppDeps['db'] | Tx): Promise<number[] | null> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where(
      'phone',
      'in',
      DEMO_USERS.map((u) => u.phone),
    )
    .execute();
  const ids = DEMO_USERS.map((u) => rows.find((row) => row.phone === u.phone)?.id);
  return ids.every((id) => id !== undefined) ? (ids as number[]) : null;
}

/**
 * Seeds about sixty demo events around DEMO_CITY when no event was ever created and the demo
 * people exist (so a database seeded before events existed gains them too): groups, friendships,
 * answers with companions and notes, likes, invites, comments, follows, a friend request, the
 * notifications these would have sent, and a cover picture each. Returns a short summary, or
 * null when it seeded nothing.
 */
export async function seedDemoEvents(deps: AppDeps): Promise<string | null> {
  if ((await hadEvents(deps.db)) || !(await demoUserIds(deps.db))) return null;

  const now = deps.clock.now();
  const cityKey = deps.config.DEMO_CITY;
  const city = DEMO_CITY_DATA[cityKey];
  const categories = await deps.db.selectFrom('categories').select(['id', 'slug']).orderBy('position').execute();
  const categoryIds = new Map(categories.map((c) => [c.slug, c.id]));
  const plan = planDemoEvents(cityKey, now);
  // Every category gets at least one event, even one added to the table after this catalogue.
  const used = new Set(plan.flatMap((p) => p.categorySlugs));
  const unused = categories.filter((c) => !used.has(c.slug)).map((c) => c.slug);
  unused.forEach((slug, i) => {
    const p = plan[(i * 7) % plan.length]!;
    p.categorySlugs = [...p.categorySlugs, slug];
  });
  // The slow part, done before taking the lock: one picture per category, rendered like an upload.
  const images = await renderCategoryImages(categories.map((c) => c.slug));

  const seeded = await inTransaction(deps.db, async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_ID})`.execute(tx);
    if (await hadEvents(tx)) return false;
    const userIds = await demoUserIds(tx);
    if (!userIds) return false;
    const id = (index: number) => userIds[index]!;

    const friendships = DEMO_FRIENDS.flatMap(([a, b]) => [
      { user_id: id(a), friend_id: id(b), created_at: now },
      { user_id: id(b), friend_id: id(a), created_at: now },
    ]);
    await tx.insertInto('friendships').values(friendships).onConflict((oc) => oc.doNothing()).execute();

    const groupIds = {} as Record<DemoGroup, number>;
    for (const group of ['runners', 'books'] as const) {
      const row = await tx.insertInto('groups').values({ name: city.groups[group], created_at: now }).returning('id').executeTakeFirstOrThrow();
      groupIds[group] = row.id;
      await tx
        .insertInto('group_members')
        .values(DEMO_GROUP_MEMBERS[group].map((u) => ({ group_id: row.id, user_id: id(u), created_at: now })))
        .execute();
    }

    // Each event gets its own copy of its category's picture: deleting one event's picture
    // must not take another's with it.
    const rows = await Promise.all(
      plan.map(async (p) => {
        const owner = id(p.template.owner);
        const rendered = images.get(p.categorySlugs[0]!)!;
        const urls = await storeEventImage(deps.storage, owner, rendered);
        return { ...p.row, ...urls, user_id: owner, group_id: p.template.group ? groupIds[p.template.group] : null };
      }),
    );
    const inserted = await tx.insertInto('events').values(rows).returning(['id', 'hash']).execute();
    const eventIds = new Map(inserted.map((e) => [e.hash, e.id]));
    const eventId = (p: PlannedEvent) => eventIds.get(p.row.hash)!;
    const byKey = new Map(plan.map((p) => [p.template.key, p]));
    const ticketTypes = plan.flatMap((p) =>
      p.ticketTypes.map((t, position) => ({
        event_id: eventId(p),
        position,
        name: t.name,
        price: t.price,
        currency: city.currency,
        quantity: t.quantity,
        created_at: p.row.created_at as Date,
        updated_at: p.row.created_at as Date,
      })),
    );
    if (ticketTypes.length > 0) await tx.insertInto('event_ticket_types').values(ticketTypes).execute();

    const after = (p: PlannedEvent, hours: number) => {
      const t = new Date(new Date(p.row.created_at as Date).getTime() + hours * HOUR);
      return t > now ? now : t;
    };
    const eventCategories = plan.flatMap((p) =>
      p.categorySlugs.flatMap((slug) => {
        const categoryId = categoryIds.get(slug);
        return categoryId === undefined ? [] : [{ event_id: eventId(p), category_id: categoryId }];
      }),
    );
    // Companions with names, so an answer "+1" says who comes along (the guest list shows them).
    const { companions: companionIds, activity: peopleActivity } = await insertDemoPeopleLinks(tx, userIds, now);
    const social = seededRandom(20260116);
    const responses = plan.flatMap((p) =>
      p.responses.map((res, i) => ({
        event_id: eventId(p),
        user_id: id(res.user),
        status: res.status,
        companions_amount: Math.min(res.companions, companionIds[res.user]!.length),
        note: res.user === p.template.owner ? '' : pickNote(social),
        created_at: after(p, i * 5),
        updated_at: after(p, i * 5),
      })),
    );
    const responseCompanions = responses.flatMap((res) => {
      const own = companionIds[userIds.indexOf(res.user_id)]!;
      return own.slice(0, res.companions_amount).map((companion_id) => ({ event_id: res.event_id, user_id: res.user_id, companion_id }));
    });
    const likes = plan.flatMap((p) => p.likes.map((u, i) => ({ event_id: eventId(p), user_id: id(u), created_at: after(p, 2 + i * 3) })));
    const invites = plan.flatMap((p) => p.invites.map((u) => ({ event_id: eventId(p), user_id: id(u), invited_by: id(p.template.owner), created_at: after(p, 1) })));
    const organizers = plan.flatMap((p) => p.organizers.map((u) => ({ event_id: eventId(p), user_id: id(u), created_at: after(p, 1) })));

    await tx.insertInto('event_categories').values(eventCategories).execute();
    if (responses.length > 0) await tx.insertInto('event_users').values(responses).execute();
    if (responseCompanions.length > 0) await tx.insertInto('event_user_companions').values(responseCompanions).execute();
    if (likes.length > 0) await tx.insertInto('event_likes').values(likes).execute();
    if (invites.length > 0) await tx.insertInto('event_invites').values(invites).execute();
    if (organizers.length > 0) await tx.insertInto('event_organizers').values(organizers).execute();
    for (const p of plan) {
      const source = p.template.cloneOf ? byKey.get(p.template.cloneOf) : undefined;
      if (source) await tx.updateTable('events').set({ clone_id: eventId(source) }).where('id', '=', eventId(p)).execute();
    }

    const ownerOf = new Map(plan.map((p) => [eventId(p), id(p.template.owner)]));
    const planned = planDemoComments(
      plan.map((p) => {
        const start = p.row.start_date as Date;
        const end = (p.row.end_date as Date | null) ?? null;
        return {
          eventId: eventId(p),
          ownerId: id(p.template.owner),
          createdAt: p.row.created_at as Date,
          start,
          isPast: (end ?? start).getTime() < now.getTime(),
          responders: p.responses.map((res) => id(res.user)),
        };
      }),
      now,
      social,
    );
    const comments = planned.length > 0 ? await tx.insertInto('comments').values(planned).returning(['id', 'event_id', 'user_id', 'created_at']).execute() : [];

    // What all of this would have told people, through the same settings gate as live changes.
    const activity: DemoActivity[] = [
      ...comments.map((c): DemoActivity => ({ at: c.created_at, action: 'comment_posted', recipients: [ownerOf.get(c.event_id)!], as: 'host', authorId: c.user_id, eventId: c.event_id, commentId: c.id })),
      ...responses
        .filter((res) => res.user_id !== ownerOf.get(res.event_id))
        .map((res): DemoActivity => ({
          at: res.created_at,
          action: res.status === 'maybe' ? 'user_maybe_event' : 'user_joined_event',
          recipients: [ownerOf.get(res.event_id)!],
          as: 'host',
          authorId: res.user_id,
          eventId: res.event_id,
          note: res.note,
        })),
      ...peopleActivity,
    ];
    await insertDemoNotifications(tx, activity, now);
    return true;
  });
  return seeded ? `${plan.length} demo events around ${city.label}` : null;
}
