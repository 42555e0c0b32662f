import crypto from 'node:crypto';
import { sql, type Expression, type RawBuilder, type Selectable } from 'kysely';
import { lockKey, paddedIds, PLAN_EACH_TIME, type Db, type Executor, type Tx } from '../../db/database.ts';
import type { EventsTable, EventTicketTypesTable } from '../../db/schema.ts';
import type { LiveSession } from '../../http/auth-hook.ts';
import { visibleInList, visibleTo } from './event-visibility.ts';
import { cellsAround } from './geo-cells.ts';
import { searchWordShares } from './search-word-shares.ts';
import { escapeLike } from '../../db/like.ts';

/** SQL only (CONVENTIONS §3): visibility, filters and the event read model live here as SQL. */

export type EventRow = Selectable<EventsTable>;

const HASH_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 10-character unguessable hash, first character a letter (so it never reads as an id). */
export function newEventHash(): string {
  const bytes = crypto.randomBytes(10);
  let out = HASH_ALPHABET[bytes[0]! % 52]!;
  for (let i = 1; i < 10; i += 1) out += HASH_ALPHABET[bytes[i]! % 62]!;
  return out;
}

/* ------------------------------------------------------------------ single event */

export interface EventAccessRow extends EventRow {
  is_visible: boolean;
}

export async function findEventForViewer(db: Executor, ref: { id: number } | { hash: string }, viewerId: number | null): Promise<EventAccessRow | undefined> {
  const where = 'id' in ref ? sql`e.id = ${ref.id}` : sql`e.hash = ${ref.hash}`;
  const result = await sql<EventAccessRow>`
    SELECT e.*, ${visibleTo(viewerId)} AS is_visible FROM events e WHERE ${where}
  `.execute(db);
  return result.rows[0];
}

/**
 * Values read with an event in its statement (another module's, by name): each an expression over
 * the event `e` and its owner, computed only when the viewer may see the event (null otherwise,
 * so nothing is read for a caller who gets a 404).
 */
export type EventExtra = Record<string, (ownerId: RawBuilder<number>) => RawBuilder<unknown>>;

function extraColumns(extra: EventExtra, visible: RawBuilder<boolean>) {
  return Object.keys(extra).map((name, i) => sql`, (CASE WHEN ${visible} THEN (${extra[name]!(sql<number>`e.user_id`)}) END) AS ${sql.ref(`extra_${i}`)}`);
}

function readExtra(extra: EventExtra, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(extra).map((name, i) => [name, row[`extra_${i}`]]));
}

/** What findEventsForSessionsWith reads of the event itself: who may see it (the rest is the caller's `extra`). */
export type EventAccessFacts = Pick<EventRow, 'id' | 'user_id' | 'visibility'> & { is_visible: boolean };

/** The viewer of findEventsForSessionsWith, for `extra` values that depend on who asks: the user id of the session read in the statement (null: a visitor). */
export const SESSION_VIEWER = sql<number>`v.user_id`;

/** One check of findEventsForSessionsWith: an event by id, for the session of a token's hash (null: a visitor). */
export interface SessionEventCheck {
  id: number;
  tokenHash: string | null;
}

/** What findEventsForSessionsWith reads for a check: the live session of its token (if any) and the event (if it exists). */
export interface SessionEventFound {
  session: LiveSession | undefined;
  event: (EventAccessFacts & { extra: Record<string, unknown> }) | undefined;
}

/**
 * findEventForViewer by id, reading only who may see the event and `extra` values, for callers
 * whose sessions are read in the same statement (the auth hook's lookup, `session` of each token's
 * hash as SQL), several checks in one statement (a StatementBatch of GET seats/{eventId},
 * decisions 0036 and 0046), answered in their order. The visibility rule is visibleTo with each
 * session's user (none: a visitor's); a moderator's `extra` is read for any event, as for one they
 * may see. `extra` refers to the viewer as SESSION_VIEWER.
 */
export async function findEventsForSessionsWith(
  db: Executor,
  checks: readonly SessionEventCheck[],
  sessionOf: (tokenHash: RawBuilder<string>) => Expression<unknown>,
  extra: EventExtra,
): Promise<SessionEventFound[]> {
  const visible = visibleTo(SESSION_VIEWER);
  const session = sessionOf(sql<string>`r.token_hash`);
  const result = await sql<{ session_id: number | null; session_user_id: number | null; session_last_seen_at: Date | null; session_is_moderator: boolean | null } & Record<string, unknown>>`
    SELECT v.id AS session_id, v.user_id AS session_user_id, v.last_seen_at AS session_last_seen_at, v.is_moderator AS session_is_moderator,
      e.id, e.user_id, e.visibility, coalesce(${visible}, false) AS is_visible
      ${sql.join(extraColumns(extra, sql<boolean>`(coalesce(v.is_moderator, false) OR ${visible})`), sql``)}
    FROM unnest(${checks.map((c) => c.id)}::bigint[], ${checks.map((c) => c.tokenHash)}::text[]) WITH ORDINALITY AS r(event_id, token_hash, n)
    LEFT JOIN LATERAL (${session}) AS v ON true
    LEFT JOIN events e ON e.id = r.event_id
    ORDER BY r.n
  `.execute(db);
  return result.rows.map((row) => ({
    session:
      row.session_id === null
        ? undefined
        : { id: row.session_id, user_id: row.session_user_id!, last_seen_at: row.session_last_seen_at!, is_moderator: row.session_is_moderator! },
    event:
      row.id === null
        ? undefined
        : { id: row.id as number, user_id: row.user_id as number, visibility: row.visibility as EventRow['visibility'], is_visible: row.is_visible as boolean, extra: readExtra(extra, row) },
  }));
}

/**
 * findEventForViewer with the event's ticket types (in their order) in the same statement: a
 * checkout's first read. `extra`: more values read in that statement, each an expression of the
 * event's owner (another module's: its payout account, the tickets left), answered by name.
 */
export async function findEventWithTicketTypes(
  db: Executor,
  id: number,
  viewerId: number | null,
  extra: EventExtra = {},
): Promise<(EventAccessRow & { ticket_types: TicketTypeRow[]; extra: Record<string, unknown> }) | undefined> {
  const result = await sql<EventAccessRow & { ticket_types: (Omit<TicketTypeRow, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string })[] } & Record<string, unknown>>`
    SELECT e.*, ${visibleTo(viewerId)} AS is_visible,
      (SELECT coalesce(json_agg(tt ORDER BY tt.position), '[]'::json) FROM event_ticket_types tt WHERE tt.event_id = e.id) AS ticket_types
      ${sql.join(extraColumns(extra, sql<boolean>`true`), sql``)}
    FROM events e WHERE e.id = ${id}
  `.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    ...row,
    ticket_types: row.ticket_types.map((t) => ({ ...t, created_at: new Date(t.created_at), updated_at: new Date(t.updated_at) })),
    extra: readExtra(extra, row),
  };
}

