import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import { Sheet } from '../../components/sheet.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { GalleryGrid } from './gallery-grid.tsx';

type GalleryListSheetProps = {
  event: Event;
  items: readonly GalleryItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenItem: (item: GalleryItem, index: number) => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
};

/** Unicode isolates keep a title in another script from reordering the text around it. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The gallery's "list" view: a full-height panel with the whole 3-column grid (events §2 Gallery). */
export function GalleryListSheet({ event, items, open, onOpenChange, onOpenItem, hasMore, isLoadingMore, onLoadMore }: GalleryListSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('gallery.listTitle', { name: isolate(event.name) })} size="full">
      <div className="gallery-list">
        <GalleryGrid items={items} label={t('gallery.gridLabel')} onOpen={onOpenItem} />
        {hasMore ? (
          <button type="button" className="btn btn--secondary btn--small gallery-list__older" disabled={isLoadingMore} onClick={onLoadMore}>
            {isLoadingMore ? <Spinner size="small" /> : null}
            {t('gallery.loadOlder')}
          </button>
        ) : null}
      </div>
    </Sheet>
  );
}
