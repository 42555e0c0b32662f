import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedLink } from '@planns/shared/calendar/calendar.schemas';
import { useDeleteCalendarFeed } from '../../api/calendar/delete-calendar-feed.ts';
import { useCalendarFeed } from '../../api/calendar/get-calendar-feed.ts';
import { useResetCalendarFeed } from '../../api/calendar/reset-calendar-feed.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { Icon } from '../../components/icon.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { useFormat } from '../../lib/format.ts';
import { showNotice } from '../../lib/notice.ts';
import { copyText } from '../share/share-clipboard.ts';
import './calendar.css';

/**
 * The account screen's 'Calendar feed' (issue 19): a private address listing the events the
 * person answered going or maybe to, for calendar apps to subscribe to. The server keeps only a
 * hash of it, so the address is shown right after it is made (or reset) and never again; it
 * stays in this screen's memory only.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const turnOff = useDeleteCalendarFeed();
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [confirming, setConfirming] = useState<'reset' | 'off' | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  const when = (iso: string) => format.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  function makeLink() {
    setConfirming(null);
    setCopyFailed(false);
    reset.mutate(undefined, { onSuccess: (made) => setLink(made) });
  }

  async function copy(url: string) {
    if (await copyText(url, container.current ?? document.body)) {
      setCopyFailed(false);
      showNotice({ title: t('calendar.feed.copied') });
    } else {
      setCopyFailed(true);
    }
  }

  const error = reset.error ?? turnOff.error;

  return (
    <div className="calendar-feed" ref={container}>
      <p className="calendar-feed__text">{t('calendar.feed.intro')}</p>
      {feed.isPending ? (
        <Spinner />
      ) : feed.isError ? (
        <FormMessage message={t('calendar.feed.loadFailed')} />
      ) : link ? (
        <>
          <label className="field calendar-feed__field">
            <span className="field__label">{t('calendar.feed.linkLabel')}</span>
            <input className="input" readOnly dir="ltr" value={link.url} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <p className="calendar-feed__warning" role="status">
            <Icon name="lock" size={18} />
            <span>{t('calendar.feed.secret')}</span>
          </p>
          {copyFailed ? <FormMessage message={t('calendar.feed.copyFailed')} /> : null}
          <div className="calendar-feed__actions">
            <button type="button" className="btn btn--primary" onClick={() => void copy(link.url)}>
              <Icon name="copy" size={20} />
              {t('calendar.feed.copy')}
            </button>
            <a className="btn btn--secondary" href={link.webcal_url}>
              <Icon name="calendar" size={20} />
              {t('calendar.feed.subscribe')}
            </a>
          </div>
        </>
      ) : feed.data.has_feed && feed.data.created_at ? (
        <p className="calendar-feed__text">{t('calendar.feed.hidden', { date: when(feed.data.created_at) })}</p>
      ) : null}

      {!feed.isPending && !feed.isError ? (
        <>
          {feed.data.has_feed ? (
            <p className="calendar-feed__meta">
              {feed.data.fetched_at ? t('calendar.feed.lastRead', { date: when(feed.data.fetched_at) }) : t('calendar.feed.neverRead')}
            </p>
          ) : null}
          <FormMessage message={error ? errorMessage(error) : null} />
          <div className="calendar-feed__actions">
            {feed.data.has_feed ? (
              <>
                <button type="button" className="btn btn--secondary" disabled={reset.isPending} onClick={() => setConfirming('reset')}>
                  <Icon name="swap" size={20} />
                  {t('calendar.feed.reset')}
                </button>
                <button type="button" className="btn btn--ghost" disabled={turnOff.isPending} onClick={() => setConfirming('off')}>
                  {t('calendar.feed.turnOff')}
                </button>
              </>
            ) : (
              <button type="button" className="btn btn--primary" disabled={reset.isPending} onClick={makeLink}>
                <Icon name="link" size={20} />
                {t('calendar.feed.create')}
              </button>
            )}
          </div>
        </>
      ) : null}

      <ConfirmDialog
        open={confirming === 'reset'}
        onOpenChange={(open) => setConfirming(open ? 'reset' : null)}
        title={t('calendar.feed.resetTitle')}
        description={t('calendar.feed.resetText')}
        confirmLabel={t('calendar.feed.reset')}
        isPending={reset.isPending}
        onConfirm={makeLink}
      />
      <ConfirmDialog
        open={confirming === 'off'}
        onOpenChange={(open) => setConfirming(open ? 'off' : null)}
        title={t('calendar.feed.turnOffTitle')}
        description={t('calendar.feed.turnOffText')}
        confirmLabel={t('calendar.feed.turnOff')}
        isPending={turnOff.isPending}
        onConfirm={() =>
          turnOff.mutate(undefined, {
            onSuccess: () => {
              setConfirming(null);
              setLink(null);
              showNotice({ title: t('calendar.feed.turnedOff') });
            },
          })
        }
      />
    </div>
  );
}