export interface PairVisibilityRow {
  event_id: number;
  user_id: number | null;
  owner_id: number;
  is_visible: boolean;
  is_removed: boolean;
}

/**
 * For each (event, person) pair, whether that person may see that event (visibleTo; a null person
 * is a visitor), in one statement however many pairs: the live rooms re-check their sockets with
 * it. A missing event gives no row; `is_removed`: deleted by a moderator.
 */
export async function visibilityOfPairs(db: Executor, pairs: { eventId: number; userId: number | null }[]): Promise<PairVisibilityRow[]> {
  if (pairs.length === 0) return [];
  const result = await sql<PairVisibilityRow>`
    SELECT p.event_id, p.user_id, e.user_id AS owner_id, (e.deleted_by_moderator_at IS NOT NULL) AS is_removed,
      CASE WHEN p.user_id IS NULL THEN ${visibleTo(null)} ELSE ${visibleTo(sql<number>`p.user_id`)} END AS is_visible
    FROM unnest(${pairs.map((p) => p.eventId)}::bigint[], ${pairs.map((p) => p.userId)}::bigint[]) AS p(event_id, user_id)
    JOIN events e ON e.id = p.event_id
  `.execute(db);
  return result.rows;
}

/** Locks the event row for a write (update, delete, ownership) inside the caller's transaction. */
export async function lockEventForViewer(db: Executor, id: number, viewerId: number): Promise<EventAccessRow | undefined> {
  const result = await sql<EventAccessRow>`
    SELECT e.*, ${visibleTo(viewerId)} AS is_visible FROM events e WHERE e.id = ${id} FOR UPDATE
  `.execute(db);
  return result.rows[0];
}

export async function countVisit(db: Executor, id: number): Promise<void> {
  await db.updateTable('events').set((eb) => ({ visits: eb('visits', '+', 1) })).where('id', '=', id).execute();
}

/* ------------------------------------------------------------------ writes */

export type EventWrite = {
  name: string;
  description: string;
  start_date: Date;
  end_date: Date | null;
  location_type: 'in_person' | 'virtual';
  address: string;
  venue: string;
  url: string;
  lat: number | null;
  lng: number | null;
  min: number | null;
  max: number | null;
  max_companions: number | null;
  visibility: 'public' | 'private' | 'friends';
  group_id: number | null;
  allow_whatsapp: boolean;
  gallery_requires_approval: boolean;
  /** The seat selector switch and scheme (decision 0036): written with the event, by the service. */
  seated?: boolean;
  seat_template_id?: number | null;
};

