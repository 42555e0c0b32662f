/**
 * Link previews (Open Graph and Twitter cards) for shared event links. Messengers and social
 * sites read the HTML of the link without running the app's script, so the server writes the
 * event's tags into index.html between the `share-preview` markers that the app's own generic
 * tags sit in. Everything written is HTML-escaped: names and descriptions are user text.
 */

export interface SharePreview {
  /** The event's name. */
  title: string;
  /** When and where, then the start of the description. */
  description: string;
  /** The canonical absolute address of the page. */
  url: string;
  /** An absolute image URL, when the event has a picture. */
  image: string | null;
  imageAlt: string;
  /**
   * The picture the page itself shows first (a path of this site), fetched from the HTML at once
   * (preload, high priority) rather than after the app has loaded and asked for the event: the
   * page's largest paint (issue 16).
   */
  picture?: string | null;
  /** BCP 47 tag of the language the description's date is written in. */
  locale: string;
}

export const PREVIEW_START = '<!-- share-preview -->';
export const PREVIEW_END = '<!-- /share-preview -->';
const SITE_NAME = 'planns';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A picture the page paints first, fetched from the HTML at once. */
export function preloadImageTag(url: string): string {
  return `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high" />`;
}

/** The tags for one event, one per line. */
export function renderPreviewTags(p: SharePreview): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const lines = [
    `<title>${escapeHtml(`${p.title} · ${SITE_NAME}`)}</title>`,
    meta('name', 'description', p.description),
    `<link rel="canonical" href="${escapeHtml(p.url)}" />`,
    ...(p.picture ? [preloadImageTag(p.picture)] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', p.url),
    meta('property', 'og:title', p.title),
    meta('property', 'og:description', p.description),
    meta('property', 'og:locale', p.locale.replace('-', '_')),
    meta('name', 'twitter:card', p.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', p.title),
    meta('name', 'twitter:description', p.description),
  ];
  if (p.image) {
    lines.push(
      meta('property', 'og:image', p.image),
      meta('property', 'og:image:alt', p.imageAlt),
      meta('name', 'twitter:image', p.image),
      meta('name', 'twitter:image:alt', p.imageAlt),
    );
  }
  return lines.join('\n    ');
}

/**
 * index.html with the generic tags between the markers replaced by the event's. Without the
 * markers (an unexpected build) the page is returned unchanged rather than broken.
 */
export function injectSharePreview(html: string, preview: SharePreview): string {
  const start = html.indexOf(PREVIEW_START);
  const end = html.indexOf(PREVIEW_END, start);
  if (start < 0 || end < 0) return html;
  return `${html.slice(0, start + PREVIEW_START.length)}\n    ${renderPreviewTags(preview)}\n    ${html.slice(end)}`;
}

/** Cuts text at `max` characters on a word boundary when one is near, with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
