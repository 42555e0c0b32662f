import { NOTIFICATION_SETTINGS, settingFor, type NotificationAction } from '@planns/shared/notifications/notifications.rules';
import type { Notification, NotificationSetting } from '@planns/shared/notifications/notifications.schemas';
import type { Executor } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { NOTIFICATION_MESSAGE, userRoom } from '@planns/shared/realtime/realtime.rules';
import { enqueue } from '../../jobs/queue.ts';
import * as repo from './notifications.repo.ts';

export const NOTIFICATIONS_LIMIT = 100;

function present(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    viewed_at: row.viewed_at ? row.viewed_at.toISOString() : null,
    data: { action: row.action, author: row.author, user: row.author, target: row.event, comment: row.comment, note: row.note },
  };
}

/**
 * Tells `recipients` that `authorId` did `action`, where their settings allow it. Call it inside
 * the transaction of the change it reports: the notifications and the job that pushes them live
 * (the outbox, decision 0026) commit with the change or not at all, and the push happens after
 * commit even if this instance stops first. Returns the notifications written.
 */
export async function notify(
  db: Executor,
  n: { recipients: number[]; as: 'host' | 'guest' | 'person'; action: NotificationAction; authorId: number; eventId?: number | null; commentId?: number | null; note?: string | null; now: Date },
): Promise<{ id: number; user_id: number }[]> {
  const written = await repo.insertNotifications(db, { ...n, setting: settingFor(n.action, n.as) });
  if (written.length > 0) await enqueue(db, 'notifications.deliver', { ids: written.map((w) => w.id) });
  return written;
}

export async function listNotifications(deps: AppDeps, actor: Actor): Promise<Notification[]> {
  return (await repo.listNotifications(deps.db, actor.userId, NOTIFICATIONS_LIMIT)).map(present);
}


export async function markAllViewed(deps: AppDeps, actor: Actor): Promise<void> {
  await repo.markAllViewed(deps.db, actor.userId, deps.clock.now());
}

function asList(stored: Record<string, boolean>): NotificationSetting[] {
  return NOTIFICATION_SETTINGS.map((s) => ({ key: s.key, name: s.name, type: s.type, value: typeof stored[s.key] === 'boolean' ? stored[s.key]! : s.value }));
}

/** GET notification-settings: every setting, defaults filled in; the WhatsApp entry is saved when missing. */
export async function getSettings(deps: AppDeps, actor: Actor): Promise<NotificationSetting[]> {
  const stored = (await repo.readSettings(deps.db, actor.userId)) ?? {};
  if (typeof stored.whatsapp !== 'boolean') {
    await repo.writeSettings(deps.db, actor.userId, { ...stored, whatsapp: NOTIFICATION_SETTINGS[0].value }, deps.clock.now());
  }
  return asList(stored);
}

/** PUT notification-settings {notification_settings}: the given values replace those keys; others keep theirs. */
export async function updateSettings(deps: AppDeps, actor: Actor, changes: { key: string; value: boolean }[]): Promise<NotificationSetting[]> {
  const current = asList((await repo.readSettings(deps.db, actor.userId)) ?? {});
  const next = Object.fromEntries(current.map((s) => [s.key, s.value]));
  for (const change of changes) next[change.key] = change.value;
  await repo.writeSettings(deps.db, actor.userId, next, deps.clock.now());
  return asList(next);
}

/**
 * The job notifications.deliver: pushes committed notifications to their recipients' rooms. Those
 * deleted since (their event deleted) are skipped. Run at least once: a second push of the same
 * notification only makes the web app refetch its list.
 */
export async function deliverNotifications(deps: AppDeps, ids: number[]): Promise<void> {
  if (!deps.realtime || ids.length === 0) return;
  // One query for every recipient (a comment on a busy event notifies all its guests).
  for (const row of await repo.notificationsByIds(deps.db, ids)) {
    deps.realtime.emit(userRoom(row.user_id), NOTIFICATION_MESSAGE, present(row));
  }
}
