import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { formatEventDates } from '../events/event-format.ts';
import { shareInfoText, shareLink, shareWhere } from './share-text.ts';

/**
 * The event's share texts as the share panel and Share report use them: the link (with
 * open_photo from the gallery), the dates as the viewer reads them, and Copy Event Info's text
 * (name, dates, place, link).
 */
export function useEventShareText(event: Event, photoId: number | null = null): { link: string; when: string; info: string } {
  const { t, i18n } = useTranslation();
  const link = shareLink(window.location.origin, event, photoId);
  const when = useMemo(
    () => formatEventDates(new Date(event.start_date), event.end_date ? new Date(event.end_date) : null, i18n.language),
    [event.start_date, event.end_date, i18n.language],
  );
  const info = shareInfoText({ name: event.name, when, where: shareWhere(event, t('share.online')), link });
  return { link, when, info };
}
