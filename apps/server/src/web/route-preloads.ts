import fs from 'node:fs';
import path from 'node:path';

/**
 * The files a first screen of the web app needs beyond index.html's (the app's), as the web build
 * wrote them (dist/.vite/first-screens.json, apps/web/vite.config.ts firstLoadChunks), so that the
 * HTML of that screen names them at once instead of the browser discovering them one lazy import
 * after another: the events list was reached in four waves of requests (entry, route table,
 * screen, its data), each a round trip before the first card could paint (issue 16).
 */

export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

/** The screens whose HTML names their files: the events list and an event page. */
export const SCREENS = ['events', 'event'] as const;
export type Screen = (typeof SCREENS)[number];

/** The build's file names: assets only, nothing that needs escaping in an attribute. */
const ASSET_PATH = /^\/assets\/[A-Za-z0-9_.-]+\.(js|css)$/;

/** A list of the build's file names, or null when it is not one. */
const assetList = (value: unknown) => (Array.isArray(value) && value.every((file) => typeof file === 'string' && ASSET_PATH.test(file)) ? (value as string[]) : null);

/** The first screens' files from the build's description of them; null when it is not one. */
export function routeAssetsFrom(description: unknown): Record<Screen, RouteAssets> | null {
  if (typeof description !== 'object' || description === null) return null;
  const assets = {} as Record<Screen, RouteAssets>;
  for (const screen of SCREENS) {
    const entry = (description as Record<string, { scripts?: unknown; styles?: unknown } | undefined>)[screen];
    const scripts = assetList(entry?.scripts);
    const styles = assetList(entry?.styles);
    if (!scripts || !styles) return null;
    assets[screen] = { scripts, styles };
  }
  return assets;
}

/**
 * The link tags naming a screen's files (none without the build's description: an older build, or
 * the dev server). A screen the server rendered links its styles as stylesheets, so that its HTML
 * paints styled (the app's loader then finds them linked and adds none), and names no script: its
 * chunks are loaded once it has painted (routeChunks, decision 0047). Otherwise both are preloaded.
 */
export function routePreloadTags(screens: Record<Screen, RouteAssets> | null, screen: Screen, options: { isRendered?: boolean } = {}): string[] {
  if (!screens) return [];
  const assets = screens[screen];
  if (options.isRendered) return assets.styles.map((file) => `<link rel="stylesheet" href="${file}" />`);
  return [...assets.styles.map((file) => `<link rel="preload" as="style" href="${file}" />`), ...assets.scripts.map((file) => `<link rel="modulepreload" href="${file}" />`)];
}

/** A screen's own chunks (beyond the app's), which its rendered page loads after its first paint. */
export function routeChunks(screens: Record<Screen, RouteAssets> | null, screen: Screen): string[] {
  return screens ? screens[screen].scripts : [];
}

/** The first screens' files of the build in `distDir`, read again when a rebuild changes them (as index.html is); null without them. */
export function firstScreensReader(distDir: string): () => Promise<Record<Screen, RouteAssets> | null> {
  const file = path.join(distDir, '.vite', 'first-screens.json');
  let cached: { mtimeMs: number; assets: Record<Screen, RouteAssets> | null } | null = null;
  return async () => {
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) return null;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      let description: unknown;
      try {
        description = JSON.parse(await fs.promises.readFile(file, 'utf8'));
      } catch {
        description = null; // half-written by a build under way: read again when it changes
      }
      cached = { mtimeMs: stat.mtimeMs, assets: routeAssetsFrom(description) };
    }
    return cached.assets;
  };
}
