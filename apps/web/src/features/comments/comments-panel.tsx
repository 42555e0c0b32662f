import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { flattenCommentPages, useComments } from '../../api/comments/list-comments.ts';
import { Sheet } from '../../components/sheet.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { CommentsComposer } from './comments-composer.tsx';
import { CommentItem } from './comments-item.tsx';

type CommentsPanelProps = {
  event: Event;
  isSignedIn: boolean;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** Unicode isolates keep a title in another script from reordering the text around it. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The full-height 'Comments: {event title}' panel (events §2 "Comments panel"); visitors read it too. */
export function CommentsPanel({ event, isSignedIn, isOpen, onOpenChange }: CommentsPanelProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange} title={t('comments.title', { name: isolate(event.name) })} size="full">
      <CommentsPanelContent event={event} isSignedIn={isSignedIn} />
    </Sheet>
  );
}

/** Mounted only while the panel is open, so the list is fetched (or refreshed) when it opens. */
function CommentsPanelContent({ event, isSignedIn }: { event: Event; isSignedIn: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const listRef = useRef<HTMLUListElement>(null);
  const comments = useComments(event.id, { enabled: true });
  const list = flattenCommentPages(comments.data);
  // A comment just posted goes on top of the list: scroll it into view once it is rendered.
  const [postedId, setPostedId] = useState<number | null>(null);
  const newestId = list[0]?.id;

  useEffect(() => {
    if (postedId === null) return;
    const item = listRef.current?.querySelector(`[data-comment-id="${postedId}"]`);
    if (!item) return;
    item.scrollIntoView({ block: 'nearest' });
    setPostedId(null);
  }, [postedId, newestId]);

  let content;
  if (comments.data) {
    content =
      list.length === 0 ? (
        <p className="comments-panel__empty">{t('comments.empty')}</p>
      ) : (
        <ul ref={listRef} className="comments-list" aria-label={t('comments.listLabel')}>
          {list.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ul>
      );
  } else if (comments.isError) {
    content = (
      <div className="comments-panel__state" role="alert">
        <p>{t('comments.loadFailed')}</p>
        <p className="comments-panel__muted">{errorMessage(comments.error)}</p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void comments.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    content = (
      <div className="comments-panel__state">
        <Spinner />
      </div>
    );
  }

  return (
    <div className="comments-panel">
      <div className="comments-panel__list">
        {content}
        {comments.hasNextPage ? (
          <button
            type="button"
            className="btn btn--secondary btn--small comments-panel__older"
            disabled={comments.isFetchingNextPage}
            onClick={() => void comments.fetchNextPage()}
          >
            {comments.isFetchingNextPage ? <Spinner size="small" /> : null}
            {t('comments.loadOlder')}
          </button>
        ) : null}
        {comments.isFetchNextPageError ? <p className="form-message form-message--error">{errorMessage(comments.error)}</p> : null}
      </div>
      {event.deleted_by_moderator ? (
        <p className="comments-panel__closed">{t('comments.closed')}</p>
      ) : (
        <CommentsComposer event={event} isSignedIn={isSignedIn} onPosted={(comment) => setPostedId(comment.id)} />
      )}
    </div>
  );
}
