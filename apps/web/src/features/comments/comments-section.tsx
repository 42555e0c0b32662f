import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { flattenCommentPages, useComments } from '../../api/comments/list-comments.ts';
import { Icon } from '../../components/icon.tsx';
import { useFormat } from '../../lib/format.ts';
import { CommentItem } from './comments-item.tsx';
import './comments-section.css';
import { useNearViewport } from '../../lib/use-near-viewport.ts';

/** The full-height panel (its dialog code too) loads when it is first opened (issue 16). */
const CommentsPanel = lazy(() => import('./comments-panel.tsx').then((module) => ({ default: module.CommentsPanel })));

/** How many of the newest comments the event page previews. */
const PREVIEW_COUNT = 2;

/**
 * The event page's comments: a 'Comments (N)' button and the newest two comments; either opens
 * the full-height comments panel. Visitors read them too (events §6).
 */
export function CommentsSection({ event, user }: { event: Event; user: User | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const [isOpen, setIsOpen] = useState(false);
  // Kept once opened, so that the panel's closing animation plays.
  const [hasOpened, setHasOpened] = useState(false);
  if (isOpen && !hasOpened) setHasOpened(true);
  // Below the page's first screen: the preview is fetched as it comes near (the panel fetches its own).
  const [sectionRef, isNear] = useNearViewport<HTMLElement>();
  const comments = useComments(event.id, { enabled: event.comments_count > 0 && isNear });
  const preview = flattenCommentPages(comments.data).slice(0, PREVIEW_COUNT);
  const open = () => setIsOpen(true);

  return (
    <section ref={sectionRef} className="event-page__section comments-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="comments-section__title">
        <button type="button" className="comments-section__open" aria-haspopup="dialog" onClick={open}>
          <Icon name="chat" size={20} />
          <span className="comments-section__label">{t('comments.open', { number: format.number(event.comments_count) })}</span>
          <Icon name="forward" size={18} />
        </button>
      </h2>
      {preview.length > 0 ? (
        // A shortcut for pointers: the button above is the control (keyboard and screen readers).
        <ul className="comments-list comments-list--preview" aria-label={t('comments.previewLabel')} onClick={open}>
          {preview.map((comment) => (
            <CommentItem key={comment.id} comment={comment} isCompact />
          ))}
        </ul>
      ) : null}
      {hasOpened ? (
        <Suspense fallback={null}>
          <CommentsPanel event={event} isSignedIn={user !== null} isOpen={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}