export async function insertEvent(
  db: Executor,
  values: EventWrite & {
    user_id: number;
    image: string | null;
    m_image: string | null;
    clone_id: number | null;
    currency: string | null;
    pricing_mode: 'single' | 'multiple';
    payment_mode: 'own' | 'planns' | null;
    now: Date;
  },
): Promise<EventRow> {
  const { now, ...rest } = values;
  return db
    .insertInto('events')
    .values({ ...rest, hash: newEventHash(), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEvent(db: Executor, id: number, values: Partial<EventWrite> & { image?: string | null; m_image?: string | null; updated_at: Date }): Promise<EventRow> {
  return db.updateTable('events').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/* ------------------------------------------------------------------ pricing: ticket types, payment mode, product */

/** A ticket type as it is to be stored; `id` keeps an existing type of the event. */
export interface TicketTypeWrite {
  id: number | null;
  name: string;
  price: number;
  description: string | null;
  quantity: number | null;
  seat_type: number | null;
}

export type TicketTypeRow = Selectable<EventTicketTypesTable>;

export async function listTicketTypes(db: Executor, eventId: number): Promise<TicketTypeRow[]> {
  return db.selectFrom('event_ticket_types').selectAll().where('event_id', '=', eventId).orderBy('position').execute();
}

/**
 * Makes the event's types exactly `types`, in that order, in the event's currency (set on the
 * event before: the types follow it by their foreign key). A kept type (its id given) keeps its
 * row; its provider price is forgotten when its price changed, so a new one is made. Types not
 * named go. Positions and names are unique per event at commit (deferred), so types may swap.
 */
export async function replaceTicketTypes(tx: Tx, eventId: number, currency: string, types: TicketTypeWrite[], now: Date): Promise<void> {
  const keptIds = types.map((t) => t.id).filter((id): id is number => id !== null);
  let remove = tx.deleteFrom('event_ticket_types').where('event_id', '=', eventId);
  if (keptIds.length > 0) remove = remove.where('id', 'not in', keptIds);
  await remove.execute();
  for (const [position, type] of types.entries()) {
    if (type.id !== null) {
      await tx
        .updateTable('event_ticket_types')
        .set({
          position,
          name: type.name,
          description: type.description,
          quantity: type.quantity,
          seat_type: type.seat_type,
          price: type.price,
          // A provider price is immutable: a new price or currency needs a new one.
          stripe_price_id: sql<string | null>`CASE WHEN price = ${type.price} THEN stripe_price_id END`,
          stripe_price_amount: sql<number | null>`CASE WHEN price = ${type.price} THEN stripe_price_amount END`,
          updated_at: now,
        })
        .where('id', '=', type.id)
        .where('event_id', '=', eventId)
        .execute();
    } else {
      await tx
        .insertInto('event_ticket_types')
        .values({ event_id: eventId, position, name: type.name, price: type.price, currency, description: type.description, quantity: type.quantity, seat_type: type.seat_type, created_at: now, updated_at: now })
        .execute();
    }
  }
}

/** Of these ids, those that are ticket types of the event. */
export async function ticketTypeIdsOfEvent(db: Executor, eventId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('event_ticket_types').select('id').where('event_id', '=', eventId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** The event's pricing columns (free: currency, payment mode and product all NULL; its types removed first). */
export async function setPricing(
  tx: Tx,
  eventId: number,
  values: { currency: string | null; pricing_mode: 'single' | 'multiple'; payment_mode: 'own' | 'planns' | null; keepProduct: boolean },
  now: Date,
): Promise<void> {
  if (values.currency === null) await tx.deleteFrom('event_ticket_types').where('event_id', '=', eventId).execute();
  // Provider prices are in one currency: a new currency needs new ones.
  else await tx.updateTable('event_ticket_types').set({ stripe_price_id: null, stripe_price_amount: null }).where('event_id', '=', eventId).where('currency', '<>', values.currency).execute();
  await tx
    .updateTable('events')
    .set({
      currency: values.currency,
      pricing_mode: values.pricing_mode,
      payment_mode: values.payment_mode,
      ...(values.keepProduct && values.currency !== null ? {} : { stripe_product_id: null }),
      updated_at: now,
    })
    .where('id', '=', eventId)
    .execute();
}

export async function setPaymentMode(tx: Tx, eventId: number, mode: 'own' | 'planns', now: Date): Promise<void> {
  await tx.updateTable('events').set({ payment_mode: mode, updated_at: now }).where('id', '=', eventId).where('currency', 'is not', null).execute();
}

export async function setProductId(db: Executor, eventId: number, productId: string): Promise<void> {
  await db.updateTable('events').set({ stripe_product_id: productId }).where('id', '=', eventId).where('currency', 'is not', null).execute();
}

/** Records the provider price made for a type, unless its price changed meanwhile. */
export async function setTicketTypePrice(db: Executor, typeId: number, price: { id: string; unit_amount: number; currency: string }): Promise<boolean> {
  const result = await db
    .updateTable('event_ticket_types')
    .set({ stripe_price_id: price.id, stripe_price_amount: price.unit_amount })
    .where('id', '=', typeId)
    .where('price', '=', price.unit_amount)
    .where('currency', '=', price.currency)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The ids of the person's paid events sold through their own payout account, locked. */
export async function lockOwnPaidEventIds(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx.selectFrom('events').select('id').where('user_id', '=', userId).where('payment_mode', '=', 'own').orderBy('id').forUpdate().execute();
  return rows.map((r) => r.id);
}

export async function setEventOwner(db: Executor, id: number, userId: number, now: Date): Promise<void> {
  await db.updateTable('events').set({ user_id: userId, updated_at: now }).where('id', '=', id).execute();
}

export async function flagDeletedByModerator(db: Executor, id: number, moderatorId: number, now: Date): Promise<void> {
  await db
    .updateTable('events')
    .set({ deleted_by_moderator_at: now, deleted_by_moderator_id: moderatorId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteEvent(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('events').where('id', '=', id).execute();
}

/** Locks the event's row against its deletion (FOR KEY SHARE: other writers go on) until the transaction ends; false when it is gone. */
export async function lockEventKey(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('events').select('id').where('id', '=', id).forKeyShare().executeTakeFirst()) !== undefined;
}

export async function replaceCategories(db: Executor, eventId: number, categoryIds: number[]): Promise<void> {
  await db.deleteFrom('event_categories').where('event_id', '=', eventId).execute();
  if (categoryIds.length > 0) {
    await db
      .insertInto('event_categories')
      .values(categoryIds.map((category_id) => ({ event_id: eventId, category_id })))
      .execute();
  }
}

export async function existingCategoryIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function listCategories(db: Executor) {
  return db.selectFrom('categories').select(['id', 'slug', 'name']).orderBy('position').orderBy('id').execute();
}

/** Whether the user co-organises the event. */
export async function isOrganizer(db: Executor, eventId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('event_organizers').select('user_id').where('event_id', '=', eventId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function addOrganizer(db: Executor, eventId: number, userId: number, now: Date): Promise<void> {
  await db
    .insertInto('event_organizers')
    .values({ event_id: eventId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Likes or unlikes; answers whether the event is now liked. Toggles of one person on one event
 * are serialized, so each answer is the state its own toggle left (issue 12 §6: 21 parallel taps
 * gave answers that disagreed with what was stored).
 */
export async function toggleLike(db: Tx, eventId: number, userId: number, now: Date): Promise<boolean> {
  await lockKey(db, `like:event:${eventId}:${userId}`);
  const inserted = await db
    .insertInto('event_likes')
    .values({ event_id: eventId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('event_id')
    .executeTakeFirst();
  if (inserted) {
    await db.updateTable('events').set((eb) => ({ likes_count: eb('likes_count', '+', 1) })).where('id', '=', eventId).execute();
    return true;
  }
  const deleted = await db.deleteFrom('event_likes').where('event_id', '=', eventId).where('user_id', '=', userId).returning('event_id').executeTakeFirst();
  if (deleted) {
    await db.updateTable('events').set((eb) => ({ likes_count: eb('likes_count', '-', 1) })).where('id', '=', eventId).execute();
  }
  return false;
}

/* ------------------------------------------------------------------ lists */

export interface EventListFilter {
  viewerId: number | null;
  now: Date;
  distance: { lat: number; lng: number; meters: number } | null;
  from: Date | null;
  to: Date | null;
  hideVisibility: ('public' | 'private' | 'friends')[];
  hidePaid: boolean;
  hideFree: boolean;
  categories: number[] | null;
  users: number[] | null;
  friendsCreated: boolean;
  friendsJoined: boolean;
  /** Invited by someone, not the owner, and not answered yet (My plans' pending tab). */
  invited: boolean;
  liked: boolean;
  groupId: number | null;
  search: string | null;
  order: { by: 'upcoming' | 'start_date' | 'created_at' | 'trending'; dir: 'asc' | 'desc' };
  limit: number;
  offset: number;
  /** Keyset paging (the upcoming and start_date orders): the page after this event (its start in microseconds since 1970, and id); the offset is then not used. */
  after?: { startMicros: string; id: string } | null;
}

/**
 * Where a search is cut into words: white space and ASCII punctuation, as planns_words cuts an
 * event's text (migration 0015; JavaScript's \s holds more spaces than it does, which only splits
 * a searched word into parts that each still match).
 */
const SEARCH_SEPARATORS = /[\s!-/:-@[-`{-~]+/;
/** At most this many words of a search count; each expands to at most SEARCH_EXPANSION stored words. */
const SEARCH_WORDS = 8;
const SEARCH_EXPANSION = 256;

/** The words of a search, as the list compares them (before folding). */
export function searchWords(search: string): string[] {
  return [...new Set(search.split(SEARCH_SEPARATORS).filter(Boolean))].slice(0, SEARCH_WORDS);
}

/**
 * The stored words a searched word stands for: those that contain it; and when none does (a
 * misspelt word, three letters or more), those it nearly matches (pg_trgm word similarity at
 * least TYPO_THRESHOLD: 'festval' finds 'festival'), so a real word never drags in look-alikes
 * ('salsa' no longer lists every 'Sala ...' venue). Shortest first, bounded. Read on the
 * vocabulary (a few hundred thousand words at most) before the list's statement (expandSearch).
 */
function expandedWord(word: string): RawBuilder<string[]> {
  const like = sql`planns_fold(${`%${escapeLike(word)}%`})`;
  const typos =
    Array.from(word).length >= 3
      ? sql`UNION ALL SELECT t.word FROM event_search_words t
          WHERE planns_fold(${word}) <% t.word AND NOT EXISTS (SELECT 1 FROM event_search_words x WHERE x.word LIKE ${like})`
      : sql``;
  return sql<string[]>`ARRAY(SELECT w.word FROM (SELECT v.word FROM event_search_words v WHERE v.word LIKE ${like} ${typos}) w
    ORDER BY char_length(w.word), w.word LIMIT ${SEARCH_EXPANSION})`;
}

/**
 * Each searched word's stored words, in one statement before the list's: the list's statement
 * then holds them as values, so PostgreSQL plans it knowing how many events hold them (its
 * statistics of search_words' elements): a common word walks the list's order and stops at the
 * page, a rare one reads the few events from the GIN index. (As a subquery of the list's
 * statement, the words were unknown when it was planned.)
 */
async function expandSearch(db: Executor, words: string[]): Promise<string[][]> {
  if (words.length === 0) return [];
  const result = await sql<Record<string, string[]>>`SELECT ${sql.join(words.map((word, i) => sql`${expandedWord(word)} AS ${sql.ref(`w${i}`)}`))}`.execute(db);
  const row = result.rows[0] ?? {};
  return words.map((_, i) => row[`w${i}`] ?? []);
}

/**
 * What a row costs walking the list's order (an entry of events_start_idx, tested there: migration
 * 0025) against one read through the words' GIN index (the event read from the table), as
 * measured on bench:events' 100,000 events (decision 0049): the two ways cost the same for a word
 * held by about 2% of the events.
 */
const WALK_ROW_COST = 0.4;

/**
 * Whether the coming events of a search are better read from the words' GIN index (every event
 * holding them, then the page sorted out of them) than by walking the list's order until the page
 * is full: when the index reads fewer rows. With a share `s` of the `events` holding the words
 * (each searched word's share multiplied), the index reads about s·events rows and the walk about
 * `through`/s, each of those costing WALK_ROW_COST of one read from the index. PostgreSQL's planner
 * knows the share but not what a walked row costs against an event read from the table.
 * Measured (decision 0049): 'bangkok', held by 1.7%, 2.9 ms from the index and 4.0 walking;
 * 'soul', 2.4%, 5.9 ms and 3.3 ms; 'vintage', 4.0%, 7.3 ms and 1.9 ms.
 */
export function readsWordsFirst(shares: readonly number[], events: number, through: number): boolean {
  if (shares.length === 0) return false;
  const share = shares.reduce((product, s) => product * s, 1);
  return share * share * events < through * WALK_ROW_COST;
}

/**
 * An event holding one of `words`, tested while walking the list's order from events_start_idx
 * alone (migration 0025, decision 0049): the index entry's list_words, and for the few events whose
 * words do not fit in an entry (list_words null) the set of those holding one, read once from
 * their own index and hashed. Exactly `e.search_words && words`.
 */
function walkedWordsCondition(words: RawBuilder<string[]>): RawBuilder<unknown> {
  return sql`(e.list_words && ${words}
    OR (e.list_words IS NULL AND e.id IN (SELECT lw.id FROM events lw WHERE lw.list_words IS NULL AND lw.search_words && ${words})))`;
}

/**
 * `expansions`: each searched word's stored words (expandSearch). `inCell`: the statement reads
 * one grid cell (geo-cells.ts), so the bounding box, the geographic index's condition, is left out.
 * `walked`: the statement walks events_start_idx (the coming events in start order), so the words
 * are tested as the index holds them (walkedWordsCondition); otherwise as the GIN index does.
 * `prepared`: the statement keeps a generic plan (plansAlike), so the words are given as a
 * subquery's value, unknown to every plan alike (decision 0052).
 */
function filterConditions(f: EventListFilter, expansions: string[][], { inCell = false, walked = false, prepared = false } = {}): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [sql`e.deleted_by_moderator_at IS NULL`, visibleInList(f.viewerId)];
  if (f.distance) {
    const { lat, lng, meters } = f.distance;
    where.push(sql`e.lat IS NOT NULL`);
    if (!inCell) where.push(sql`earth_box(ll_to_earth(${lat}, ${lng}), ${meters}) @> ll_to_earth(e.lat, e.lng)`);
    // earth_distance's number, inlined by the planner (migration 0026, decision 0051).
    where.push(sql`planns_earth_distance(${lat}, ${lng}, e.lat, e.lng) <= ${meters}`);
  }
  if (f.from) where.push(sql`e.ends_at >= ${f.from}`);
  if (f.to) where.push(sql`e.start_date < ${f.to}`);
  // Around a place within dates: the same dates as a range, which events_place_time_idx answers
  // with the place (migration 0027). [start, end] overlaps [from, to) exactly when the event ends
  // at or after `from` and starts before `to`, for dates with `from` before `to` (an empty range
  // would overlap nothing, where an event under way at that instant meets both conditions).
  if (f.distance && !inCell && (f.from || f.to) && (!f.from || !f.to || f.from < f.to)) {
    where.push(sql`tstzrange(e.start_date, e.ends_at, '[]') && tstzrange(${f.from}::timestamptz, ${f.to}::timestamptz, '[)')`);
  }
  if (f.hideVisibility.length > 0) where.push(sql`e.visibility <> ALL(${f.hideVisibility}::text[])`);
  if (f.hidePaid) where.push(sql`e.currency IS NULL`);
  if (f.hideFree) where.push(sql`e.currency IS NOT NULL`);
  // The filters below name sets of events (a few per person, or a category's share): each is one
  // uncorrelated IN, which the planner either starts from (a small set, then sorted) or hashes
  // once and probes while walking the list's order (a large one), never a subquery per event.
  if (f.categories) {
    where.push(sql`e.id IN (SELECT ec.event_id FROM event_categories ec WHERE ec.category_id = ANY(${f.categories}::bigint[]))`);
  }
  if (f.users) {
    where.push(sql`e.id IN (
      SELECT ue.id FROM events ue WHERE ue.user_id = ANY(${f.users}::bigint[])
      UNION ALL
      SELECT r.event_id FROM event_users r WHERE r.user_id = ANY(${f.users}::bigint[]) AND r.status IN ('going', 'maybe'))`);
  }
  if (f.friendsCreated || f.friendsJoined) {
    if (f.viewerId === null) {
      where.push(sql`false`);
    } else {
      // The viewer's friends, and the events they answered, each read once into an array (an
      // InitPlan) that the events' indexes take as a list of keys: the friends' own events from
      // events_user_idx, the ones they answered from the primary key, one bitmap of both. Unknown
      // to every plan alike, the arrays let the list keep a generic plan (plansAlike; decision 0052).
      const parts: RawBuilder<unknown>[] = [];
      if (f.friendsCreated) {
        parts.push(sql`e.user_id = ANY(ARRAY(SELECT f.friend_id FROM friendships f WHERE f.user_id = ${f.viewerId}))`);
      }
      if (f.friendsJoined) {
        parts.push(sql`e.id = ANY(ARRAY(SELECT r.event_id FROM friendships f JOIN event_users r ON r.user_id = f.friend_id
          WHERE f.user_id = ${f.viewerId} AND r.status IN ('going', 'maybe')))`);
      }
      where.push(sql`(${sql.join(parts, sql` OR `)})`);
    }
  }
  if (f.invited || f.liked) {
    if (f.viewerId === null) {
      where.push(sql`false`);
    } else {
      if (f.invited) {
        where.push(sql`e.user_id <> ${f.viewerId}`);
        where.push(sql`e.id IN (SELECT i.event_id FROM event_invites i WHERE i.user_id = ${f.viewerId})`);
        where.push(sql`NOT EXISTS (SELECT 1 FROM event_users r WHERE r.event_id = e.id AND r.user_id = ${f.viewerId})`);
      }
      if (f.liked) where.push(sql`e.id IN (SELECT l.event_id FROM event_likes l WHERE l.user_id = ${f.viewerId})`);
    }
  }
  if (f.groupId !== null) where.push(sql`e.group_id = ${f.groupId}`);
  if (f.search) {
    // Every word must be part of one of the event's words, or (a typo) nearly be one: the
    // vocabulary turns each searched word into the stored words it stands for (migration 0015).
    for (const words of expansions) {
      const value = prepared ? sql<string[]>`(SELECT ${words}::text[])` : sql<string[]>`${words}::text[]`;
      where.push(walked ? walkedWordsCondition(value) : sql`e.search_words && ${value}`);
    }
  }
  return where;
}

/**
 * Whether a list of coming events has one best plan whatever its values, so that its statement is
 * prepared and PostgreSQL keeps a generic plan for it after five runs instead of planning it again
 * for each page: its filters test each event's own row (who may see it, a place, dates, paid or
 * free), name the viewer's friends (arrays read once, unknown to every plan alike) or search words
 * away from a place (the words given alike to every plan, the shape chosen by readsWordsFirst);
 * no set of events whose size decides the plan (categories, people, invitations, likes, a group).
 * The range index for those under way, then the start index walked (or each grid cell's around a
 * place, the friends' events read and sorted, the words' events read and sorted). Around a place
 * that saved 3 to 6 ms of planning its ten branches for 3 ms of reading (decision 0049); the plain
 * list, the friends' and the searches spent up to two thirds of their statement's time in planning
 * (decision 0052). Every other list is planned for its values each time (PLAN_EACH_TIME).
 */
function plansAlike(f: EventListFilter, aroundPlace: boolean): boolean {
  // Searched words: readsWordsFirst chooses the statement's shape (the start index walked, the
  // words tested in its entries; or the words' index read first, then sorted), and each shape has
  // one plan. Around a place the cells' branches test the words as they are read, and whether a
  // cell is better walked or read from the words' index depends on the words: planned each time.
  if (filterIsOn(f.search) && aroundPlace) return false;
  return SET_FILTERS.every((key) => !filterIsOn(f[key]));
}

/**
 * Each of a list's filters: a test of the event's own row ('row'), a set of the viewer's own read
 * into an array, the same for every plan ('viewer'), the searched words ('words': see plansAlike),
 * or a set of events the list starts from or probes, whose size decides its best plan ('set').
 * Every field of EventListFilter must be named here (else this fails to compile), so a filter
 * added later is classed before plansAlike may prepare its list.
 */
const FILTER_KINDS = {
  viewerId: 'row',
  now: 'row',
  distance: 'row',
  from: 'row',
  to: 'row',
  hideVisibility: 'row',
  hidePaid: 'row',
  hideFree: 'row',
  categories: 'set',
  users: 'set',
  friendsCreated: 'viewer',
  friendsJoined: 'viewer',
  invited: 'set',
  liked: 'set',
  groupId: 'set',
  search: 'words',
  order: 'row',
  limit: 'row',
  offset: 'row',
  after: 'row',
} as const satisfies Record<keyof EventListFilter, 'row' | 'viewer' | 'words' | 'set'>;
const SET_FILTERS = (Object.keys(FILTER_KINDS) as (keyof EventListFilter)[]).filter((key) => FILTER_KINDS[key] === 'set');

/** Whether a filter's value asks for anything (null, false and an empty search ask for nothing). */
function filterIsOn(value: unknown): boolean {
  return value !== null && value !== undefined && value !== false && value !== '';
}

/**
 * The events' start in list order, written as an expression no index gives: a branch ordered by it
 * reads its events from the index of its own conditions and sorts them, never walking
 * events_start_idx. Those under way are found from the range index (events_under_way_idx): walking
 * the start index instead reads every event that has already started (a generic plan chose that
 * walk once the distance's test became cheap, 200 ms a page; decision 0051).
 */
const UNINDEXED_START = sql`(e.start_date + interval '0 s')`;

/** A page's bound written into a statement (prepared lists): a count, never anything else. */
function pageBound(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return n;
}

/**
 * One page of event ids in list order: `limit` rows from `offset`, one more read to tell whether
 * more follow (nothing is counted: the total is known only on the last page).
 */
export async function listEventIds(db: Executor, f: EventListFilter): Promise<{ ids: number[]; hasMore: boolean; nextAfter: string | null }> {
  const expansions = f.search ? await expandSearch(db, searchWords(f.search)) : [];
  // A searched word that stands for no stored word: no event holds it.
  if (expansions.some((words) => words.length === 0)) return { ids: [], hasMore: false, nextAfter: null };
  const keyset = f.order.by === 'upcoming' || f.order.by === 'start_date';
  const descending = f.order.by === 'start_date' && f.order.dir === 'desc';
  const after = keyset && f.after ? f.after : null;
  const offset = after ? 0 : f.offset;
  const take = f.limit + 1;
  const through = offset + take;
  // Around a place, the coming events are read cell by cell of the grid (below).
  const cells = f.order.by === 'upcoming' && f.distance ? cellsAround(f.distance.lat, f.distance.lng, f.distance.meters) : null;
  // A search held by few events: those events first, from the words' GIN index, then sorted (in
  // the same order, written as an expression no index gives, so the start index is not walked).
  const statistics = f.order.by === 'upcoming' && !cells && expansions.length > 0 && !db.isTransaction ? searchWordShares(db as Db).current() : null;
  const wordsFirst = statistics !== null && readsWordsFirst(expansions.map((words) => statistics.shareOf(words)), statistics.events, through);
  const walked = f.order.by === 'upcoming' && !cells && !wordsFirst;
  // A list with one best plan whatever its values is prepared (below).
  const prepared = f.order.by === 'upcoming' && plansAlike(f, cells !== null);
  const conditions = filterConditions(f, expansions, { walked, prepared });
  // The page after a cursor: a row comparison the (start_date, id) indexes answer as a range.
  const afterCursor = after
    ? sql`(e.start_date, e.id) ${descending ? sql`<` : sql`>`} (timestamptz 'epoch' + ${after.startMicros}::bigint * interval '1 microsecond', ${after.id}::bigint)`
    : null;
  if (afterCursor) conditions.push(afterCursor);
  const where = sql.join(conditions, sql` AND `);
  // Each row's start in microseconds since 1970 (exactly: extract gives a numeric), for the next page's cursor.
  const at = sql`(extract(epoch FROM start_date) * 1000000)::bigint::text AS at`;
  let rows: { id: number; at?: string }[];
  if (f.order.by === 'upcoming') {
    // Not yet over: those under way (started, not ended: the range index events_under_way_idx)
    // first, then the coming ones, soonest first. Each branch is cut at offset + limit + 1 rows.
    // Around a place, the coming ones are read cell by cell of the grid (migration 0017), each
    // cell in start order, merged: a branch per cell, which the Merge Append reads only as far
    // as the page needs; those under way (a few) from the range index, kept to the circle.
    //
    // A list with one best plan whatever its values (plansAlike) is prepared, and PostgreSQL
    // keeps its generic plan only while no plan for its values is estimated cheaper (decision
    // 0050). So that every plan estimates alike: the page's bounds are written into the statement
    // (a LIMIT or OFFSET given as a value is estimated at a tenth of the rows, which made every
    // plan for the values cheaper; the app's pages are one size, later ones by cursor, so few texts),
    // and the instant is given as a subquery's value, which no plan knows (PostgreSQL's statistics
    // of the events' start and of the range, migration 0027, made the plan for the values cheaper:
    // the share of events still to come, the few under way now, where a generic plan takes its
    // default shares).
    const count = (n: number) => (prepared ? sql.lit(pageBound(n)) : sql`${n}`);
    const now = prepared ? sql`(SELECT ${f.now}::timestamptz)` : sql`${f.now}::timestamptz`;
    const inCell = cells ? sql.join([...filterConditions(f, expansions, { inCell: true, prepared }), ...(afterCursor ? [afterCursor] : [])], sql` AND `) : null;
    const underWay = cells && inCell ? inCell : where;
    const comingOrder = wordsFirst ? UNINDEXED_START : sql`e.start_date`;
    const coming =
      cells && inCell
        ? sql`SELECT id, start_date FROM (${sql.join(
            cells.map(
              (cell) => sql`(SELECT e.id, e.start_date FROM events e WHERE e.geo_cell = ${cell} AND ${inCell} AND e.start_date >= ${now}
                ORDER BY e.start_date, e.id LIMIT ${count(through)})`,
            ),
            sql` UNION ALL `,
          )}) cells ORDER BY start_date, id LIMIT ${count(through)}`
        : sql`SELECT e.id, e.start_date FROM events e WHERE ${where} AND e.start_date >= ${now} ORDER BY ${comingOrder}, e.id LIMIT ${count(through)}`;
    const result = await sql<{ id: number; at: string }>`
      ${prepared ? sql`` : PLAN_EACH_TIME} SELECT id, ${at} FROM (
        (SELECT e.id, e.start_date FROM events e WHERE ${underWay} AND tstzrange(e.start_date, e.ends_at, '(]') @> ${now}
          ORDER BY ${UNINDEXED_START}, e.id LIMIT ${count(through)})
        UNION ALL
        (${coming})
      ) page ORDER BY start_date, id LIMIT ${count(take)} OFFSET ${count(offset)}
    `.execute(db);
    rows = result.rows;
  } else if (f.order.by === 'trending') {
    // Coming events people engage with: likes, responses and visits, recent activity weighing most.
    const result = await sql<{ id: number }>`
      ${PLAN_EACH_TIME} SELECT e.id FROM events e
      WHERE ${where} AND e.ends_at >= ${f.now} AND e.start_date < ${f.now}::timestamptz + interval '60 days'
      ORDER BY (e.likes_count * 3 + e.visits * 0.1 +
        (SELECT count(*) FROM event_users r WHERE r.event_id = e.id AND r.status IN ('going', 'maybe')) * 2) DESC,
        e.start_date, e.id
      LIMIT ${take} OFFSET ${f.offset}
    `.execute(db);
    rows = result.rows;
  } else {
    const column = f.order.by === 'created_at' ? sql.ref('e.created_at') : sql.ref('e.start_date');
    const dir = f.order.dir === 'asc' ? sql`ASC` : sql`DESC`;
    const result = await sql<{ id: number; at: string }>`
      ${PLAN_EACH_TIME} SELECT e.id, ${at} FROM events e WHERE ${where} ORDER BY ${column} ${dir}, e.id ${dir} LIMIT ${take} OFFSET ${offset}
    `.execute(db);
    rows = result.rows;
  }
  const hasMore = rows.length > f.limit;
  const last = rows[f.limit - 1];
  const nextAfter = keyset && hasMore && last?.at !== undefined ? `${last.at}.${last.id}` : null;
  return { ids: rows.slice(0, f.limit).map((r) => r.id), hasMore, nextAfter };
}

/* ------------------------------------------------------------------ read model */

export interface PersonJson {
  id: number;
  name: string | null;
  avatar: string | null;
  avatar_m: string | null;
  avatar_s: string | null;
  companions_amount: number;
}

/** The event's own columns a page shows: all but the search's (its folded text and words) and its grid cell, never sent. */
const SHOWN_COLUMN_NAMES = ['id', 'hash', 'user_id', 'name', 'description', 'image', 'm_image', 'start_date', 'end_date', 'location_type', 'address', 'venue', 'url', 'lat', 'lng', 'min', 'max', 'max_companions', 'currency', 'pricing_mode', 'payment_mode', 'stripe_product_id', 'visibility', 'group_id', 'allow_whatsapp', 'visits', 'likes_count', 'clone_id', 'deleted_by_moderator_at', 'deleted_by_moderator_id', 'gallery_requires_approval', 'seated', 'seat_template_id', 'created_at', 'updated_at', 'ends_at'] as const satisfies readonly (keyof EventRow)[];
// A column added to events must be listed above (or be the search's): otherwise this fails to compile.
const _everyColumnListed: [Exclude<keyof EventRow, (typeof SHOWN_COLUMN_NAMES)[number] | NotShownColumn>] extends [never] ? true : never = true;
const SHOWN_COLUMNS = sql.join(SHOWN_COLUMN_NAMES.map((column) => sql.ref(`e.${column}`)));

// calendar_sequence: the calendar entries' (migration 0021), not the page's.
type NotShownColumn = 'search_text' | 'search_words' | 'list_words' | 'geo_cell' | 'calendar_sequence';

export interface EventDetailRow extends Omit<EventRow, NotShownColumn> {
  creator_name: string | null;
  creator_avatar: string | null;
  creator_avatar_s: string | null;
  creator_phone: string | null;
  group_name: string | null;
  users_count: number;
  doubt_users_count: number;
  rejected_users_count: number;
  my_status: 'going' | 'maybe' | 'rejected' | null;
  is_liked: boolean;
  categories_json: { id: number; slug: string; name: string }[];
  going_json: PersonJson[];
  maybe_json: PersonJson[];
  /** Not going: only for viewers who manage the event (else always empty). */
  rejected_json: PersonJson[];
  friends_json: Omit<PersonJson, 'companions_amount'>[];
  organizers_json: Omit<PersonJson, 'companions_amount'>[];
  invites_json: Omit<PersonJson, 'companions_amount'>[];
  owner_attending: boolean;
  owner_companions: number[];
  comments_count: number;
  my_note: string | null;
  my_companions: number[];
  ticket_types_json: TicketTypeJson[];
}

export interface TicketTypeJson {
  id: number;
  name: string;
  price: number;
  currency: string;
  description: string | null;
  quantity: number | null;
  stripe_price_id: string | null;
  stripe_price_amount: number | null;
  seat_type: number | null;
}

export interface RelationLimits {
  users: number;
  doubtUsers: number;
  /** Not going; filled only where the viewer manages the event (its owner, or a moderator). */
  rejectedUsers: number;
  friends: number;
  organizers: number;
  /** People invited (shared with); the presenter shows them to the owner and moderators only. */
  invites: number;
}

/** Who is looking: a visitor has no id. */
export interface ViewerIds {
  userId: number | null;
  isModerator: boolean;
}

/** The events with everything the presenter needs, in the order of `ids`. */
export async function loadEventDetails(db: Executor, ids: number[], viewerIds: ViewerIds, limits: RelationLimits): Promise<EventDetailRow[]> {
  if (ids.length === 0) return [];
  const viewer = viewerIds.userId ?? 0; // no user has id 0: a visitor matches nothing below
  const people = (status: 'going' | 'maybe' | 'rejected', limit: number) =>
    limit === 0
      ? sql`SELECT '[]'::json`
      : sql`
    SELECT coalesce(json_agg(p), '[]'::json) FROM (
      SELECT u.id, u.name, u.avatar, u.avatar_m, u.avatar_s, r.companions_amount
      FROM event_users r JOIN users u ON u.id = r.user_id
      WHERE r.event_id = e.id AND r.status = ${status}
      ORDER BY (r.user_id = ${viewer}) DESC, (r.user_id = e.user_id) DESC, r.updated_at DESC, r.user_id
      LIMIT ${limit}
    ) p`;
  const result = await sql<EventDetailRow>`
    SELECT ${SHOWN_COLUMNS},
      u.name AS creator_name, u.avatar AS creator_avatar, u.avatar_s AS creator_avatar_s, u.phone AS creator_phone,
      g.name AS group_name,
      c.users_count, c.doubt_users_count, c.rejected_users_count,
      me.status AS my_status,
      me.note AS my_note,
      (SELECT coalesce(array_agg(mc.companion_id ORDER BY mc.companion_id), '{}') FROM event_user_companions mc
         WHERE mc.event_id = e.id AND mc.user_id = ${viewer}) AS my_companions,
      (l.user_id IS NOT NULL) AS is_liked,
      (SELECT coalesce(json_agg(json_build_object('id', cat.id, 'slug', cat.slug, 'name', cat.name) ORDER BY cat.position, cat.id), '[]'::json)
         FROM event_categories ec JOIN categories cat ON cat.id = ec.category_id WHERE ec.event_id = e.id) AS categories_json,
      (${people('going', limits.users)}) AS going_json,
      (${people('maybe', limits.doubtUsers)}) AS maybe_json,
      (CASE WHEN ${limits.rejectedUsers > 0} AND (e.user_id = ${viewer} OR ${viewerIds.isModerator})
        THEN (${people('rejected', limits.rejectedUsers)}) ELSE '[]'::json END) AS rejected_json,
      (${
        limits.friends > 0
          ? sql`SELECT coalesce(json_agg(fp), '[]'::json) FROM (
         SELECT fu.id, fu.name, fu.avatar, fu.avatar_m, fu.avatar_s
         FROM event_users r JOIN friendships f ON f.friend_id = r.user_id AND f.user_id = ${viewer}
         JOIN users fu ON fu.id = r.user_id
         WHERE r.event_id = e.id AND r.status IN ('going', 'maybe')
         ORDER BY r.updated_at DESC, r.user_id LIMIT ${limits.friends}) fp`
          : sql`SELECT '[]'::json`
      }) AS friends_json,
      (${
        limits.organizers > 0
          ? sql`SELECT coalesce(json_agg(op), '[]'::json) FROM (
         SELECT ou.id, ou.name, ou.avatar, ou.avatar_m, ou.avatar_s
         FROM event_organizers o JOIN users ou ON ou.id = o.user_id
         WHERE o.event_id = e.id ORDER BY o.created_at, o.user_id LIMIT ${limits.organizers}) op`
          : sql`SELECT '[]'::json`
      }) AS organizers_json,
      (${
        limits.invites > 0
          ? sql`SELECT coalesce(json_agg(ip), '[]'::json) FROM (
         SELECT iu.id, iu.name, iu.avatar, iu.avatar_m, iu.avatar_s
         FROM event_invites i JOIN users iu ON iu.id = i.user_id
         WHERE i.event_id = e.id ORDER BY i.created_at DESC, i.user_id LIMIT ${limits.invites}) ip`
          : sql`SELECT '[]'::json`
      }) AS invites_json,
      (SELECT count(*)::int FROM comments cm WHERE cm.event_id = e.id) AS comments_count,
      (SELECT coalesce(json_agg(json_build_object('id', tt.id, 'name', tt.name, 'price', tt.price, 'currency', tt.currency,
         'description', tt.description, 'quantity', tt.quantity, 'stripe_price_id', tt.stripe_price_id,
         'stripe_price_amount', tt.stripe_price_amount, 'seat_type', tt.seat_type) ORDER BY tt.position), '[]'::json)
         FROM event_ticket_types tt WHERE tt.event_id = e.id) AS ticket_types_json,
      EXISTS (SELECT 1 FROM event_users ow WHERE ow.event_id = e.id AND ow.user_id = e.user_id AND ow.status = 'going') AS owner_attending,
      (SELECT coalesce(array_agg(euc.companion_id ORDER BY euc.companion_id), '{}') FROM event_user_companions euc
         WHERE euc.event_id = e.id AND euc.user_id = e.user_id) AS owner_companions
    FROM events e
    JOIN users u ON u.id = e.user_id
    LEFT JOIN groups g ON g.id = e.group_id
    CROSS JOIN LATERAL (
      SELECT
        (count(*) FILTER (WHERE r.status = 'going'))::int AS users_count,
        (count(*) FILTER (WHERE r.status = 'maybe'))::int AS doubt_users_count,
        (count(*) FILTER (WHERE r.status = 'rejected'))::int AS rejected_users_count
      FROM event_users r WHERE r.event_id = e.id
    ) c
    LEFT JOIN event_users me ON me.event_id = e.id AND me.user_id = ${viewer}
    LEFT JOIN event_likes l ON l.event_id = e.id AND l.user_id = ${viewer}
    WHERE e.id = ANY(${paddedIds(ids)}::bigint[])
  `.execute(db);
  const byId = new Map(result.rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is EventDetailRow => row !== undefined);
}

/** Events created by `userId` (or answered going/maybe), as `viewerId` may see them; newest start first. */
export async function profileEventIds(db: Executor, userId: number, viewerId: number, kind: 'created' | 'joined', limit: number): Promise<number[]> {
  const which =
    kind === 'created'
      ? sql`e.user_id = ${userId}`
      : sql`EXISTS (SELECT 1 FROM event_users r WHERE r.event_id = e.id AND r.user_id = ${userId} AND r.status IN ('going', 'maybe'))`;
  const result = await sql<{ id: number }>`
    SELECT e.id FROM events e
    WHERE ${which} AND e.deleted_by_moderator_at IS NULL AND ${visibleTo(viewerId)}
    ORDER BY e.start_date DESC, e.id DESC LIMIT ${limit}
  `.execute(db);
  return result.rows.map((r) => r.id);
}

/**
 * The events `userId` answered going or maybe to and may see, moderator-removed ones included
 * (their calendar entries say CANCELLED), that end after `endedAfter`; soonest first (the calendar
 * feed, decision 0039).
 */
export async function answeredEventRows(db: Executor, userId: number, endedAfter: Date, limit: number): Promise<EventRow[]> {
  const result = await sql<EventRow>`
    SELECT e.* FROM events e
    JOIN event_users r ON r.event_id = e.id AND r.user_id = ${userId} AND r.status IN ('going', 'maybe')
    WHERE e.ends_at >= ${endedAfter} AND ${visibleTo(userId)}
    ORDER BY e.start_date, e.id LIMIT ${limit}
  `.execute(db);
  return result.rows;
}

/* ------------------------------------------------------------------ live facts, in one statement */

/** What an event's page or card needs read live, each part another module's statement; a part left out is not read. */
export interface LiveFactQueries {
  /** Rows (event_id, taken): places taken. */
  seats?: Compilable<{ event_id: number; taken: number }>;
  /** Rows (ticket_type_id, size, taken): each ticket type's limit and places taken. */
  types?: Compilable<{ ticket_type_id: number; size: number | null; taken: number }>;
  /** Rows (user_id): organisers whose payout account is active. */
  approved?: Compilable<{ user_id: number }>;
  /** Rows (event_id, n): the viewer's valid tickets. */
  held?: Compilable<{ event_id: number; n: number }>;
}

type Compilable<_Row> = RawBuilder<_Row> | { compile(): unknown; toOperationNode(): unknown };

export interface LiveFactRow {
  kind: 'seats' | 'types' | 'approved' | 'held';
  id: number;
  taken: number | null;
  size: number | null;
}

/** A statement of liveFactsQuery's, read. */
export async function readLiveFacts(db: Executor, query: RawBuilder<LiveFactRow>): Promise<LiveFactRow[]> {
  return (await query.execute(db)).rows;
}

/** The parts of `queries` as one statement (one round trip however many; null: nothing to read), as rows tagged by their part. */
export function liveFactsQuery(queries: LiveFactQueries): RawBuilder<LiveFactRow> | null {
  const parts: RawBuilder<unknown>[] = [];
  if (queries.seats) parts.push(sql`SELECT 'seats' AS kind, s.event_id AS id, s.taken::int AS taken, NULL::int AS size FROM (${queries.seats}) s`);
  if (queries.types) parts.push(sql`SELECT 'types', t.ticket_type_id, t.taken::int, t.size::int FROM (${queries.types}) t`);
  if (queries.approved) parts.push(sql`SELECT 'approved', a.user_id, NULL::int, NULL::int FROM (${queries.approved}) a`);
  if (queries.held) parts.push(sql`SELECT 'held', h.event_id, h.n::int, NULL::int FROM (${queries.held}) h`);
  if (parts.length === 0) return null;
  return sql<LiveFactRow>`${sql.join(parts, sql` UNION ALL `)}`;
}
