import { describe, expect, it } from 'vitest';
import { unguardedHover } from './css-hover.ts';

describe('hover styles only for pointers that hover', () => {
  it('names a :hover rule outside @media (hover: hover), with its line', () => {
    const css = `.a { color: red; }\n\n/* a { } :hover */\n.b:hover,\n.c { color: blue; }\n`;
    expect(unguardedHover(css)).toEqual([{ line: 4, selector: '.b:hover' }]);
  });

  it('accepts :hover inside @media (hover: hover), also nested in another at-rule', () => {
    const css = `@media (hover: hover) { .b:hover { color: blue; } }\n@supports (display: grid) { @media (min-width: 1px) and (hover: hover) { .c:hover { x: y; } } }`;
    expect(unguardedHover(css)).toEqual([]);
  });

  it('does not take another media query for the guard', () => {
    expect(unguardedHover(`@media (min-width: 600px) { .d:hover { color: blue; } }`)).toEqual([{ line: 1, selector: '.d:hover' }]);
  });
});
