import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The time zone dates are shown in. In the browser it is the browser's; the server renders a first
 * screen in the zone the browser told it (the planns_tz cookie, written at start), else UTC. While
 * React hydrates the server's HTML the render uses the server's zone (useSyncExternalStore's server
 * snapshot), so the two renders match, and right after it the browser's: a person seeing the page
 * for the first time in another zone sees the times change once, never a mismatch (decision 0035).
 */
const RenderedTimeZone = createContext<string | null>(null);

export function RenderedTimeZoneProvider({ timeZone, children }: { timeZone: string | null; children: ReactNode }) {
  return <RenderedTimeZone.Provider value={timeZone}>{children}</RenderedTimeZone.Provider>;
}

let browserZone: string | null = null;

/**
 * The browser's IANA zone, read once: useViewerTimeZone reads it on every render of every date,
 * and making the Intl formatter that tells it costs about a tenth of a millisecond each time
 * (57 ms of a phone-sized /events load's first second, measured). A zone changed while a page is
 * open applies from the next load, as the subscription below never reports a change either.
 */
export function browserTimeZone(): string {
  if (browserZone === null) {
    try {
      browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      browserZone = 'UTC';
    }
  }
  return browserZone;
}

const subscribe = () => () => {};

export function useViewerTimeZone(): string {
  const rendered = useContext(RenderedTimeZone);
  return useSyncExternalStore(subscribe, browserTimeZone, () => rendered ?? browserTimeZone());
}

/** One year formatter per zone: making an Intl formatter costs far more than using one. */
const yearFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar year of a moment in a time zone. */
export function yearIn(date: Date, timeZone: string): number {
  let format = yearFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone });
    yearFormats.set(timeZone, format);
  }
  return Number(format.format(date));
}

const isHydratedSnapshot = () => true;
const isServerSnapshot = () => false;

/**
 * False while React renders on the server or hydrates the server's HTML, true from then on (and
 * from the start of a page the browser renders itself).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, isHydratedSnapshot, isServerSnapshot);
}

/**
 * The key of an element whose text is written by Intl (dates, prices), with
 * suppressHydrationWarning beside it: the server's ICU and the browser's do not always agree to
 * the character (Node writes a thin space around a range's dash where a browser may write a
 * space; zones may differ too). While hydrating, the server's text is kept (no mismatch is
 * reported for it); right after, the element is made again with the browser's text (a new key).
 */
export function useLocaleTextKey(): string {
  return useHydrated() ? 'browser' : 'server';
}
