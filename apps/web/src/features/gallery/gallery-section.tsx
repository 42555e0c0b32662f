import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { GALLERY_ACCEPT } from '@planns/shared/gallery/gallery.rules';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { likeGalleryItemAfterLogin } from '../../api/gallery/like-gallery-item.ts';
import { flattenGalleryPages, useGallery } from '../../api/gallery/list-gallery.ts';
import { Icon } from '../../components/icon.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { useFormat } from '../../lib/format.ts';
import { requireLogin } from '../../lib/login-prompt.ts';
import { delay, requireIdParam } from '../../lib/remembered-actions.ts';
import { useRememberedActionHandler } from '../../lib/use-remembered-action-handler.ts';
import type { GalleryLoginReason } from './gallery-full-view.tsx';
import { GalleryGrid } from './gallery-grid.tsx';
import { GalleryUploadPanel } from './gallery-upload-panel.tsx';
import { useGalleryUploader } from './gallery-upload-runner.ts';
import './gallery.css';
import { useNearViewport } from '../../lib/use-near-viewport.ts';

/** The full view loads on the first photo opened. */
/** The list of every item (a dialog) loads when it is first opened (issue 16). */
const GalleryListSheet = lazy(() => import('./gallery-list-sheet.tsx').then((module) => ({ default: module.GalleryListSheet })));
const GalleryFullView = lazy(() => import('./gallery-full-view.tsx').then((module) => ({ default: module.GalleryFullView })));

/** How many of the newest items the event page previews (three rows of the grid). */
export const GALLERY_PREVIEW_COUNT = 9;

/** ?open_photo=<id>: the shared link of one photo (share panel from the full view). */
export const OPEN_PHOTO_PARAM = 'open_photo';
/** History state: this entry was added by a tap that opened a photo (closing it goes back). */
const PUSHED_PHOTO = 'galleryPhotoPushed';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Delay before a like tried while signed out is sent after login (events §9, as for events). */
const LIKE_RESUME_DELAY_MS = 1000;

