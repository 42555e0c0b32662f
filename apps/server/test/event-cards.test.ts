import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventListRequestPath } from '@planns/shared/events/events.rules';
import { eventListQuerySchema } from '@planns/shared/events/events.schemas';
import type { Actor } from '../src/http/actor.ts';
import { fillMissingCards } from '../src/modules/events/event-cards.ts';
import { fillCards, loadCardStates } from '../src/modules/events/event-cards.repo.ts';
import { listEvents } from '../src/modules/events/events.service.ts';
import { addFriendship, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp, signIn, type TestContext } from './harness.ts';

/**
 * The events' list cards (decision 0034): a list served from cards must be, event by event, the
 * list computed in full, for visitors, for signed-in viewers (going, liked, with companions) and
 * for the owner, after every kind of write that changes what a card holds: each of migration
 * 0016's triggers is exercised here. The comparison is made here, with EVENT_CARDS_VERIFY off
 * (the other test files run with it on, which checks every list they ask for the same way).
 */
let ctx: TestContext;
const people: Record<'owner' | 'ana' | 'ben' | 'cleo' | 'dan' | 'eve', { id: number; headers: Record<string, string>; actor: Actor }> = {} as never;
let free: { id: number };
let paid: { id: number };
let grouped: { id: number };
let groupId: number;
let categoryId: number;

const PARAMS = {};

async function viewer(name: string) {
  const user = await buildUser(ctx.db, { name });
  const session = await signIn(ctx, user.id);
  const row = await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { id: user.id, headers: session.headers, actor: { userId: user.id, isModerator: false, sessionId: row.id, via: 'bearer' as const } };
}

/** The list as the web app asks for it (from cards), and as computed in full: they must be equal. */
async function expectCardsMatch(who: keyof typeof people | null): Promise<unknown[]> {
  const url = eventListRequestPath(PARAMS, { isSignedIn: who !== null, page: 1 });
  const res = await ctx.app.inject({ method: 'GET', url, headers: who ? people[who].headers : {} });
  expect(res.statusCode).toBe(200);
  const served = (res.json() as { data: { data: unknown[] } }).data;
  const query = eventListQuerySchema.parse(Object.fromEntries(new URL(url, 'http://x').searchParams));
  const computed = await listEvents(ctx.deps, who ? people[who].actor : null, query);
  expect(served).toEqual(JSON.parse(JSON.stringify(computed)));
  return served.data;
}

async function expectAllMatch(): Promise<void> {
  await expectCardsMatch(null);
  for (const who of Object.keys(people) as (keyof typeof people)[]) await expectCardsMatch(who);
}

const cardBody = async (eventId: number) =>
  (await ctx.db.selectFrom('event_cards').select(['version', 'body']).where('event_id', '=', eventId).executeTakeFirst()) ?? null;

