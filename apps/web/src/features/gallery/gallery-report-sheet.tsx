import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GALLERY_REPORT_DESCRIPTION_MAX, GALLERY_REPORT_REASONS, type GalleryReportReason } from '@planns/shared/gallery/gallery.rules';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import { useReportGalleryItem } from '../../api/gallery/report-gallery-item.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { showNotice } from '../../lib/notice.ts';
import { useGalleryMessage } from './gallery-messages.ts';
import '../../components/check-list.css';

type GalleryReportSheetProps = {
  item: GalleryItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The gallery report form (events §5 Gallery report): reason, a description for 'other' only, Send. */
export function GalleryReportSheet({ item, open, onOpenChange }: GalleryReportSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t(item.type === 'video' ? 'gallery.report.titleVideo' : 'gallery.report.title')}>
      <GalleryReportForm item={item} onSent={() => onOpenChange(false)} />
    </Sheet>
  );
}

/** Mounted while the sheet is open, so each opening starts empty. */
function GalleryReportForm({ item, onSent }: { item: GalleryItem; onSent: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const galleryMessage = useGalleryMessage();
  const id = useId();
  const [reason, setReason] = useState<GalleryReportReason | null>(null);
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState<'reason' | 'description' | null>(null);
  const report = useReportGalleryItem();

  function submit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    if (report.isPending) return;
    if (reason === null) {
      setMissing('reason');
      return;
    }
    const text = description.trim();
    if (reason === 'other' && text === '') {
      setMissing('description');
      return;
    }
    setMissing(null);
    report.mutate(
      { item, report: { reason, description: reason === 'other' ? text : null } },
      {
        onSuccess: () => {
          showNotice({ title: t('gallery.report.sent'), text: reason === 'privacy' ? t('gallery.report.sentPrivacy') : undefined });
          onSent();
        },
      },
    );
  }

  const error = report.error;
  const isAlreadyReported = isApiError(error) && error.status === 409;
  const fieldMessage = (field: string) => (isApiError(error) && error.fields[field] ? galleryMessage(error.fields[field]) : null);
  const reasonError = missing === 'reason' ? t('gallery.report.chooseReason') : fieldMessage('reason');
  const descriptionError = missing === 'description' ? t('gallery.messages.describeOther') : fieldMessage('description');
  const hasFieldErrors = isApiError(error) && Object.keys(error.fields).length > 0;
  const generalError = !report.isError
    ? null
    : isAlreadyReported
      ? t('gallery.messages.alreadyReported')
      : hasFieldErrors
        ? null
        : errorMessage(error);

  const choose = (next: GalleryReportReason) => {
    setReason(next);
    if (missing === 'reason') setMissing(null);
    if (report.isError) report.reset();
  };

  return (
    <form className="gallery-report" onSubmit={submit} noValidate>
      <fieldset className="check-list" aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
        <legend className="field__label">{t('gallery.report.reason')}</legend>
        <div className="check-list__list">
          {GALLERY_REPORT_REASONS.map((option) => (
            <label key={option} className="check-list__item gallery-report__choice">
              <input
                type="radio"
                name={`${id}-reason`}
                className="check-list__input"
                value={option}
                checked={reason === option}
                onChange={() => choose(option)}
              />
              <span className="gallery-report__choice-text">
                <span className="gallery-report__choice-label">{t(`gallery.report.reasons.${option}`)}</span>
                {option === 'privacy' ? <span className="gallery-report__choice-hint">{t('gallery.messages.privacyReason')}</span> : null}
              </span>
            </label>
          ))}
        </div>
        <FormMessage id={`${id}-reason-error`} message={reasonError} />
      </fieldset>

      {reason === 'other' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-description`}>
            {t('gallery.report.description')}
          </label>
          <textarea
            id={`${id}-description`}
            className="input gallery-report__description"
            rows={3}
            dir="auto"
            maxLength={GALLERY_REPORT_DESCRIPTION_MAX}
            value={description}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? `${id}-description-error` : undefined}
            onChange={(changeEvent) => {
              setDescription(changeEvent.target.value);
              if (missing === 'description') setMissing(null);
              if (report.isError) report.reset();
            }}
          />
          <FormMessage id={`${id}-description-error`} message={descriptionError} />
        </div>
      ) : null}

      <FormMessage message={generalError} />

      <button type="submit" className="btn btn--primary btn--block" disabled={report.isPending}>
        {report.isPending ? <Spinner size="small" label={t('gallery.report.sending')} /> : null}
        {t('gallery.report.send')}
      </button>
    </form>
  );
}