function readOpenPhoto(search: string): number | null {
  const value = new URLSearchParams(search).get(OPEN_PHOTO_PARAM);
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Whether the user may add photos and videos: going, maybe, or the owner (events §4 Upload permission). */
export function canUploadToGallery(event: Pick<Event, 'is_owner' | 'is_joined' | 'is_maybe' | 'deleted_by_moderator'>, user: User | null): boolean {
  return user !== null && !event.deleted_by_moderator && (event.is_owner || event.is_joined || event.is_maybe);
}

/**
 * The event page's gallery (events §2 Gallery): 'Photos and videos (N)', the newest nine in the
 * 3-column grid (the preview), See all (the list view), the full view, and for guests who are
 * going or maybe and the owner, Add photos and videos with its upload queue. Visitors see it
 * read-only, and not at all while it is empty. ?open_photo=<id> opens that item's full view.
 */
export function GallerySection({ event, user }: { event: Event; user: User | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const isSignedIn = user !== null;
  // Below the page's first screen: fetched as it comes near, or at once for a shared photo's link.
  const [sectionRef, isNear] = useNearViewport<HTMLElement>();
  const gallery = useGallery(event.id, isSignedIn, { enabled: isNear || new URLSearchParams(location.search).has(OPEN_PHOTO_PARAM) });
  const items = flattenGalleryPages(gallery.data);
  const canUpload = canUploadToGallery(event, user);
  const { queue, uploader } = useGalleryUploader(event.id);
  const inputRef = useRef<HTMLInputElement>(null);
  const [isListOpen, setIsListOpen] = useState(false);
  const [hasOpenedList, setHasOpenedList] = useState(false);
  if (isListOpen && !hasOpenedList) setHasOpenedList(true);
  const [full, setFull] = useState<{ id: number; index: number } | null>(null);
  const [hasOpenedFull, setHasOpenedFull] = useState(false);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = gallery;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  function openItem(item: GalleryItem, index: number) {
    setHasOpenedFull(true);
    setFull({ id: item.id, index });
  }

  // ?open_photo=<id> opens the full view on that item once the gallery is loaded, once per
  // navigation (state adjusted while rendering); an id not in the gallery opens nothing.
  const openPhoto = readOpenPhoto(location.search);
  const hasOpenPhotoParam = new URLSearchParams(location.search).has(OPEN_PHOTO_PARAM);
  const [handledNavigation, setHandledNavigation] = useState<string | null>(null);
  if (hasOpenPhotoParam && (gallery.isSuccess || gallery.isError) && handledNavigation !== location.key) {
    setHandledNavigation(location.key);
    const index = openPhoto === null ? -1 : items.findIndex((item) => item.id === openPhoto);
    if (index >= 0) openItem(items[index]!, index);
  }

  // Changing the address resets the scroll (app shell); the page stays where it was.
  const keepScroll = useRef<number | null>(null);
  useEffect(() => {
    if (keepScroll.current === null) return;
    window.scrollTo(0, keepScroll.current);
    keepScroll.current = null;
  }, [location.key]);

  function setOpenPhotoParam(id: number | null, { push = false }: { push?: boolean } = {}) {
    const search = new URLSearchParams(location.search);
    if (id === null) search.delete(OPEN_PHOTO_PARAM);
    else search.set(OPEN_PHOTO_PARAM, String(id));
    const next = search.toString();
    if (next === location.search.replace(/^\?/, '')) return;
    keepScroll.current = window.scrollY;
    const to = { pathname: location.pathname, search: next ? `?${next}` : '', hash: location.hash };
    // A photo opened by a tap is an entry of its own (Back closes it); otherwise the address is
    // only kept up to date (another photo shown, a login asked for).
    if (push) void navigate(to, { state: { ...(isRecord(location.state) ? location.state : {}), [PUSHED_PHOTO]: true } });
    else void navigate(to, { replace: true, state: location.state });
  }
  /** A tap on a photo: the address names it (reload, sharing and Back work), and that opens it. */
  function openFromTap(item: GalleryItem, index: number) {
    if (hasOpenPhotoParam) openItem(item, index);
    setOpenPhotoParam(item.id, { push: !hasOpenPhotoParam });
  }
  function showOther(id: number, index: number) {
    setFull({ id, index });
    setOpenPhotoParam(id);
  }
  function closeFull() {
    setFull(null);
    if (!hasOpenPhotoParam) return;
    // Opened by a tap: back to the entry before it. Opened by a link: the address drops open_photo
    // (replace: Back does not reopen it).
    if (isRecord(location.state) && location.state[PUSHED_PHOTO] === true) void navigate(-1);
    else setOpenPhotoParam(null);
  }
  // Back (or any change of address) that drops open_photo closes the full view.
  const [hadOpenPhotoParam, setHadOpenPhotoParam] = useState(hasOpenPhotoParam);
  if (hadOpenPhotoParam !== hasOpenPhotoParam) {
    setHadOpenPhotoParam(hasOpenPhotoParam);
    if (!hasOpenPhotoParam) {
      if (full !== null) setFull(null);
      // Forward to the photo's entry opens it again.
      setHandledNavigation(null);
    }
  }

  /**
   * A visitor likes or reports from the full view: the address keeps the item (open_photo), so
   * the page reopens it after login; a like is then sent (like_photo, after 1 s).
   */
  function askToLogIn(reason: GalleryLoginReason, item: GalleryItem) {
    setOpenPhotoParam(item.id);
    if (reason === 'like') requireLogin({ name: 'like_photo', params: { event_id: event.id, photo_id: item.id } });
    else requireLogin();
  }

  useRememberedActionHandler('like_photo', async (params, { queryClient }) => {
    const eventId = requireIdParam(params, 'event_id', 'like_photo');
    const photoId = requireIdParam(params, 'photo_id', 'like_photo');
    if (eventId === null || photoId === null) return;
    await delay(LIKE_RESUME_DELAY_MS);
    await likeGalleryItemAfterLogin(queryClient, Number(eventId), Number(photoId));
  });

  function onFilesChosen(changeEvent: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(changeEvent.target.files ?? []);
    // Cleared, so choosing the same file again (after a failure) is a change too.
    changeEvent.target.value = '';
    if (files.length > 0) uploader.add(files);
  }

  const isEmpty = gallery.isSuccess && items.length === 0 && !hasNextPage;
  // Visitors see the gallery read-only, and nothing while it is empty or not theirs to see.
  if (!isSignedIn && (isEmpty || gallery.isError || gallery.isPending)) return null;

  const preview = items.slice(0, GALLERY_PREVIEW_COUNT);
  const hasMoreThanPreview = items.length > GALLERY_PREVIEW_COUNT || hasNextPage;
  const countLabel = hasNextPage ? `${format.number(items.length)}+` : format.number(items.length);

  let content;
  if (gallery.isPending) {
    content = (
      <div className="gallery-section__state">
        <Spinner />
      </div>
    );
  } else if (gallery.isError && items.length === 0) {
    content = (
      <div className="gallery-section__state" role="alert">
        <p>{t('gallery.loadFailed')}</p>
        <p className="gallery-section__muted">{errorMessage(gallery.error)}</p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void gallery.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (isEmpty) {
    content = (
      <div className="gallery-section__empty">
        <Icon name="image" size={28} />
        <p>{t('gallery.empty')}</p>
        {canUpload ? <p className="gallery-section__muted">{t('gallery.emptyHint')}</p> : null}
      </div>
    );
  } else {
    content = <GalleryGrid items={preview} label={t('gallery.previewLabel')} onOpen={openFromTap} />;
  }

  return (
    <section ref={sectionRef} className="event-page__section gallery-section" aria-labelledby={titleId}>
      <div className="gallery-section__header">
        <h2 id={titleId} className="gallery-section__title">
          <Icon name="image" size={20} />
          {t('gallery.title', { number: gallery.isSuccess ? countLabel : '…' })}
        </h2>
        {hasMoreThanPreview ? (
          <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setIsListOpen(true)}>
            {t('gallery.seeAll')}
            <Icon name="forward" size={16} />
          </button>
        ) : null}
      </div>

      {content}

      {canUpload ? (
        <>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={GALLERY_ACCEPT}
            hidden
            tabIndex={-1}
            aria-hidden="true"
            onChange={onFilesChosen}
          />
          <button type="button" className="btn btn--secondary btn--block" onClick={() => inputRef.current?.click()}>
            <Icon name="camera" size={20} />
            {t('gallery.add')}
          </button>
        </>
      ) : null}

      <GalleryUploadPanel queue={queue} uploader={uploader} />

      {hasOpenedList ? (
        <Suspense fallback={null}>
          <GalleryListSheet
            event={event}
            items={items}
            open={isListOpen}
            onOpenChange={setIsListOpen}
            onOpenItem={openFromTap}
            hasMore={hasNextPage}
            isLoadingMore={isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </Suspense>
      ) : null}

      {hasOpenedFull && full !== null ? (
        <Suspense fallback={null}>
          <GalleryFullView
            event={event}
            user={user}
            items={items}
            openId={full.id}
            lastIndex={full.index}
            hasMore={hasNextPage}
            onLoadMore={loadMore}
            onShow={showOther}
            onClose={closeFull}
            onLoginNeeded={askToLogIn}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
