import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { useGuestExport } from '../../api/guests/export-guests.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { showNotice } from '../../lib/notice.ts';
import { copyText } from './share-clipboard.ts';
import { deliverReport, reportShareText, type ReportShareBrowser } from './share-report.ts';
import { canWebShare } from './share-text.ts';
import { useEventShareText } from './use-event-share-text.ts';

const browser: ReportShareBrowser = {
  canShare: (data) => canWebShare(data),
  share: (data) => navigator.share(data),
  copy: (text) => copyText(text),
};

/**
 * Share report for the owner's menu: `prefetch` as the menu opens (so the share sheet still has
 * the tap's activation when the text is needed), `share` on the tap: the event's share text and
 * the guest list (GET events/{id}/export) to the share sheet, else to the clipboard with the
 * 'Copied' notice. Every failure says so in a notice. A tap while one is under way is ignored.
 */
export function useShareReport(event: Event): { prefetch: () => void; share: () => Promise<void> } {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { info } = useEventShareText(event);
  const guestExport = useGuestExport(event.id);
  const isBusy = useRef(false);

  async function share() {
    if (isBusy.current) return;
    isBusy.current = true;
    try {
      let report: string;
      try {
        report = await guestExport.load();
      } catch (error) {
        console.error('Loading the guest list export failed', error);
        showNotice({ title: t('eventMenu.shareReportFailed'), text: errorMessage(error), tone: 'error' });
        return;
      }
      const outcome = await deliverReport({ title: event.name, text: reportShareText(info, report) }, browser);
      if (outcome === 'shared') showNotice({ title: t('eventMenu.reportShared') });
      else if (outcome === 'copied') showNotice({ title: t('share.copied') });
      else if (outcome === 'failed') showNotice({ title: t('eventMenu.shareReportFailed'), text: t('eventMenu.reportCopyFailed'), tone: 'error' });
    } finally {
      isBusy.current = false;
    }
  }

  return {
    prefetch: () => void guestExport.prefetch(),
    share,
  };
}
