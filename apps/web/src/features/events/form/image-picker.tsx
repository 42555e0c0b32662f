import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-message.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { ImageState } from './event-form-state.ts';
import { EVENT_IMAGE_ACCEPT, readEventImage } from './read-image.ts';

type ImagePickerProps = {
  image: ImageState;
  onChange: (image: ImageState) => void;
  /** Offered with a picture shown: the form decides what removing means in its mode. */
  onRemove?: (() => void) | undefined;
  error?: string | null;
};

/** The event's picture: pick (jpeg, jpg, gif, png), preview, replace or remove. */
export function ImagePicker({ image, onChange, onRemove, error }: ImagePickerProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isReading, setIsReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const preview = image.kind === 'new' ? image.previewUrl : image.kind === 'existing' ? image.url : null;

  async function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setIsReading(true);
    setReadError(null);
    const result = await readEventImage(file);
    setIsReading(false);
    if (result === 'type') setReadError(t('eventForm.image.wrongType'));
    else if (result === 'size') setReadError(t('eventForm.image.tooLarge'));
    else if (result === 'unreadable') setReadError(t('eventForm.image.unreadable'));
    else onChange({ kind: 'new', ...result });
  }

  return (
    <div className="image-picker">
      <input
        ref={inputRef}
        type="file"
        accept={EVENT_IMAGE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void onFileChange(event)}
      />
      <button
        type="button"
        className={preview ? 'image-picker__frame' : 'image-picker__frame image-picker__frame--empty'}
        onClick={() => inputRef.current?.click()}
        disabled={isReading}
        aria-label={preview ? t('eventForm.image.replace') : t('eventForm.image.add')}
      >
        {preview ? <img className="image-picker__preview" src={preview} alt="" /> : null}
        <span className="image-picker__overlay">
          {isReading ? (
            <Spinner size="small" />
          ) : (
            <>
              <Icon name="camera" size={22} />
              {preview ? t('eventForm.image.replace') : t('eventForm.image.add')}
            </>
          )}
        </span>
      </button>
      {preview && onRemove ? (
        <button type="button" className="link-button link-button--danger" onClick={onRemove}>
          <Icon name="trash" size={16} />
          {t('eventForm.image.remove')}
        </button>
      ) : null}
      <FormMessage message={readError ?? error} />
    </div>
  );
}
