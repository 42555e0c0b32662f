import { Dialog } from 'radix-ui';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { useApproveGalleryItem } from '../../api/gallery/approve-gallery-item.ts';
import { useDeleteGalleryItem } from '../../api/gallery/delete-gallery-item.ts';
import { useLikeGalleryItem } from '../../api/gallery/like-gallery-item.ts';
import { Avatar } from '../../components/avatar.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icon.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { showNotice } from '../../lib/notice.ts';
import { NoticeList } from '../../components/notice-list.tsx';
import { fullDateTime, relativeTimeLabel } from '../../lib/relative-time.ts';
import { canStep, keyStep, resolveOpenIndex, stepIndex, swipeStep, type GalleryStep } from './gallery-navigation.ts';
import { GalleryReportSheet } from './gallery-report-sheet.tsx';

/** The share panel loads on the first Share, as from the page's Share button. */
const SharePanel = lazy(() => import('../share/share-panel.tsx').then((module) => ({ default: module.SharePanel })));

export type GalleryLoginReason = 'like' | 'report';

type GalleryFullViewProps = {
  event: Event;
  user: User | null;
  /** The gallery as loaded, newest first. */
  items: readonly GalleryItem[];
  /** The item shown, and its index when it was last seen (to move back one if it leaves the list). */
  openId: number;
  lastIndex: number;
  /** Older items can still be loaded (asked for when the view reaches the last loaded one). */
  hasMore: boolean;
  onLoadMore: () => void;
  onShow: (id: number, index: number) => void;
  onClose: () => void;
  /** A visitor tried to like or report: log in first. */
  onLoginNeeded: (reason: GalleryLoginReason, item: GalleryItem) => void;
};

type Open = 'share' | 'report' | 'delete' | null;

/**
 * The gallery's full view (events §2 Gallery "full"): one item large (url_l, or the video with
 * its controls), previous / next with buttons, the arrow keys and a swipe, its position, who added
 * it, and the item's actions: like, share (WhatsApp and Copy Link with open_photo), report,
 * delete and approve / restore for those allowed.
 */
