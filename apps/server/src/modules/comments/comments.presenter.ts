import type { Comment } from '@planns/shared/comments/comments.schemas';
import type { CommentRow } from './comments.repo.ts';

/** A comment with its author's public face: never phone or email. */
export function presentComment(row: CommentRow): Comment {
  return {
    id: row.id,
    event_id: row.event_id,
    comment: row.comment,
    created_at: row.created_at.toISOString(),
    user: { id: row.user_id, name: row.name, avatar: row.avatar, avatar_s: row.avatar_s },
  };
}
