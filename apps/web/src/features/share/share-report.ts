/**
 * Share report (events §2 "Moderation options", §7 GET events/{id}/export: "text appended to share
 * text"): the event's share text, then the guest list. Pure and with the browser passed in, so the
 * choice between the share sheet and the clipboard is unit-tested.
 */

/** The event's share text (name, dates, place, link), a blank line, then the export text. */
export function reportShareText(shareText: string, report: string): string {
  return [shareText.trim(), report.trim()].filter(Boolean).join('\n\n');
}

export type ReportShareData = { title: string; text: string };

export type ReportShareBrowser = {
  /** The Web Share API is there and accepts this data (share-text.ts canWebShare). */
  canShare: (data: ReportShareData) => boolean;
  share: (data: ReportShareData) => Promise<void>;
  /** Copies the text (share-clipboard.ts copyText); false when it could not. */
  copy: (text: string) => Promise<boolean>;
};

/** 'cancelled': the person closed the share sheet; nothing more is said. */
export type ReportShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The browser's share sheet where there is one, else the clipboard. A share sheet that refuses
 * (NotAllowedError: the tap's activation ran out while the text loaded; a policy) falls back to
 * the clipboard too; only a share sheet the person closed ends without a copy.
 */
export async function deliverReport(data: ReportShareData, browser: ReportShareBrowser): Promise<ReportShareOutcome> {
  if (browser.canShare(data)) {
    try {
      await browser.share(data);
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
    }
  }
  return (await browser.copy(data.text)) ? 'copied' : 'failed';
}
