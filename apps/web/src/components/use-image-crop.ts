import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cropImage, isAcceptedImage, type AvatarUpload, type CropArea } from '../lib/crop-image.ts';

export type PickedImage = { src: string; mime: string };

/**
 * Picking a picture from a hidden file input and cropping it: the state both croppers share
 * (login step 4 and the profile's EDIT). `crop(size)` returns the upload or null on failure.
 */
export function useImageCrop(onPicked?: () => void) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [area, setArea] = useState<CropArea | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isCropping, setIsCropping] = useState(false);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!picked) return;
    return () => URL.revokeObjectURL(picked.src);
  }, [picked]);

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file.type)) {
      setError(t('avatar.wrongType'));
      return;
    }
    setError(null);
    onPicked?.();
    setArea(null);
    setPicked({ src: URL.createObjectURL(file), mime: file.type });
  }

  async function crop(size: (area: CropArea) => { width: number; height: number }): Promise<AvatarUpload | null> {
    if (!picked || !area) return null;
    setIsCropping(true);
    try {
      return await cropImage(picked.src, area, size(area), picked.mime);
    } catch {
      setError(t('avatar.unreadable'));
      return null;
    } finally {
      setIsCropping(false);
    }
  }

  return { inputRef, picked, setPicked, area, setArea, error, isCropping, onFileChange, crop, openPicker: () => inputRef.current?.click() };
}
