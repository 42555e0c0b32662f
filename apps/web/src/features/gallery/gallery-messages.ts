import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { GALLERY_MESSAGES } from '@planns/shared/gallery/gallery.rules';

export type GalleryMessageKey = keyof typeof GALLERY_MESSAGES;

/** The gallery text a server message is, word for word (the server speaks English; the page translates). */
export function galleryMessageKey(message: string): GalleryMessageKey | null {
  const keys = Object.keys(GALLERY_MESSAGES) as GalleryMessageKey[];
  return keys.find((key) => GALLERY_MESSAGES[key] === message) ?? null;
}

/** Translates a gallery text by its key, or a server message when it is one of them (else the message as it came). */
export function useGalleryMessage() {
  const { t } = useTranslation();
  return useCallback(
    (message: GalleryMessageKey | string) => {
      const key = message in GALLERY_MESSAGES ? (message as GalleryMessageKey) : galleryMessageKey(message);
      return key ? t(`gallery.messages.${key}`) : message;
    },
    [t],
  );
}
