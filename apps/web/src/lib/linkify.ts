/**
 * Splits user text into plain parts and http(s) links, so the page renders links as <a> elements
 * and everything else as text (never as HTML).
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?'"»…]+$/;

/** Drops sentence punctuation and unbalanced closing brackets from the end of a URL match. */
function trimUrl(match: string): string {
  let url = match;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    for (const [open, close] of [['(', ')'], ['[', ']'], ['{', '}']] as const) {
      if (url.endsWith(close) && url.split(close).length > url.split(open).length) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

/** The normalised URL when it is an http(s) address, else null. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (value === '') return;
    const previous = parts.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    const href = safeHref(url);
    pushText(text.slice(last, start));
    if (href && url.length > 'https://'.length) parts.push({ kind: 'link', text: url, href });
    else pushText(url);
    last = start + url.length;
  }
  pushText(text.slice(last));
  return parts;
}