export function GalleryFullView(props: GalleryFullViewProps) {
  const { event, user, items, openId, lastIndex, hasMore, onLoadMore, onShow, onClose, onLoginNeeded } = props;
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState<Open>(null);
  const [hasOpenedShare, setHasOpenedShare] = useState(false);
  const swipeStart = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  // Radix gives focus back to a Dialog.Trigger; the view and its sheets open without one, so
  // focus goes back by hand: to what opened the view (a tile), and to the button that opened a sheet.
  const [returnFocusTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const contentRef = useRef<HTMLDivElement>(null);
  const shareRef = useRef<HTMLButtonElement>(null);
  const reportRef = useRef<HTMLButtonElement>(null);
  const like = useLikeGalleryItem();
  const remove = useDeleteGalleryItem();
  const approve = useApproveGalleryItem();

  const ids = items.map((item) => item.id);
  const index = resolveOpenIndex(ids, openId, lastIndex);
  const item = index === null ? null : items[index]!;
  const count = items.length;

  // The shown item left the list (deleted, hidden by a privacy report): show the one before it,
  // or close when none is left. A new upload on top only moves the index.
  useEffect(() => {
    if (index === null) onClose();
    else if (ids[index] !== openId || index !== lastIndex) onShow(ids[index]!, index);
  });

  // At the last loaded item, load the older ones so Next can go on.
  const isAtEnd = index !== null && index === count - 1;
  useEffect(() => {
    if (isAtEnd && hasMore) onLoadMore();
  }, [isAtEnd, hasMore, onLoadMore]);

  if (item === null || index === null) return null;

  function closeOverlay(focusTarget: HTMLElement | null) {
    setOpen(null);
    requestAnimationFrame(() => (focusTarget?.isConnected ? focusTarget : contentRef.current)?.focus());
  }

  const direction = i18n.dir();
  const isOwn = user !== null && item.user_uploaded.id === user.id;
  const name = item.user_uploaded.name || t('gallery.noName');
  const created = new Date(item.created_at);
  const hasDate = !Number.isNaN(created.getTime());

  function go(step: GalleryStep) {
    if (index === null || !canStep(index, count, step)) return;
    const next = stepIndex(index, count, step);
    onShow(items[next]!.id, next);
  }

  function onKeyDown(keyEvent: KeyboardEvent<HTMLDivElement>) {
    // Keys from the sheets opened over the view reach here through React's tree: not for us.
    const target = keyEvent.target as HTMLElement;
    if (!keyEvent.currentTarget.contains(target)) return;
    // A video's own controls use the arrows (seek, volume).
    if (target.closest('video, input, textarea, select')) return;
    const step = keyStep(keyEvent.key, direction);
    if (step === null) return;
    keyEvent.preventDefault();
    go(step);
  }

  function onPointerDown(pointerEvent: PointerEvent<HTMLDivElement>) {
    if (!pointerEvent.isPrimary || pointerEvent.button !== 0) return;
    // Dragging along a video's time bar is not a swipe.
    if ((pointerEvent.target as HTMLElement).closest('video, button')) return;
    swipeStart.current = { pointerId: pointerEvent.pointerId, x: pointerEvent.clientX, y: pointerEvent.clientY };
  }

  function onPointerUp(pointerEvent: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== pointerEvent.pointerId) return;
    const step = swipeStep(pointerEvent.clientX - start.x, pointerEvent.clientY - start.y, direction);
    if (step) go(step);
  }

  function onLike() {
    if (!item) return;
    if (user === null) {
      onLoginNeeded('like', item);
      return;
    }
    if (!like.isPending) like.mutate(item);
  }

  function onReport() {
    if (!item) return;
    if (user === null) {
      onLoginNeeded('report', item);
      return;
    }
    if (item.is_abused) {
      showNotice({ title: t('gallery.messages.alreadyReported'), tone: 'error' });
      return;
    }
    setOpen('report');
  }

  function confirmDelete() {
    if (!item) return;
    remove.mutate(item, {
      // The list loses the item and the view moves back one (resolveOpenIndex above).
      onSuccess: () => {
        closeOverlay(null);
        showNotice({ title: t('gallery.full.deleted') });
      },
      // A failed delete is silent (events §8): the dialog closes, the item stays.
      onError: (error) => {
        console.error('Deleting the gallery item failed', error);
        closeOverlay(null);
      },
    });
  }

  function onApprove() {
    if (!item || approve.isPending) return;
    const wasHidden = item.is_hidden;
    approve.mutate(item, {
      onSuccess: () => showNotice({ title: wasHidden ? t('gallery.full.restored') : t('gallery.full.approved') }),
      onError: (error) => showNotice({ title: errorMessage(error), tone: 'error' }),
    });
  }

  const canModerate = item.can_moderate && (!item.approved || item.is_hidden);
  const likePending = like.isPending && like.variables?.id === item.id;
  const position = t('gallery.full.position', { position: index + 1, count });

  return (
    <Dialog.Root open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="gallery-full-overlay" />
        <Dialog.Content
          ref={contentRef}
          className="gallery-full"
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(focusEvent) => {
            focusEvent.preventDefault();
            if (returnFocusTo?.isConnected) returnFocusTo.focus();
          }}
        >
          <div className="gallery-full__top">
            <Dialog.Title className="visually-hidden">{t('gallery.full.title', { name: event.name })}</Dialog.Title>
            <p className="gallery-full__position" aria-live="polite" aria-atomic="true">
              {position}
            </p>
            <Dialog.Close className="icon-button gallery-full__icon" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>

          <div
            className="gallery-full__stage"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              swipeStart.current = null;
            }}
          >
            {item.type === 'video' ? (
              <video
                key={item.id}
                className="gallery-full__media"
                src={item.url_l}
                controls
                playsInline
                preload="metadata"
                aria-label={t('gallery.openVideo', { name })}
              />
            ) : (
              <img
                key={item.id}
                className="gallery-full__media"
                src={item.url_l}
                alt={t('gallery.openPhoto', { name })}
                width={item.width ?? undefined}
                height={item.height ?? undefined}
                draggable={false}
              />
            )}
            <button
              type="button"
              className="gallery-full__nav gallery-full__nav--previous"
              aria-label={t('gallery.full.previous')}
              disabled={!canStep(index, count, 'previous')}
              onClick={() => go('previous')}
            >
              <Icon name="back" />
            </button>
            <button
              type="button"
              className="gallery-full__nav gallery-full__nav--next"
              aria-label={t('gallery.full.next')}
              disabled={!canStep(index, count, 'next')}
              onClick={() => go('next')}
            >
              <Icon name="forward" />
            </button>
          </div>

          <div className="gallery-full__panel">
            {!item.approved || item.is_hidden || item.reports_count > 0 ? (
              <ul className="gallery-badges" aria-label={t('gallery.full.status')}>
                {!item.approved ? <li className="gallery-badge">{t('gallery.pending')}</li> : null}
                {item.is_hidden ? <li className="gallery-badge gallery-badge--danger">{t('gallery.hidden')}</li> : null}
                {item.reports_count > 0 ? (
                  <li className="gallery-badge gallery-badge--danger">{t('gallery.reports', { count: item.reports_count })}</li>
                ) : null}
              </ul>
            ) : null}

            <div className="gallery-full__uploader">
              <Avatar src={item.user_uploaded.avatar_s ?? item.user_uploaded.avatar} name={item.user_uploaded.name} size={36} />
              <p className="gallery-full__uploader-text">
                <span className="gallery-full__uploader-name" dir="auto">
                  {name}
                </span>
                {hasDate ? (
                  <time className="gallery-full__date" dateTime={item.created_at} title={fullDateTime(created, i18n.language)}>
                    {relativeTimeLabel(created, i18n.language)}
                  </time>
                ) : null}
              </p>
            </div>

            <div className="gallery-full__actions">
              <button
                type="button"
                className={item.is_liked ? 'gallery-action gallery-action--liked' : 'gallery-action'}
                aria-pressed={item.is_liked}
                onClick={onLike}
              >
                {/* 'Like 3': the visible count is part of the name (WCAG 2.5.3, label in name). */}
                <span className="visually-hidden">{t('gallery.full.likeAction')}</span>
                {likePending ? <Spinner size="small" label={t('gallery.full.liking')} /> : <Icon name="heart" size={20} />}
                <span>{item.likes_count}</span>
              </button>
              <button
                ref={shareRef}
                type="button"
                className="gallery-action"
                aria-haspopup="dialog"
                onClick={() => {
                  setHasOpenedShare(true);
                  setOpen('share');
                }}
              >
                <Icon name="link" size={20} />
                {t('gallery.full.share')}
              </button>
              {isOwn ? null : (
                <button ref={reportRef} type="button" className="gallery-action" aria-haspopup="dialog" onClick={onReport}>
                  <Icon name="shield" size={20} />
                  {t('gallery.full.report')}
                </button>
              )}
              {canModerate ? (
                <button type="button" className="gallery-action gallery-action--primary" disabled={approve.isPending} onClick={onApprove}>
                  {approve.isPending ? <Spinner size="small" /> : <Icon name="check" size={20} />}
                  {item.is_hidden ? t('gallery.full.restore') : t('gallery.full.approve')}
                </button>
              ) : null}
              {item.can_delete ? (
                <button type="button" className="gallery-action gallery-action--danger" aria-haspopup="dialog" onClick={() => setOpen('delete')}>
                  <Icon name="trash" size={20} />
                  {t('gallery.full.delete')}
                </button>
              ) : null}
            </div>
            {like.isError && like.variables?.id === item.id && !(isApiError(like.error) && like.error.status === 401) ? (
              <p className="form-message form-message--error gallery-full__error" role="alert">
                {errorMessage(like.error)}
              </p>
            ) : null}
          </div>

          <ConfirmDialog
            open={open === 'delete'}
            onOpenChange={(next) => !next && closeOverlay(null)}
            title={t('eventMenu.deleteConfirm')}
            confirmLabel={t('common.delete')}
            isPending={remove.isPending}
            onConfirm={confirmDelete}
          />
          {user !== null && !isOwn ? (
            <GalleryReportSheet
              item={item}
              open={open === 'report'}
              onOpenChange={(next) => (next ? setOpen('report') : closeOverlay(reportRef.current))}
            />
          ) : null}
          {hasOpenedShare ? (
            <Suspense fallback={null}>
              <SharePanel
                event={event}
                user={user}
                open={open === 'share'}
                onOpenChange={(next) => (next ? setOpen('share') : closeOverlay(shareRef.current))}
                photoId={item.id}
              />
            </Suspense>
          ) : null}
          {/* Last, so the view's first focus goes to its own controls. */}
          {/* The page's notices ('Report sent', 'Copied'...): the shell's list is under the view and hidden from assistive technology while it is open; the shell still times them out. */}
          <NoticeList className="gallery-full__notices" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
