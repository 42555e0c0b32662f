/**
 * Hover styles only for pointers that hover (issue 18): on a touch screen a tap leaves `:hover`
 * on the element tapped, so a highlight written for a mouse sticks after the finger has gone. A
 * rule whose selector has `:hover` must sit inside `@media (hover: hover)`. Part of the structure
 * check (`npm run lint`).
 */

/** The selectors with `:hover` in this stylesheet that are not inside `@media (hover: hover)`, with their lines. */
export function unguardedHover(css: string): { line: number; selector: string }[] {
  const found: { line: number; selector: string }[] = [];
  const stack: boolean[] = []; // for each open block: is it (or is it inside) @media (hover: hover)?
  let prelude = '';
  let line = 1;
  let preludeLine = 1;
  for (let i = 0; i < css.length; i++) {
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      const stop = end === -1 ? css.length : end + 2;
      line += (css.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop - 1;
      continue;
    }
    const c = css[i]!;
    if (c === '\n') line += 1;
    if (c === '{') {
      const text = prelude.trim();
      const guarded = (stack.at(-1) ?? false) || /^@media[^{]*\(\s*hover\s*:\s*hover\s*\)/.test(text);
      if (!text.startsWith('@') && !guarded) {
        for (const selector of text.split(',')) if (selector.includes(':hover')) found.push({ line: preludeLine, selector: selector.trim() });
      }
      stack.push(guarded);
      prelude = '';
    } else if (c === '}') {
      stack.pop();
      prelude = '';
    } else if (c === ';') {
      prelude = '';
    } else {
      if (prelude.trim() === '' && c.trim() !== '') preludeLine = line;
      prelude += c;
    }
  }
  return found;
}
