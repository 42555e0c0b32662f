import { describe, expect, it } from 'vitest';
import { BACK_FALLBACK, HISTORY_LIMIT, isEventPagePath, recordNavigation, resolveBack } from './navigation-history.ts';

describe('recordNavigation', () => {
  it('records the route that was left', () => {
    expect(recordNavigation(['/'], '/events?preset=all', '/my-user', 'push')).toEqual(['/', '/events?preset=all']);
  });
  it('does not record a route when the previous one was the create page', () => {
    expect(recordNavigation(['/'], '/new-event', '/events/12', 'push')).toEqual(['/']);
    expect(recordNavigation(['/'], '/new-event?clone=true&id=3', '/events/12', 'push')).toEqual(['/']);
  });
  it('records nothing for the first render, replacements and back-button navigations', () => {
    expect(recordNavigation([], null, '/', 'pop')).toEqual([]);
    expect(recordNavigation(['/'], '/a', '/b', 'replace')).toEqual(['/']);
    expect(recordNavigation(['/'], '/a', '/', 'back')).toEqual(['/']);
  });
  it('consumes the top entry on a browser back', () => {
    expect(recordNavigation(['/', '/terms'], '/privacy-policy', '/terms', 'pop')).toEqual(['/']);
  });
  it('keeps at most HISTORY_LIMIT entries', () => {
    let stack: string[] = [];
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) stack = recordNavigation(stack, `/p${i}`, `/p${i + 1}`, 'push');
    expect(stack).toHaveLength(HISTORY_LIMIT);
    expect(stack.at(-1)).toBe(`/p${HISTORY_LIMIT + 4}`);
  });
});

describe('resolveBack', () => {
  it('goes to the last route and trims the stack', () => {
    expect(resolveBack(['/', '/my-user'])).toEqual({ target: '/my-user', stack: ['/'] });
  });
  it('skips the create page and event pages', () => {
    expect(resolveBack(['/terms', '/events/9', '/new-event', '/events/abc'])).toEqual({ target: '/terms', stack: [] });
  });
  it('keeps the events list, which is not an event page', () => {
    expect(resolveBack(['/events?preset=close', '/events/4'])).toEqual({ target: '/events?preset=close', stack: [] });
  });
  it('falls back to /events', () => {
    expect(resolveBack([])).toEqual({ target: BACK_FALLBACK, stack: [] });
    expect(resolveBack(['/events/1'])).toEqual({ target: BACK_FALLBACK, stack: [] });
  });
});

describe('isEventPagePath', () => {
  it('matches /events/{id} only', () => {
    expect(isEventPagePath('/events/42')).toBe(true);
    expect(isEventPagePath('/events/42/')).toBe(true);
    expect(isEventPagePath('/events')).toBe(false);
    expect(isEventPagePath('/events?preset=all')).toBe(false);
  });
});
