import { useTranslation } from 'react-i18next';
import type { Comment } from '@planns/shared/comments/comments.schemas';
import { Avatar } from '../../components/avatar.tsx';
import { relativeTimeLabel, fullDateTime } from '../../lib/relative-time.ts';
import { splitLinks } from '../../lib/linkify.ts';

type CommentItemProps = {
  comment: Comment;
  /** The page's preview: the text cut to a few lines, links not clickable (the whole preview opens the panel). */
  isCompact?: boolean;
};

/** One comment: avatar, name, when, and the text as written (its own direction, line breaks kept, never HTML). */
export function CommentItem({ comment, isCompact = false }: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const created = new Date(comment.created_at);
  const hasDate = !Number.isNaN(created.getTime());

  return (
    <li className={isCompact ? 'comment comment--compact' : 'comment'} data-comment-id={comment.id}>
      <Avatar src={comment.user.avatar_s ?? comment.user.avatar} name={comment.user.name} size={isCompact ? 32 : 40} />
      <div className="comment__body">
        <p className="comment__meta">
          <span className="comment__author" dir="auto">
            {comment.user.name || t('comments.noName')}
          </span>
          {hasDate ? (
            <time className="comment__date" dateTime={comment.created_at} title={fullDateTime(created, i18n.language)}>
              {relativeTimeLabel(created, i18n.language)}
            </time>
          ) : null}
        </p>
        <p className="comment__text" dir="auto">
          {isCompact
            ? comment.comment
            : splitLinks(comment.comment).map((part, index) =>
                part.kind === 'link' ? (
                  <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" dir="ltr">
                    {part.text}
                  </a>
                ) : (
                  part.text
                ),
              )}
        </p>
      </div>
    </li>
  );
}
