import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_CROP_SIZE } from '@planns/shared/users/users.rules';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { AVATAR_ACCEPT, cropImage, isAcceptedImage, type AvatarUpload, type CropArea } from '../../lib/crop-image.ts';

const AvatarCropper = lazy(() => import('../../components/avatar-cropper.tsx').then((m) => ({ default: m.AvatarCropper })));

type Picked = { src: string; mime: string };

/** EDIT on the profile picture: pick a file, crop it square to 300 x 300, hand back the upload. */
export function AvatarEditButton({ onCropped, disabled }: { onCropped: (upload: AvatarUpload) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [area, setArea] = useState<CropArea | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isCropping, setIsCropping] = useState(false);

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
    setArea(null);
    setPicked({ src: URL.createObjectURL(file), mime: file.type });
  }

  async function apply() {
    if (!picked || !area) return;
    setIsCropping(true);
    try {
      onCropped(await cropImage(picked.src, area, { width: PROFILE_CROP_SIZE, height: PROFILE_CROP_SIZE }, picked.mime));
      setPicked(null);
    } catch {
      setError(t('avatar.unreadable'));
    } finally {
      setIsCropping(false);
    }
  }

  return (
    <>
      <input ref={inputRef} type="file" accept={AVATAR_ACCEPT} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onFileChange} />
      <button type="button" className="btn btn--secondary btn--small" onClick={() => inputRef.current?.click()} disabled={disabled}>
        <Icon name="camera" size={18} />
        {t('profile.editPhoto')}
      </button>
      <FormMessage message={error} />
      <Sheet open={picked !== null} onOpenChange={(open) => !open && setPicked(null)} title={t('avatar.cropTitle')}>
        {picked ? (
          <Suspense fallback={<Spinner />}>
            <AvatarCropper image={picked.src} shape="rect" onAreaChange={setArea} />
          </Suspense>
        ) : null}
        <div className="sheet__actions">
          <button type="button" className="btn btn--secondary" onClick={() => setPicked(null)}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void apply()} disabled={!area || isCropping}>
            {t('avatar.use')}
          </button>
        </div>
      </Sheet>
    </>
  );
}
