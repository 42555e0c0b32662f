import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.ts';

function Screen({ name }: { name: string }) {
  return createElement('p', null, `hello ${name}`);
}

const render = (element: ReturnType<typeof createElement>) =>
  renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, element));

describe('preloadableLazy', () => {
  it('suspends like React.lazy until its code is in', () => {
    const Lazy = preloadableLazy(() => Promise.resolve(Screen));
    expect(render(createElement(Lazy, { name: 'a' }))).toContain('loading');
  });

  it('renders at once, without suspending, once preloaded', async () => {
    let loads = 0;
    const Lazy = preloadableLazy(() => {
      loads += 1;
      return Promise.resolve(Screen);
    });
    await Lazy.preload();
    await Lazy.preload();
    expect(render(createElement(Lazy, { name: 'b' }))).toContain('hello b');
    expect(loads).toBe(1);
  });

  it('may be loaded again after a failed load', async () => {
    let attempt = 0;
    const Lazy = preloadableLazy(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Screen);
    });
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    expect(render(createElement(Lazy, { name: 'c' }))).toContain('hello c');
  });
});
