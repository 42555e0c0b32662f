import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { visibleTo } from '../events/event-visibility.ts';
import type { GalleryMediaFacts } from './media-access.policy.ts';

/**
 * The upload a gallery file URL belongs to, with its item and event as this viewer sees them: one
 * primary-key lookup (the key names the upload), the item by its unique upload_id, the event by id.
 * The URL must be one of the upload's own, so a made-up name never matches another upload.
 */
export async function findGalleryMedia(db: Executor, uploadIds: readonly string[], url: string, viewerId: number | null): Promise<GalleryMediaFacts | undefined> {
  const result = await sql<Omit<GalleryMediaFacts, 'item'> & { item_user_id: number | null; approved: boolean | null; hidden_at: Date | null }>`
    SELECT u.user_id AS uploader_id, u.state, e.user_id AS owner_id, e.visibility, ${visibleTo(viewerId)} AS is_visible,
           g.user_id AS item_user_id, g.approved, g.hidden_at
    FROM media_uploads u
    JOIN events e ON e.id = u.event_id
    LEFT JOIN gallery_items g ON g.upload_id = u.id
    WHERE u.id = ANY(${uploadIds}::text[]) AND ${url} IN (u.url, u.url_m, u.url_l)
    LIMIT 1
  `.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const { item_user_id, approved, hidden_at, ...facts } = row;
  return { ...facts, item: item_user_id === null ? null : { user_id: item_user_id, approved: approved ?? false, hidden_at } };
}

/** The events showing this picture URL (normally one: each event has its own copy), as this viewer sees them. */
export async function findEventsOfPicture(db: Executor, url: string, viewerId: number | null) {
  const result = await sql<{ user_id: number; visibility: 'public' | 'private' | 'friends'; is_visible: boolean }>`
    SELECT e.user_id, e.visibility, ${visibleTo(viewerId)} AS is_visible
    FROM events e
    WHERE e.image = ${url} OR e.m_image = ${url}
  `.execute(db);
  return result.rows;
}
