import { describe, expect, it } from 'vitest';
import { INPUT_MAX_DEPTH, TEXT_MESSAGES, findTextProblems, textProblem } from './text.rules.ts';

describe('textProblem', () => {
  it('accepts text people write: any script, emoji, tab and line breaks', () => {
    for (const ok of ['', 'Maya', 'שלום', '日本語のテキスト', 'Café 🎉 👩‍👩‍👧', 'line one\nline two\r\n\tindented', 'a\u00a0b', '\u200f']) {
      expect(textProblem(ok)).toBeNull();
    }
  });

  it('refuses C0 controls other than tab and line breaks, DEL and C1 controls', () => {
    for (const bad of ['a\u0000b', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b[31m', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect(textProblem(bad)).toBe(TEXT_MESSAGES.controlCharacter);
    }
  });

  it('refuses unpaired surrogates, which are not text', () => {
    expect(textProblem('x\ud800y')).toBe(TEXT_MESSAGES.notText);
    expect(textProblem('\udc00')).toBe(TEXT_MESSAGES.notText);
    expect(textProblem('\ud83d\ude00')).toBeNull();
  });
});

describe('findTextProblems', () => {
  it('names each field with a problem by its path, keys included', () => {
    const problems = findTextProblems({
      name: 'ok',
      note: 'a\u0000',
      companions: [{ first_name: 'Sam' }, { first_name: '\u0007' }],
      nested: { 'k\u0000ey': 1 },
    });
    expect(problems).toEqual({
      note: TEXT_MESSAGES.controlCharacter,
      'companions.1.first_name': TEXT_MESSAGES.controlCharacter,
      'nested._key': TEXT_MESSAGES.controlCharacter,
    });
  });

  it('checks a bare string and query-string objects on a bare prototype', () => {
    expect(findTextProblems('a\u0000')).toEqual({ _: TEXT_MESSAGES.controlCharacter });
    const query = Object.create(Object.create(null) as object) as Record<string, string>;
    query.search = 'a\u0000b';
    expect(findTextProblems(query)).toEqual({ search: TEXT_MESSAGES.controlCharacter });
  });

  it('leaves numbers, booleans, buffers and streams alone', () => {
    expect(findTextProblems({ a: 1, b: true, c: null })).toEqual({});
    expect(findTextProblems(Buffer.from([0, 1, 2]))).toEqual({});
  });

  it('stops at a nesting depth instead of overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findTextProblems(deep)).toEqual({ [Array.from({ length: INPUT_MAX_DEPTH }, () => '0').join('.')]: TEXT_MESSAGES.tooDeep });
  });
});
