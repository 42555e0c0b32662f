import { describe, expect, it } from 'vitest';
import { readsWordsFirst } from './events.repo.ts';

/** The shares are those of bench:events' seed (100,000 events), as pg_stats gave them; a page of 100 reads 101. */
describe('readsWordsFirst: a search read from its words’ index, or by walking the list’s order', () => {
  it('reads the events of a word held by few first, and walks for a common one (as measured statement by statement)', () => {
    expect(readsWordsFirst([0.0243], 100_000, 101)).toBe(true); // 'comedy': 5 to 9 ms from the index, 15 to 28 ms walking
    expect(readsWordsFirst([0.0251], 100_000, 101)).toBe(true); // 'beer': 10 against 18 ms
    expect(readsWordsFirst([0.0411], 100_000, 101)).toBe(false); // 'sunset': 18 against 12 ms
    expect(readsWordsFirst([0.0859], 100_000, 101)).toBe(false); // 'market': 29 against 7 ms
    expect(readsWordsFirst([0], 100_000, 101)).toBe(true); // rarer than every common word
  });

  it('multiplies the shares of several words, and weighs the page and the table’s size', () => {
    expect(readsWordsFirst([0.2, 0.1], 100_000, 101)).toBe(true);
    expect(readsWordsFirst([0.2, 0.5], 100_000, 101)).toBe(false);
    expect(readsWordsFirst([0.0411], 100_000, 201)).toBe(true); // a longer page: the walk reads more
    expect(readsWordsFirst([0.0411], 10_000, 101)).toBe(true); // a smaller table: the index reads fewer
    expect(readsWordsFirst([0.0243], 1_000_000, 101)).toBe(false);
  });

  it('leaves a list without searched words to the planner', () => {
    expect(readsWordsFirst([], 100_000, 101)).toBe(false);
  });
});