beforeAll(async () => {
  ctx = await createTestApp({ env: { EVENT_CARDS_VERIFY: 'false' } });
  for (const name of ['owner', 'ana', 'ben', 'cleo', 'dan', 'eve'] as const) people[name] = await viewer(name === 'owner' ? 'Olga Owner' : name);
  await addFriendship(ctx.db, people.ana.id, people.ben.id);
  groupId = (await ctx.db.insertInto('groups').values({ name: 'Choir' }).returning('id').executeTakeFirstOrThrow()).id;
  categoryId = (await ctx.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  free = await buildEvent(ctx.db, { user_id: people.owner.id, name: 'Free picnic', max: 20, categories: [categoryId], lat: 41.39, lng: 2.17 });
  paid = await buildEvent(ctx.db, {
    user_id: people.owner.id,
    name: 'Paid concert',
    max: 5,
    ticket_types: [
      { name: 'Stalls', price: 2500, quantity: 2 },
      { name: 'Balcony', price: 1500 },
    ],
  });
  grouped = await buildEvent(ctx.db, { user_id: people.eve.id, name: 'Choir night', group_id: groupId, allow_whatsapp: false });
  // Answers: people going (some with companions' places), maybe, not going.
  await ctx.db
    .insertInto('event_users')
    .values([
      { event_id: free.id, user_id: people.ana.id, status: 'going', companions_amount: 2, updated_at: new Date('2026-01-11T10:00:00Z') },
      { event_id: free.id, user_id: people.ben.id, status: 'going', updated_at: new Date('2026-01-11T11:00:00Z') },
      { event_id: free.id, user_id: people.cleo.id, status: 'going', updated_at: new Date('2026-01-11T12:00:00Z') },
      { event_id: free.id, user_id: people.dan.id, status: 'going', updated_at: new Date('2026-01-11T13:00:00Z') },
      { event_id: free.id, user_id: people.eve.id, status: 'maybe' },
      { event_id: grouped.id, user_id: people.ana.id, status: 'rejected' },
    ])
    .execute();
  await expectAllMatch();
});

afterAll(async () => {
  await ctx?.app.close();
});

describe('event cards', () => {
  it('are stored the first time a list needs them, and serve later lists', async () => {
    for (const event of [free, paid, grouped]) expect((await cardBody(event.id))?.body).toEqual(expect.any(String));
    const { rows: states } = await loadCardStates(ctx.db, [free.id], null);
    expect(states[0]!.body).not.toBeNull();
    await expectAllMatch();
  });

  it('put the viewer first among the people going, whoever else the card keeps', async () => {
    const asDan = (await expectCardsMatch('dan')) as { id: number; users: { id: number }[] }[];
    const picnic = asDan.find((e) => e.id === free.id)!;
    expect(picnic.users.map((u) => u.id)).toEqual([people.dan.id, people.cleo.id, people.ben.id]);
    const asAna = (await expectCardsMatch('ana')) as { id: number; users: { id: number }[]; my_companions: number[] }[];
    expect(asAna.find((e) => e.id === free.id)!.users.map((u) => u.id)).toEqual([people.ana.id, people.dan.id, people.cleo.id]);
  });

  it('follow answers: joining, changing, leaving (counts, people and the places taken)', async () => {
    const before = await cardBody(free.id);
    await ctx.db.updateTable('event_users').set({ status: 'going', updated_at: new Date('2026-01-12T10:00:00Z') }).where('event_id', '=', free.id).where('user_id', '=', people.eve.id).execute();
    expect((await cardBody(free.id))!.version).toBeGreaterThan(before!.version);
    expect((await cardBody(free.id))!.body).toBeNull();
    await expectAllMatch();
    await ctx.db.updateTable('event_users').set({ companions_amount: 3 }).where('event_id', '=', free.id).where('user_id', '=', people.ben.id).execute();
    await expectAllMatch();
    await ctx.db.deleteFrom('event_users').where('event_id', '=', free.id).where('user_id', '=', people.cleo.id).execute();
    await expectAllMatch();
  });

  it('follow the event itself, but not a visit counted', async () => {
    await ctx.db.updateTable('events').set({ name: 'Free picnic in the park', description: 'Bring a blanket' }).where('id', '=', free.id).execute();
    await expectAllMatch();
    const before = await cardBody(free.id);
    await ctx.db.updateTable('events').set((eb) => ({ visits: eb('visits', '+', 1) })).where('id', '=', free.id).execute();
    expect(await cardBody(free.id)).toEqual(before);
    await ctx.db.updateTable('events').set({ visibility: 'friends' }).where('id', '=', grouped.id).execute();
    await expectAllMatch();
    await ctx.db.updateTable('events').set({ visibility: 'public' }).where('id', '=', grouped.id).execute();
  });

  it('follow likes (the count in the card, the viewer’s own like live)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/events/${free.id}/like`, headers: people.cleo.headers });
    expect(res.statusCode).toBeLessThan(300);
    await expectAllMatch();
  });

  it('follow people’s names, pictures and phones (organisers and people going)', async () => {
    await ctx.db.updateTable('users').set({ name: 'Daniel', avatar: 'avatars/d.webp', avatar_s: 'avatars/d-s.webp' }).where('id', '=', people.dan.id).execute();
    await expectAllMatch();
    await ctx.db.updateTable('users').set({ name: 'Olga O.', phone: '+12025550999' }).where('id', '=', people.owner.id).execute();
    await expectAllMatch();
  });

  it('follow groups, categories and comments', async () => {
    await ctx.db.updateTable('groups').set({ name: 'Chamber choir' }).where('id', '=', groupId).execute();
    await expectAllMatch();
    await ctx.db.updateTable('categories').set({ name: 'Renamed category' }).where('id', '=', categoryId).execute();
    await expectAllMatch();
    const other = (await ctx.db.selectFrom('categories').select('id').where('id', '<>', categoryId).executeTakeFirstOrThrow()).id;
    await ctx.db.insertInto('event_categories').values({ event_id: paid.id, category_id: other }).execute();
    await expectAllMatch();
    await ctx.db.deleteFrom('event_categories').where('event_id', '=', free.id).execute();
    await expectAllMatch();
    const comment = await ctx.db.insertInto('comments').values({ event_id: free.id, user_id: people.ben.id, comment: 'See you there' }).returning('id').executeTakeFirstOrThrow();
    await expectAllMatch();
    await ctx.db.deleteFrom('comments').where('id', '=', comment.id).execute();
    await expectAllMatch();
  });

  it('follow ticket types, and count paid places and payout accounts live', async () => {
    await ctx.db.updateTable('event_ticket_types').set({ price: 3000 }).where('event_id', '=', paid.id).where('name', '=', 'Stalls').execute();
    await expectAllMatch();
    const stalls = await ctx.db.selectFrom('event_ticket_types').select('id').where('event_id', '=', paid.id).where('name', '=', 'Stalls').executeTakeFirstOrThrow();
    const before = await cardBody(paid.id);
    // Tickets and checkout holds are counted live (a hold expires without a write): the card stays.
    await ctx.db
      .insertInto('tickets')
      .values({
        code: '0123456789ABCDEF',
        event_id: paid.id,
        order_id: null,
        order_position: null,
        ticket_type_id: stalls.id,
        type_name: 'Stalls',
        currency: 'EUR',
        user_id: people.ben.id,
        issued_by: people.owner.id,
        kind: 'issued',
        used_at: null,
        used_by: null,
        refunded_at: null,
        created_at: ctx.clock.now(),
      })
      .execute();
    const now = ctx.clock.now();
    const hold = await ctx.db
      .insertInto('orders')
      .values({
        event_id: paid.id,
        event_name: 'Paid concert',
        event_start: now,
        buyer_id: people.cleo.id,
        client_session: 'cards-test',
        provider: 'test',
        checkout_session_id: 'cs_cards',
        client_secret: null,
        payment_mode: 'own',
        payee_account_id: null,
        payee_user_id: people.owner.id,
        currency: 'EUR',
        subtotal: 3000,
        fee: 150,
        total: 3150,
        hold_expires_at: new Date(now.getTime() + 10 * 60_000),
        payment_intent_id: null,
        receipt_url: null,
        failure_reason: null,
        paid_at: null,
        closed_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('order_items').values({ order_id: hold.id, position: 0, ticket_type_id: stalls.id, type_name: 'Stalls', unit_price: 3000, quantity: 1 }).execute();
    expect((await cardBody(paid.id))!.version).toBe(before!.version);
    const asBen = (await expectCardsMatch('ben')) as { id: number; attendees_count: number; my_tickets: number; ticket_types: { name: string; remaining: number | null; sold_out: boolean }[] }[];
    expect(asBen.find((e) => e.id === paid.id)).toMatchObject({ attendees_count: 2, my_tickets: 1, ticket_types: [{ name: 'Stalls', remaining: 0, sold_out: true }, { name: 'Balcony' }] });
    await expectAllMatch();
    // The hold expires: its place is free again, with no write to the card.
    ctx.clock.advance(11 * 60_000);
    await expectAllMatch();
    await ctx.db
      .insertInto('payment_accounts')
      .values({
        user_id: people.owner.id,
        provider: 'test',
        account_id: 'acct_cards',
        email: 'olga@example.com',
        country: 'ES',
        default_currency: 'EUR',
        business_type: 'individual',
        first_name: 'Olga',
        last_name: 'Owner',
        tos_accepted_at: ctx.clock.now(),
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        synced_at: ctx.clock.now(),
        created_at: ctx.clock.now(),
        updated_at: ctx.clock.now(),
        disconnected_at: null,
      })
      .execute();
    await expectAllMatch();
    await ctx.db.deleteFrom('event_ticket_types').where('event_id', '=', paid.id).where('name', '=', 'Balcony').execute();
    await expectAllMatch();
  });

  it('are never used for the events a viewer manages (their owner sees visits, provider ids, people not going)', async () => {
    const asOwner = (await expectCardsMatch('owner')) as { id: number; can_manage: boolean; visits: number | null }[];
    expect(asOwner.find((e) => e.id === free.id)).toMatchObject({ can_manage: true, visits: 1 });
    const asEve = (await expectCardsMatch('eve')) as { id: number; can_manage: boolean; rejected_users: { id: number }[] }[];
    expect(asEve.find((e) => e.id === grouped.id)!.rejected_users.map((u) => u.id)).toEqual([people.ana.id]);
    expect(asEve.find((e) => e.id === free.id)!.can_manage).toBe(false);
  });

  it('are not stored over a write that came after they were read (the version guard)', async () => {
    // A list reads the card's version, a write makes the card stale, then the list stores what it built before the write.
    await expectCardsMatch(null);
    const {
      rows: [state],
    } = await loadCardStates(ctx.db, [grouped.id], null);
    await ctx.db.updateTable('events').set({ name: 'Choir night, moved' }).where('id', '=', grouped.id).execute();
    await fillCards(ctx.db, [{ event_id: grouped.id, version: state!.version, body: '{"name":"stale"}', facts: {} }]);
    expect((await cardBody(grouped.id))!.body).toBeNull();
    // Nor over a card made (stale) for an event that had none when it was read.
    const fresh = await buildEvent(ctx.db, { user_id: people.eve.id, name: 'Brand new' });
    await fillCards(ctx.db, [{ event_id: fresh.id, version: 0, body: '{"name":"stale"}', facts: {} }]);
    expect((await cardBody(fresh.id))!.body).toBeNull();
    await expectAllMatch();
    expect((await cardBody(fresh.id))!.body).toContain('Brand new');
  });

  it('are built in the background (events.fill_cards): the stale ones and those never built, coming events first', async () => {
    const later = await buildEvent(ctx.db, { user_id: people.eve.id, name: 'Never listed yet' });
    await ctx.db.updateTable('events').set({ description: 'Changed since its last list' }).where('id', '=', free.id).execute();
    await ctx.db.updateTable('event_ticket_types').set({ description: 'Changed too' }).where('event_id', '=', paid.id).execute();
    const past = await buildEvent(ctx.db, { user_id: people.eve.id, name: 'Over already', start_date: '2025-12-01T18:00:00Z' });
    // Every event has its card row, made by the triggers on its insert: the stale index lists it.
    const stale = await ctx.db.selectFrom('event_cards').select('event_id').where('body', 'is', null).execute();
    expect(stale.map((r) => r.event_id).sort()).toEqual([later.id, free.id, paid.id, past.id].sort());
    expect(await fillMissingCards(ctx.deps, 3)).toBe(3);
    for (const event of [later, free, paid]) expect((await cardBody(event.id))?.body).toEqual(expect.any(String));
    expect((await cardBody(past.id))?.body ?? null).toBeNull(); // the past one comes last
    expect(await fillMissingCards(ctx.deps, 100)).toBe(1);
    expect((await cardBody(past.id))?.body).toEqual(expect.any(String));
    expect(await fillMissingCards(ctx.deps, 100)).toBe(0);
    await expectAllMatch();
  });

  it('go with their event', async () => {
    await ctx.db.deleteFrom('events').where('id', '=', grouped.id).execute();
    expect(await cardBody(grouped.id)).toBeNull();
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM event_cards c WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.id = c.event_id)`.execute(ctx.db);
    expect(rows.rows[0]!.n).toBe(0);
    await expectAllMatch();
  });
});
