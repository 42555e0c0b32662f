/**
 * The hosted pages send the person on to addresses planns gave the provider (return_url,
 * success_url, cancel_url, redirect_url): full URLs. One on this very site is followed with the
 * router (no reload); another web address is opened as a page; anything else (javascript:, a
 * malformed text) is not followed at all.
 */
export type Destination = { kind: 'route'; path: string } | { kind: 'page'; href: string };

export function destinationOf(url: string | null | undefined, origin: string): Destination | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.origin === origin) return { kind: 'route', path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  return { kind: 'page', href: parsed.toString() };
}
