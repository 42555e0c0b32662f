import { sql, type RawBuilder } from 'kysely';
import { defaultSetting, type NotificationAction, type NotificationSettingKey } from '@planns/shared/notifications/notifications.rules';
import type { Executor } from '../../db/database.ts';

export interface NotificationRow {
  id: number;
  user_id: number;
  action: NotificationAction;
  created_at: Date;
  viewed_at: Date | null;
  note: string | null;
  comment: string | null;
  author: { id: number; name: string | null; avatar: string | null } | null;
  event: { id: number; hash: string; name: string } | null;
}

/**
 * Writes one notification per recipient whose settings let it through (a missing choice means
 * the default of accounts §9). Never to the author themself. Returns the ids written, per user.
 */
export async function insertNotifications(
  db: Executor,
  n: { recipients: number[]; action: NotificationAction; setting: NotificationSettingKey | null; authorId: number | null; eventId?: number | null; commentId?: number | null; note?: string | null; now: Date },
): Promise<{ id: number; user_id: number }[]> {
  const recipients = [...new Set(n.recipients)].filter((id) => id !== n.authorId);
  if (recipients.length === 0) return [];
  const gate = n.setting
    ? sql`AND coalesce((SELECT (s.settings ->> ${n.setting})::boolean FROM notification_settings s WHERE s.user_id = r.id), ${defaultSetting(n.setting)})`
    : sql``;
  const result = await sql<{ id: number; user_id: number }>`
    INSERT INTO notifications (user_id, action, author_id, event_id, comment_id, note, created_at)
    SELECT r.id, ${n.action}, ${n.authorId}, ${n.eventId ?? null}, ${n.commentId ?? null}, ${n.note || null}, ${n.now}
    FROM unnest(${recipients}::bigint[]) AS r(id)
    WHERE true ${gate}
    RETURNING id, user_id
  `.execute(db);
  return result.rows;
}

/** Notifications with their author, event and comment, newest first. */
async function selectNotifications(db: Executor, where: RawBuilder<unknown>, limit: number): Promise<NotificationRow[]> {
  const result = await sql<NotificationRow>`
    SELECT n.id, n.user_id, n.action, n.created_at, n.viewed_at, n.note, c.comment,
      CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name, 'avatar', a.avatar_s) END AS author,
      CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object('id', e.id, 'hash', e.hash, 'name', e.name) END AS event
    FROM notifications n
    LEFT JOIN users a ON a.id = n.author_id
    LEFT JOIN events e ON e.id = n.event_id
    LEFT JOIN comments c ON c.id = n.comment_id
    WHERE ${where}
    ORDER BY n.created_at DESC, n.id DESC
    LIMIT ${limit}
  `.execute(db);
  return result.rows;
}

/** One person's newest notifications. */
export function listNotifications(db: Executor, userId: number, limit: number): Promise<NotificationRow[]> {
  return selectNotifications(db, sql`n.user_id = ${userId}`, limit);
}

/** These notifications, whoever they are for (delivering what a change wrote, in one query). */
export function notificationsByIds(db: Executor, ids: number[]): Promise<NotificationRow[]> {
  return selectNotifications(db, sql`n.id = ANY(${ids}::bigint[])`, ids.length);
}

export async function markAllViewed(db: Executor, userId: number, now: Date): Promise<number> {
  const rows = await db.updateTable('notifications').set({ viewed_at: now }).where('user_id', '=', userId).where('viewed_at', 'is', null).returning('id').execute();
  return rows.length;
}

export async function readSettings(db: Executor, userId: number): Promise<Record<string, boolean> | null> {
  const row = await db.selectFrom('notification_settings').select('settings').where('user_id', '=', userId).executeTakeFirst();
  return row?.settings ?? null;
}

export async function writeSettings(db: Executor, userId: number, settings: Record<string, boolean>, now: Date): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, settings: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings: json, updated_at: now }))
    .execute();
}
