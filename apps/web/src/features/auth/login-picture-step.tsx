import { Dialog } from 'radix-ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGIN_CROP_MAX } from '@planns/shared/users/users.rules';
import { useCurrentUser } from '../../api/users/get-current-user.ts';
import { useUpdateAvatar } from '../../api/users/update-avatar.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useImageCrop } from '../../components/use-image-crop.ts';
import { AVATAR_ACCEPT, fitWithin } from '../../lib/crop-image.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';

const AvatarCropper = lazy(() => import('../../components/avatar-cropper.tsx').then((m) => ({ default: m.AvatarCropper })));

/** A profile picture with a round cropper; the canvas is at most 400 wide and 500 high. */
export function LoginPictureStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const updateAvatar = useUpdateAvatar();
  const errorMessage = useErrorMessage();
  const { inputRef, picked, setPicked, area, setArea, error: localError, isCropping, onFileChange, crop, openPicker } = useImageCrop(() =>
    updateAvatar.reset(),
  );

  async function upload() {
    if (!user) return;
    const upload = await crop((cropped) => fitWithin(cropped.width, cropped.height, LOGIN_CROP_MAX.width, LOGIN_CROP_MAX.height));
    if (upload) updateAvatar.mutate({ id: user.id, ...upload }, { onSuccess: onDone });
  }

  const isBusy = isCropping || updateAvatar.isPending;

  return (
    <div className="login-step">
      <Dialog.Title className="login-step__title">{t('login.picture.title')}</Dialog.Title>
      <p className="login-step__text">{t('login.picture.text')}</p>
      <input ref={inputRef} type="file" accept={AVATAR_ACCEPT} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onFileChange} />
      {picked ? (
        <>
          <Suspense fallback={<Spinner />}>
            <AvatarCropper image={picked.src} shape="round" onAreaChange={setArea} />
          </Suspense>
          <button type="button" className="link-button link-button--danger" onClick={() => setPicked(null)} disabled={isBusy}>
            <Icon name="close" size={18} />
            {t('login.picture.delete')}
          </button>
        </>
      ) : (
        <button type="button" className="picture-placeholder" onClick={openPicker}>
          <Icon name="camera" size={36} />
          <span>{t('login.picture.choose')}</span>
        </button>
      )}
      <FormMessage message={localError ?? (updateAvatar.error ? errorMessage(updateAvatar.error) : null)} />
      <div className="login-step__actions">
        {picked ? (
          <button type="button" className="btn btn--primary btn--block" onClick={() => void upload()} disabled={!area || isBusy}>
            {isBusy ? t('login.picture.uploading') : t('login.picture.upload')}
          </button>
        ) : null}
        <button type="button" className="btn btn--ghost btn--block" onClick={onDone} disabled={isBusy}>
          {t('login.picture.skip')}
        </button>
      </div>
    </div>
  );
}
