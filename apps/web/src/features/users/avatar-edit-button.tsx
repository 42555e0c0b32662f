import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_CROP_SIZE } from '@planns/shared/users/users.rules';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useImageCrop } from '../../components/use-image-crop.ts';
import { AVATAR_ACCEPT, type AvatarUpload } from '../../lib/crop-image.ts';

const AvatarCropper = lazy(() => import('../../components/avatar-cropper.tsx').then((m) => ({ default: m.AvatarCropper })));

/** EDIT on the profile picture: pick a file, crop it square to 300 x 300, hand back the upload. */
export function AvatarEditButton({ onCropped, disabled }: { onCropped: (upload: AvatarUpload) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const { inputRef, picked, setPicked, area, setArea, error, isCropping, onFileChange, crop, openPicker } = useImageCrop();

  async function apply() {
    const upload = await crop(() => ({ width: PROFILE_CROP_SIZE, height: PROFILE_CROP_SIZE }));
    if (!upload) return;
    onCropped(upload);
    setPicked(null);
  }

  return (
    <>
      <input ref={inputRef} type="file" accept={AVATAR_ACCEPT} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onFileChange} />
      <button type="button" className="btn btn--secondary btn--small" onClick={openPicker} disabled={disabled}>
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
