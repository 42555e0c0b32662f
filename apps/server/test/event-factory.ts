import fs from 'node:fs/promises';
import path from 'node:path';
import type { Selectable } from 'kysely';
import sharp from 'sharp';
import type { Db } from '../src/db/database.ts';
import type { EventsTable } from '../src/db/schema.ts';
import { newEventHash } from '../src/modules/events/events.repo.ts';
import { buildUser } from './harness.ts';

/**
 * Test data for the events area, written straight into the tables (the API is what the tests
 * exercise; fixtures only set the scene). Dates default to after the FakeClock's start
 * (2026-01-15T10:00Z), so a built event is upcoming unless told otherwise.
 */

export type EventRecord = Selectable<EventsTable>;

export interface EventOverrides {
  user_id?: number;
  name?: string;
  description?: string;
  start_date?: Date | string;
  end_date?: Date | string | null;
  location_type?: 'in_person' | 'virtual';
  address?: string;
  venue?: string;
  url?: string;
  lat?: number | null;
  lng?: number | null;
  min?: number | null;
  max?: number | null;
  /** A single price in minor units (one 'General Admission' type), in `currency` (default EUR). */
  price?: number | null;
  currency?: string | null;
  /** Ticket types (multiple pricing), prices in minor units of `currency`. */
  ticket_types?: { name: string; price: number; quantity?: number | null; stripe_price_id?: string | null }[];
  payment_mode?: 'own' | 'planns';
  visibility?: 'public' | 'private' | 'friends';
  group_id?: number | null;
  allow_whatsapp?: boolean;
  image?: string | null;
  m_image?: string | null;
  visits?: number;
  created_at?: Date | string;
  deleted_by_moderator_at?: Date | null;
  /** Category ids written to event_categories. */
  categories?: number[];
}

export const DEFAULT_EVENT_START = '2026-02-01T18:00:00Z';

/** One event; its owner is created (buildUser) when user_id is not given. */
export async function buildEvent(db: Db, overrides: EventOverrides = {}): Promise<EventRecord> {
  const { categories = [], ticket_types: multiple, ...o } = overrides;
  const types = multiple ?? (o.price ? [{ name: 'General Admission', price: o.price }] : []);
  const currency = types.length > 0 ? (o.currency ?? 'EUR') : null;
  const userId = o.user_id ?? (await buildUser(db, { name: 'Event Owner' })).id;
  const virtual = o.location_type === 'virtual';
  const created = new Date(o.created_at ?? '2026-01-10T12:00:00Z');
  const event = await db
    .insertInto('events')
    .values({
      hash: newEventHash(),
      user_id: userId,
      name: o.name ?? 'Test Event',
      description: o.description ?? '',
      image: o.image ?? null,
      m_image: o.m_image ?? null,
      start_date: o.start_date ?? DEFAULT_EVENT_START,
      end_date: o.end_date ?? null,
      location_type: o.location_type ?? 'in_person',
      address: o.address ?? (virtual ? '' : '1 Test Street, Testville'),
      venue: o.venue ?? '',
      url: o.url ?? (virtual ? 'https://meet.example.com/room' : ''),
      lat: o.lat ?? null,
      lng: o.lng ?? null,
      min: o.min ?? null,
      max: o.max ?? null,
      currency,
      pricing_mode: multiple ? 'multiple' : 'single',
      payment_mode: currency === null ? null : (o.payment_mode ?? 'own'),
      visibility: o.visibility ?? 'public',
      group_id: o.group_id ?? null,
      allow_whatsapp: o.allow_whatsapp ?? true,
      visits: o.visits ?? 0,
      deleted_by_moderator_at: o.deleted_by_moderator_at ?? null,
      deleted_by_moderator_id: null,
      clone_id: null,
      created_at: created,
      updated_at: created,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (currency !== null) {
    await db
      .insertInto('event_ticket_types')
      .values(
        types.map((t, position) => ({
          event_id: event.id,
          position,
          name: t.name,
          price: t.price,
          currency,
          quantity: 'quantity' in t ? (t.quantity ?? null) : null,
          stripe_price_id: 'stripe_price_id' in t ? (t.stripe_price_id ?? null) : null,
          stripe_price_amount: 'stripe_price_id' in t && t.stripe_price_id ? t.price : null,
          created_at: created,
          updated_at: created,
        })),
      )
      .execute();
  }
  if (categories.length > 0) {
    await db
      .insertInto('event_categories')
      .values(categories.map((category_id) => ({ event_id: event.id, category_id })))
      .execute();
  }
  return event;
}

/** A friendship, stored both ways as the friends table expects. */
export async function addFriendship(db: Db, a: number, b: number): Promise<void> {
  await db
    .insertInto('friendships')
    .values([
      { user_id: a, friend_id: b },
      { user_id: b, friend_id: a },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function addInvite(db: Db, eventId: number, userId: number, invitedBy: number | null = null): Promise<void> {
  await db.insertInto('event_invites').values({ event_id: eventId, user_id: userId, invited_by: invitedBy }).execute();
}

export async function addOrganizer(db: Db, eventId: number, userId: number): Promise<void> {
  await db.insertInto('event_organizers').values({ event_id: eventId, user_id: userId }).execute();
}

/** An RSVP row (event_users); `at` orders the attendee lists (newest first). */
export async function addResponse(
  db: Db,
  eventId: number,
  userId: number,
  status: 'going' | 'maybe' | 'rejected',
  options: { companions_amount?: number; at?: Date } = {},
): Promise<void> {
  const at = options.at ?? new Date();
  await db
    .insertInto('event_users')
    .values({ event_id: eventId, user_id: userId, status, companions_amount: options.companions_amount ?? 0, created_at: at, updated_at: at })
    .execute();
}

/** A like, keeping the event's likes_count in step as the like call does. */
export async function addLike(db: Db, eventId: number, userId: number): Promise<void> {
  await db.insertInto('event_likes').values({ event_id: eventId, user_id: userId }).execute();
  await db
    .updateTable('events')
    .set((eb) => ({ likes_count: eb('likes_count', '+', 1) }))
    .where('id', '=', eventId)
    .execute();
}

/** A group, with these users as members. */
export async function buildGroup(db: Db, name = 'Test Group', memberIds: number[] = []): Promise<{ id: number; name: string }> {
  const group = await db.insertInto('groups').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
  if (memberIds.length > 0) {
    await db
      .insertInto('group_members')
      .values(memberIds.map((user_id) => ({ group_id: group.id, user_id })))
      .execute();
  }
  return group;
}

export async function buildCompanion(db: Db, userId: number, firstName = 'Sam'): Promise<{ id: number }> {
  return db
    .insertInto('companions')
    .values({ user_id: userId, first_name: firstName, last_name: '', type: 'friend' })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A real picture made with sharp, as the form would send it (base64 without the data-URL prefix). */
export async function testImage(format: 'png' | 'jpeg' | 'gif', width = 300, height = 200): Promise<string> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
  const bytes = format === 'png' ? await base.png().toBuffer() : format === 'jpeg' ? await base.jpeg().toBuffer() : await base.gif().toBuffer();
  return bytes.toString('base64');
}

/** Every file under DATA_DIR/media, as paths relative to it ('events/1/abc-l.webp'). */
export async function mediaFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The storage file behind a /media/... URL exists. */
export async function mediaExists(dataDir: string, url: string): Promise<boolean> {
  const key = url.replace(/^\/media\//, '');
  return fs
    .stat(path.join(dataDir, 'media', key))
    .then((s) => s.isFile())
    .catch(() => false);
}
