import tzLookup from '@photostructure/tz-lookup';
import { FIRST_SCREEN_CARDS } from '@planns/shared/events/events.rules';
import { eventListQuerySchema } from '@planns/shared/events/events.schemas';
import { acceptLanguageTags, pickLanguage } from '@planns/shared/i18n/languages';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { clip, type SharePreview } from '../../web/share-preview-html.ts';
import { listEvents, loadVisible } from './events.service.ts';

const DESCRIPTION_MAX = 200;

/** The place's own time zone, from its coordinates (offline lookup); null for virtual events. */
export function eventTimeZone(lat: number | null, lng: number | null): string | null {
  if (lat === null || lng === null) return null;
  try {
    return tzLookup(lat, lng);
  } catch {
    return null;
  }
}

/**
 * When the event happens, in the language asked for and the place's time zone; online events
 * (no place) name the zone (UTC) so the time is never silently wrong.
 */
export function formatEventWhen(start: Date, end: Date | null, locale: string, timeZone: string | null): string {
  const format = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timeZone ?? 'UTC',
    ...(timeZone ? {} : { timeZoneName: 'short' }),
  });
  return end && end.getTime() > start.getTime() ? format.formatRange(start, end) : format.format(start);
}

/**
 * The link preview of an event page, for anyone who may see it signed out: public events only.
 * Private and friends-only events, ones taken down by a moderator and missing ones get the app's
 * generic preview, so a shared link never tells a stranger what the event is. The visitor's view
 * is all it uses: no address, no link of an online event (decision 0015).
 */
export async function loadEventSharePreview(deps: AppDeps, ref: string, acceptLanguage: string | undefined): Promise<SharePreview | null> {
  // What a visitor may open (events.service loadVisible); anything else is the generic preview.
  const row = await loadVisible(deps, null, ref).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  });
  // An event a moderator took down keeps its page (with the notice) but gets no preview.
  if (!row || row.deleted_by_moderator_at) return null;

  const locale = pickLanguage(null, acceptLanguageTags(acceptLanguage));
  const when = formatEventWhen(row.start_date, row.end_date, locale, eventTimeZone(row.lat, row.lng));
  const headline = [when, row.venue.trim()].filter(Boolean).join(' · ');
  const description = clip([headline, row.description].filter((s) => s.trim()).join(' — '), DESCRIPTION_MAX);
  const origin = deps.config.publicUrl.origin;
  return {
    title: clip(row.name, 90),
    description,
    url: `${origin}/events/${row.hash}`,
    image: row.image ? new URL(row.image, origin).href : null,
    imageAlt: clip(row.name, 120),
    // As the page picks it (event-page.tsx: the large picture, else the medium one).
    picture: row.image ?? row.m_image,
    locale,
  };
}

/**
 * The pictures of the first-screen cards of a visitor's events list as the web app asks for it
 * with its default filters (the page's largest paint). /events preloads them from the HTML (issue
 * 16); remembered for as long as a visitor's list may be (EVENTS_NA_CACHE_MS).
 */
export function firstScreenPictures(deps: AppDeps): () => Promise<string[]> {
  let memo: { at: number; value: Promise<string[]> } | null = null;
  return () => {
    const now = Date.now();
    if (!memo || now - memo.at > deps.config.EVENTS_NA_CACHE_MS) {
      const query = eventListQuerySchema.parse({ per_page: String(FIRST_SCREEN_CARDS), with_users: '0', with_doubt_users: '0' });
      const value = listEvents(deps, null, query).then((page) =>
        page.data.map((event) => event.m_image ?? event.image).filter((picture): picture is string => picture !== null),
      );
      value.catch(() => {
        memo = null;
      });
      memo = { at: now, value };
    }
    return memo.value;
  };
}
