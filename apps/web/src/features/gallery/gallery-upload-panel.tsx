import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useFormat } from '../../lib/format.ts';
import { useGalleryMessage } from './gallery-messages.ts';
import type { GalleryUploader } from './gallery-upload-runner.ts';
import { currentUpload, isQueueActive, queueCounts, queueProgress, type UploadEntry, type UploadQueue } from './gallery-upload-queue.ts';

type GalleryUploadPanelProps = { queue: UploadQueue; uploader: GalleryUploader };

/** How long the finished queue stays on the page. */
const DONE_LINGER_MS = 4000;

/**
 * The upload queue as the uploader sees it (events §4 Gallery): the overall progress in percent of
 * all the queue's bytes, the file on its way, and a row per file (waiting, uploading, done, failed
 * with its reason, Retry and Skip). Once every file is in, the panel says so and then goes by
 * itself (a failed file keeps it, with Retry, until cleared).
 */
export function GalleryUploadPanel({ queue, uploader }: GalleryUploadPanelProps) {
  const { t } = useTranslation();
  const counts = queueCounts(queue);
  const isActive = isQueueActive(queue);
  const isAllDone = counts.total > 0 && !isActive && counts.failed === 0 && counts.done === counts.total;
  // Photos waiting for the owner's approval: the note stays a little longer to be read.
  const lingerMs = counts.awaitingApproval > 0 ? DONE_LINGER_MS * 2 : DONE_LINGER_MS;
  useEffect(() => {
    if (!isAllDone) return;
    const timer = window.setTimeout(() => uploader.clear(), lingerMs);
    return () => window.clearTimeout(timer);
  }, [isAllDone, lingerMs, uploader]);
  if (queue.entries.length === 0) return null;
  const progress = queueProgress(queue);
  const current = currentUpload(queue);
  const percentText = t('gallery.upload.percent', { percent: progress.percent });

  let status: string;
  if (current) status = t('gallery.upload.current', { name: current.name });
  else if (isActive) status = t('gallery.upload.starting');
  else status = t('gallery.upload.summary', { done: counts.done, total: counts.total });

  return (
    <div className="gallery-upload" role="region" aria-label={t('gallery.upload.label')}>
      <div className="gallery-upload__head">
        <p className="gallery-upload__status" dir="auto">
          {status}
        </p>
        <span className="gallery-upload__percent" aria-hidden="true">
          {percentText}
        </span>
      </div>
      <progress
        className="gallery-upload__bar"
        role="progressbar"
        max={100}
        value={progress.percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={percentText}
        aria-label={t('gallery.upload.progressLabel')}
      />
      {counts.awaitingApproval > 0 ? (
        <p className="form-message form-message--info" role="status">
          {t('gallery.upload.approvalNote')}
        </p>
      ) : null}
      <ul className="gallery-upload__list" aria-label={t('gallery.upload.listLabel')}>
        {queue.entries.map((entry) => (
          <GalleryUploadRow key={entry.key} entry={entry} uploader={uploader} />
        ))}
      </ul>
      {isActive ? null : (
        <button type="button" className="btn btn--ghost btn--small gallery-upload__clear" onClick={() => uploader.clear()}>
          {t('gallery.upload.clear')}
        </button>
      )}
    </div>
  );
}

function GalleryUploadRow({ entry, uploader }: { entry: UploadEntry; uploader: GalleryUploader }) {
  const { t } = useTranslation();
  const format = useFormat();
  const galleryMessage = useGalleryMessage();
  const size =
    entry.bytes >= 1024 * 1024
      ? format.number(entry.bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
      : format.number(Math.max(1, Math.round(entry.bytes / 1024)), { style: 'unit', unit: 'kilobyte' });

  let state: string;
  let icon;
  switch (entry.status) {
    case 'waiting':
      state = t('gallery.upload.waiting');
      icon = <Icon name="clock" size={18} />;
      break;
    case 'uploading':
      state =
        entry.loaded < entry.bytes
          ? t('gallery.upload.percent', { percent: entry.bytes === 0 ? 0 : Math.floor((entry.loaded * 100) / entry.bytes) })
          : t('gallery.upload.processing');
      icon = <Spinner size="small" label={t('gallery.upload.uploading')} />;
      break;
    case 'done':
      state = t('gallery.upload.done');
      icon = <Icon name="check" size={18} />;
      break;
    case 'failed':
      state = t('gallery.upload.failed');
      icon = <Icon name="close" size={18} />;
      break;
  }

  const failure = entry.failure;
  const reason = failure
    ? failure.messageKey
      ? galleryMessage(failure.messageKey)
      : (failure.serverMessage ?? t('gallery.upload.failedReason'))
    : null;

  return (
    <li className={`gallery-upload__row gallery-upload__row--${entry.status}`}>
      <span className="gallery-upload__icon">{icon}</span>
      <span className="gallery-upload__file">
        <span className="gallery-upload__name" dir="auto">
          {entry.name}
        </span>
        <span className="gallery-upload__meta">
          {size} · {state}
        </span>
        {reason ? (
          <span className="gallery-upload__reason" role="alert">
            {reason}
          </span>
        ) : null}
      </span>
      {entry.status === 'failed' ? (
        <span className="gallery-upload__buttons">
          {failure?.canRetry !== false ? (
            <button type="button" className="btn btn--secondary btn--small" onClick={() => uploader.retry(entry.key)}>
              {t('gallery.upload.retry')}
            </button>
          ) : null}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => uploader.skip(entry.key)}>
            {t('gallery.upload.skip')}
          </button>
        </span>
      ) : null}
    </li>
  );
}
