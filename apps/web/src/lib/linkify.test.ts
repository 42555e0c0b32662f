import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify.ts';

describe('splitLinks', () => {
  it('keeps plain text as one part', () => {
    expect(splitLinks('Bring snacks <b>and</b> water')).toEqual([{ kind: 'text', text: 'Bring snacks <b>and</b> water' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('finds http and https links between text', () => {
    expect(splitLinks('Tickets: https://example.com/t?id=1&x=2 and http://a.org')).toEqual([
      { kind: 'text', text: 'Tickets: ' },
      { kind: 'link', text: 'https://example.com/t?id=1&x=2', href: 'https://example.com/t?id=1&x=2' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://a.org', href: 'http://a.org/' },
    ]);
  });

  it('leaves sentence punctuation and unbalanced brackets outside the link', () => {
    expect(splitLinks('See https://example.com/page. Then (https://example.com/x), ok!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/page', href: 'https://example.com/page' },
      { kind: 'text', text: '. Then (' },
      { kind: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: '), ok!' },
    ]);
    expect(splitLinks('https://en.wikipedia.org/wiki/Foo_(bar)')[0]).toEqual({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
      href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
    });
  });

  it('never links other schemes or markup', () => {
    const parts = splitLinks('javascript:alert(1) data:text/html,<script> <a href="https://x.io">x</a> ftp://files');
    expect(parts.filter((p) => p.kind === 'link')).toEqual([{ kind: 'link', text: 'https://x.io', href: 'https://x.io/' }]);
    expect(parts.map((p) => p.text).join('')).toBe('javascript:alert(1) data:text/html,<script> <a href="https://x.io">x</a> ftp://files');
  });

  it('does not link a bare scheme', () => {
    expect(splitLinks('https:// is a prefix')).toEqual([{ kind: 'text', text: 'https:// is a prefix' }]);
  });

  it('keeps every character of the input, links included', () => {
    const text = 'a https://x.y/z?q=(1) b\nhttps://ü.example/ñ c';
    expect(splitLinks(text).map((p) => p.text).join('')).toBe(text);
  });
});
