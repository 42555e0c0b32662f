import { describe, expect, it } from 'vitest';
import { readsWordsFirst } from './events.repo.ts';

/** The shares are those of bench:events' seed (100,000 events), as pg_stats gave them; a page of 100 reads 101. */
describe('readsWordsFirst: a search read from its words’ index, or by walking the list’s order', () => {
  it('reads the events of a word held by few first, and walks for a common one (as measured statement by statement)', () => {
    expect(readsWordsFirst([0.0166], 100_000, 101)).toBe(true); // 'bangkok': 2.9 ms from the index, 4.0 ms walking
    expect(readsWordsFirst([0.0175], 100_000, 101)).toBe(true); // 'amsterdam': 2.7 against 4.1 ms
    expect(readsWordsFirst([0.0237], 100_000, 101)).toBe(false); // 'soul': 5.9 against 3.3 ms
    expect(readsWordsFirst([0.0247], 100_000, 101)).toBe(false); // 'salsa': 3.2 to 7.2 against 2.7 ms
    expect(readsWordsFirst([0.0403], 100_000, 101)).toBe(false); // 'vintage': 7.3 against 1.9 ms
    expect(readsWordsFirst([0.083], 100_000, 101)).toBe(false); // 'market': 11 to 15 against 1.1 ms
    expect(readsWordsFirst([0], 100_000, 101)).toBe(true); // rarer than every common word
  });

  it('multiplies the shares of several words, and weighs the page and the table’s size', () => {
    expect(readsWordsFirst([0.2, 0.05], 100_000, 101)).toBe(true);
    expect(readsWordsFirst([0.2, 0.5], 100_000, 101)).toBe(false);
    expect(readsWordsFirst([0.0237], 100_000, 201)).toBe(true); // a longer page: the walk reads more
    expect(readsWordsFirst([0.0237], 10_000, 101)).toBe(true); // a smaller table: the index reads fewer
    expect(readsWordsFirst([0.0166], 1_000_000, 101)).toBe(false);
  });

  it('leaves a list without searched words to the planner', () => {
    expect(readsWordsFirst([], 100_000, 101)).toBe(false);
  });
});
