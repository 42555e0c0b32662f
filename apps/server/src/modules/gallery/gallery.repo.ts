import { sql } from 'kysely';
import { lockKey, type Executor, type Tx } from '../../db/database.ts';
import type { StoredMedia } from '../../media/gallery-media.ts';

/* ---------- uploads (the spec's cloud upload results, issued by planns) ---------- */

export async function insertUpload(
  db: Executor,
  values: { id: string; user_id: number; event_id: number; state: 'incoming' | 'ready'; incoming_key: string | null; now: Date; stored?: StoredMedia },
): Promise<void> {
  const { stored, now, ...rest } = values;
  await db
    .insertInto('media_uploads')
    .values({ ...rest, ...(stored ? storedColumns(stored) : {}), created_at: now })
    .execute();
}

function storedColumns(stored: StoredMedia) {
  return {
    resource_type: stored.resource_type,
    format: stored.format,
    url: stored.url,
    url_m: stored.url_m,
    url_l: stored.url_l,
    width: stored.width,
    height: stored.height,
    bytes: stored.bytes,
  };
}

export type UploadRow = NonNullable<Awaited<ReturnType<typeof findUpload>>>;

/** An upload, only if it was issued to this user. */
export function findUpload(db: Executor, id: string, userId: number) {
  return db.selectFrom('media_uploads').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** incoming → ready, once: false when another request got there first. */
export async function markUploadReady(db: Executor, id: string, stored: StoredMedia): Promise<boolean> {
  const result = await db
    .updateTable('media_uploads')
    .set({ ...storedColumns(stored), state: 'ready', incoming_key: null })
    .where('id', '=', id)
    .where('state', '=', 'incoming')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A ready upload of this user for this event, locked until the transaction ends. */
export function lockReadyUpload(db: Executor, id: string, userId: number, eventId: number) {
  return db
    .selectFrom('media_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('event_id', '=', eventId)
    .where('state', '=', 'ready')
    .forUpdate()
    .executeTakeFirst();
}

export async function markUploadPosted(db: Executor, id: string): Promise<void> {
  await db.updateTable('media_uploads').set({ state: 'posted' }).where('id', '=', id).execute();
}

/** Uploads a user started since `since` that are not in a gallery yet (a cap on unposted files). */
export async function countUnposted(db: Executor, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('media_uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('state', '<>', 'posted')
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type UploadFiles = { url: string | null; url_m: string | null; url_l: string | null; incoming_key: string | null };

/** Removes unposted uploads older than `before`, answering their files for removal. */
export async function deleteStaleUploads(db: Executor, before: Date): Promise<UploadFiles[]> {
  return db
    .deleteFrom('media_uploads')
    .where('state', '<>', 'posted')
    .where('created_at', '<', before)
    .returning(['url', 'url_m', 'url_l', 'incoming_key'])
    .execute();
}

/** Every file of an event's uploads (its gallery, and unposted ones): removed with the event. */
export function uploadFilesOfEvent(db: Executor, eventId: number): Promise<UploadFiles[]> {
  return db.selectFrom('media_uploads').select(['url', 'url_m', 'url_l', 'incoming_key']).where('event_id', '=', eventId).execute();
}

/* ---------- gallery items ---------- */

const itemColumns = [
  'g.id',
  'g.event_id',
  'g.user_id',
  'g.type',
  'g.url',
  'g.url_m',
  'g.url_l',
  'g.width',
  'g.height',
  'g.approved',
  'g.hidden_at',
  'g.likes_count',
  'g.reports_count',
  'g.created_at',
  'u.name as user_name',
  'u.avatar as user_avatar',
  'u.avatar_m as user_avatar_m',
  'u.avatar_s as user_avatar_s',
] as const;

export type ItemRow = NonNullable<Awaited<ReturnType<typeof findItem>>>;

export function findItem(db: Executor, id: number) {
  return db.selectFrom('gallery_items as g').innerJoin('users as u', 'u.id', 'g.user_id').select(itemColumns).where('g.id', '=', id).executeTakeFirst();
}

/**
 * An event's items newest first, as this viewer may see them: everything for the owner and
 * moderators; otherwise approved items that are not hidden, plus the viewer's own pending ones.
 * Ordered by id alone, the key `before` pages by (decision 0021): an id marks a place even after
 * its item is deleted or hidden.
 */
export function listItems(db: Executor, eventId: number, viewer: { userId: number | null; seesAll: boolean }, limit: number, before?: number) {
  let query = db
    .selectFrom('gallery_items as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select(itemColumns)
    .where('g.event_id', '=', eventId)
    .orderBy('g.id', 'desc')
    .limit(limit);
  if (before) query = query.where('g.id', '<', before);
  if (!viewer.seesAll) {
    const userId = viewer.userId;
    query = query
      .where('g.hidden_at', 'is', null)
      .where((eb) => (userId === null ? eb('g.approved', '=', true) : eb.or([eb('g.approved', '=', true), eb('g.user_id', '=', userId)])));
  }
  return query.execute();
}

export async function insertItem(
  db: Executor,
  values: { event_id: number; user_id: number; upload_id: string; type: 'image' | 'video'; url: string; url_m: string; url_l: string; width: number | null; height: number | null; approved: boolean; now: Date },
): Promise<number> {
  const { now, ...rest } = values;
  const row = await db.insertInto('gallery_items').values({ ...rest, created_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The most recent likers of each item, at most `perItem` each. */
export async function likersOf(db: Executor, ids: number[], perItem: number) {
  if (ids.length === 0) return [];
  const result = await sql<{ gallery_id: number; user_id: number; name: string | null; avatar: string | null; avatar_m: string | null; avatar_s: string | null }>`
    SELECT l.gallery_id, u.id AS user_id, u.name, u.avatar, u.avatar_m, u.avatar_s
    FROM (
      SELECT gallery_id, user_id, created_at, row_number() OVER (PARTITION BY gallery_id ORDER BY created_at DESC, user_id) AS n
      FROM gallery_likes WHERE gallery_id = ANY(${ids}::bigint[])
    ) l
    JOIN users u ON u.id = l.user_id
    WHERE l.n <= ${perItem}
    ORDER BY l.gallery_id, l.created_at DESC, l.user_id
  `.execute(db);
  return result.rows;
}

/** Which of these items the viewer liked, and which they reported. */
export async function viewerMarks(db: Executor, ids: number[], userId: number): Promise<{ liked: Set<number>; reported: Set<number> }> {
  if (ids.length === 0) return { liked: new Set(), reported: new Set() };
  const [liked, reported] = await Promise.all([
    db.selectFrom('gallery_likes').select('gallery_id').where('gallery_id', 'in', ids).where('user_id', '=', userId).execute(),
    db.selectFrom('gallery_reports').select('gallery_id').where('gallery_id', 'in', ids).where('user_id', '=', userId).execute(),
  ]);
  return { liked: new Set(liked.map((r) => r.gallery_id)), reported: new Set(reported.map((r) => r.gallery_id)) };
}

/** Likes or unlikes; the count moves by what actually changed, so it stays exact under races. */
export async function toggleLike(db: Tx, id: number, userId: number, now: Date): Promise<boolean> {
  // One person's toggles of one item are serialized, so each answer is the state its toggle left.
  await lockKey(db, `like:gallery:${id}:${userId}`);
  const added = await db
    .insertInto('gallery_likes')
    .values({ gallery_id: id, user_id: userId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (added) {
    await db.updateTable('gallery_items').set((eb) => ({ likes_count: eb('likes_count', '+', 1) })).where('id', '=', id).execute();
    return true;
  }
  const removed = await db.deleteFrom('gallery_likes').where('gallery_id', '=', id).where('user_id', '=', userId).returning('user_id').executeTakeFirst();
  if (removed) await db.updateTable('gallery_items').set((eb) => ({ likes_count: eb('likes_count', '-', 1) })).where('id', '=', id).execute();
  return false;
}

/** A report; null when this user already reported the item (one per person). */
export async function insertReport(
  db: Executor,
  values: { gallery_id: number; user_id: number; reason: 'inappropriate' | 'privacy' | 'other'; description: string | null; now: Date },
) {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('gallery_reports')
    .values({ ...rest, created_at: now })
    .onConflict((oc) => oc.columns(['gallery_id', 'user_id']).doNothing())
    .returning(['id', 'gallery_id', 'reason', 'created_at'])
    .executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable('gallery_items')
    .set((eb) => ({
      reports_count: eb('reports_count', '+', 1),
      // A privacy report ('I'm in it') hides the item at once, until the owner or a moderator restores it.
      ...(values.reason === 'privacy' ? { hidden_at: sql<Date>`coalesce(hidden_at, ${now})` } : {}),
    }))
    .where('id', '=', values.gallery_id)
    .execute();
  return row;
}

/** Approves a pending item and restores a hidden one. */
export async function approveItem(db: Executor, id: number): Promise<void> {
  await db.updateTable('gallery_items').set({ approved: true, hidden_at: null }).where('id', '=', id).execute();
}

/** Removes the item with its upload; answers the files to remove once committed. */
export async function deleteItem(db: Executor, id: number): Promise<UploadFiles | undefined> {
  const item = await db.deleteFrom('gallery_items').where('id', '=', id).returning('upload_id').executeTakeFirst();
  if (!item) return undefined;
  return db.deleteFrom('media_uploads').where('id', '=', item.upload_id).returning(['url', 'url_m', 'url_l', 'incoming_key']).executeTakeFirst();
}
