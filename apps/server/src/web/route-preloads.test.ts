import { describe, expect, it } from 'vitest';
import { routeAssetsFrom, routeChunks, routePreloadTags } from './route-preloads.ts';

/** The web build's description of the first screens (apps/web/vite.config.ts firstLoadChunks). */
const description = {
  events: { scripts: ['/assets/events-screen-D.js', '/assets/screens-C.js'], styles: ['/assets/events-screen-D.css'] },
  event: { scripts: ['/assets/event-screen-G.js', '/assets/screens-C.js'], styles: ['/assets/event-screen-G.css'] },
};

describe('route preloads from the build', () => {
  it("preloads a screen's chunks and styles when the server does not render it", () => {
    const assets = routeAssetsFrom(description);
    expect(routePreloadTags(assets, 'event')).toEqual([
      '<link rel="preload" as="style" href="/assets/event-screen-G.css" />',
      '<link rel="modulepreload" href="/assets/event-screen-G.js" />',
      '<link rel="modulepreload" href="/assets/screens-C.js" />',
    ]);
    expect(routePreloadTags(null, 'event')).toEqual([]);
  });

  it("links a rendered screen's styles and names its chunks apart, for after its first paint", () => {
    const assets = routeAssetsFrom(description);
    expect(routePreloadTags(assets, 'events', { isRendered: true })).toEqual(['<link rel="stylesheet" href="/assets/events-screen-D.css" />']);
    expect(routeChunks(assets, 'events')).toEqual(['/assets/events-screen-D.js', '/assets/screens-C.js']);
    expect(routeChunks(null, 'events')).toEqual([]);
  });

  it('takes nothing from a description that is not one: a screen missing, a file outside the assets or one to escape', () => {
    expect(routeAssetsFrom(null)).toBeNull();
    expect(routeAssetsFrom({ events: description.events })).toBeNull();
    expect(routeAssetsFrom({ ...description, event: { scripts: ['/etc/passwd.js'], styles: [] } })).toBeNull();
    expect(routeAssetsFrom({ ...description, event: { scripts: ['/assets/a".js'], styles: [] } })).toBeNull();
    expect(routeAssetsFrom({ ...description, event: { scripts: '/assets/a.js', styles: [] } })).toBeNull();
  });
});
