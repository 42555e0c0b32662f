/**
 * A notification's sentence ('{{name}} commented on {{event}}') is translated with marks in
 * place of the person and the event, then cut at the marks, so both can be shown in bold as
 * plain React text: a name is never parsed as markup.
 */
/** Private-use characters: they never occur in a translation. */
export const NAME_MARK = '\uE000';
export const EVENT_MARK = '\uE001';

export type SentencePart = { kind: 'text'; text: string } | { kind: 'name' } | { kind: 'event' };

export function sentenceParts(translated: string): SentencePart[] {
  const parts: SentencePart[] = [];
  for (const piece of translated.split(/([\uE000\uE001])/)) {
    if (piece === NAME_MARK) parts.push({ kind: 'name' });
    else if (piece === EVENT_MARK) parts.push({ kind: 'event' });
    else if (piece !== '') parts.push({ kind: 'text', text: piece });
  }
  return parts;
}
