import { describe, expect, it } from 'vitest';
import { routeAssetsFromManifest, routePreloadTags } from './route-preloads.ts';

/** A build manifest shaped as Vite writes it: an entry, the lazy route table, two screens sharing a chunk. */
const manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-B.js'], css: ['assets/index-A.css'] },
  '_react-B.js': { file: 'assets/react-B.js' },
  'src/app/screen-routes.tsx': { file: 'assets/screen-routes-C.js', imports: ['_react-B.js'] },
  'src/app/routes/events-route.tsx': { file: 'assets/events-route-D.js', imports: ['_list-E.js', '_react-B.js'], css: ['assets/events-route-D.css'] },
  '_list-E.js': { file: 'assets/list-E.js', imports: ['_rules-F.js'] },
  '_rules-F.js': { file: 'assets/rules-F.js' },
  'src/app/routes/event/event-route.tsx': { file: 'assets/event-route-G.js', imports: ['_rules-F.js'], css: ['assets/index-A.css', 'assets/event-route-G.css'] },
  'src/app/routes/my-user/my-user-route.tsx': { file: 'assets/my-user-H.js' },
  'virtual:locale/en/lazy': { file: 'assets/lazy-I.js' },
};

describe('route preloads from the build manifest', () => {
  it("names each first screen's chunks and styles, deep, leaving out what index.html already loads and other screens", () => {
    const assets = routeAssetsFromManifest(manifest);
    expect(assets.events).toEqual({
      scripts: ['/assets/screen-routes-C.js', '/assets/events-route-D.js', '/assets/list-E.js', '/assets/rules-F.js', '/assets/lazy-I.js'],
      styles: ['/assets/events-route-D.css'],
    });
    expect(assets.event).toEqual({
      scripts: ['/assets/screen-routes-C.js', '/assets/event-route-G.js', '/assets/rules-F.js', '/assets/lazy-I.js'],
      styles: ['/assets/event-route-G.css'],
    });
    expect(routePreloadTags(assets, 'event')).toEqual([
      '<link rel="preload" as="style" href="/assets/event-route-G.css" />',
      '<link rel="modulepreload" href="/assets/screen-routes-C.js" />',
      '<link rel="modulepreload" href="/assets/event-route-G.js" />',
      '<link rel="modulepreload" href="/assets/rules-F.js" />',
      '<link rel="modulepreload" href="/assets/lazy-I.js" />',
    ]);
    expect(routePreloadTags(null, 'event')).toEqual([]);
  });
});
