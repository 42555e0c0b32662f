import { useTranslation } from 'react-i18next';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import { Icon } from '../../components/icon.tsx';

/** A video's play mark (the components' icon set has none). */
export function GalleryPlayIcon({ size = 20 }: { size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
    </svg>
  );
}

/**
 * A video tile shows its first frame: preload="metadata" alone leaves some mobile browsers black,
 * a media fragment at 0.1 s makes them draw it.
 */
function firstFrame(url: string): string {
  return url.includes('#') ? url : `${url}#t=0.1`;
}

/** The tile's accessible name: what it is, who added it, and whether it waits or is hidden. */
function useTileLabel() {
  const { t } = useTranslation();
  return (item: GalleryItem) => {
    const name = item.user_uploaded.name || t('gallery.noName');
    const what = item.type === 'video' ? t('gallery.openVideo', { name }) : t('gallery.openPhoto', { name });
    const states = [!item.approved ? t('gallery.pending') : null, item.is_hidden ? t('gallery.hidden') : null].filter(Boolean);
    return [what, ...states].join('. ');
  };
}

type GalleryGridProps = {
  items: readonly GalleryItem[];
  label: string;
  onOpen: (item: GalleryItem, index: number) => void;
};

/** The 3-column grid of square thumbnails (events §9); each opens the full view. */
export function GalleryGrid({ items, label, onOpen }: GalleryGridProps) {
  const tileLabel = useTileLabel();
  return (
    <ul className="gallery-grid" aria-label={label}>
      {items.map((item, index) => {
        const isFlagged = !item.approved || item.is_hidden;
        return (
          <li key={item.id} className="gallery-grid__cell">
            <button type="button" className="gallery-tile" aria-haspopup="dialog" aria-label={tileLabel(item)} onClick={() => onOpen(item, index)}>
              {item.type === 'video' ? (
                <video className="gallery-tile__media" src={firstFrame(item.url_m)} muted playsInline preload="metadata" tabIndex={-1} aria-hidden="true" />
              ) : (
                <img className="gallery-tile__media" src={item.url_m} alt="" loading="lazy" decoding="async" draggable={false} />
              )}
              {item.type === 'video' ? (
                <span className="gallery-tile__play">
                  <GalleryPlayIcon />
                </span>
              ) : null}
              {isFlagged ? (
                <span className={item.is_hidden ? 'gallery-tile__flag gallery-tile__flag--hidden' : 'gallery-tile__flag'}>
                  <Icon name={item.is_hidden ? 'eye' : 'clock'} size={16} />
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
