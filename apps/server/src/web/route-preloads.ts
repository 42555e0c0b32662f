import fs from 'node:fs';
import path from 'node:path';

/**
 * The chunks a screen of the web app needs, read from the build's manifest (Vite's
 * dist/.vite/manifest.json), so that the HTML of that screen names them at once (modulepreload)
 * instead of the browser discovering them one lazy import after another: the events list was
 * reached in four waves of requests (entry, route table, screen, its data), each a round trip
 * before the first card could paint (issue 16).
 */

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

/**
 * The screens whose HTML names their chunks, by the modules each loads lazily (the manifest's
 * keys): the route table, the screen, and the screens' English texts, which every language loads
 * as its fallback (apps/web/src/lib/i18n.ts loadScreenTexts).
 */
export const SCREEN_MODULES = {
  events: ['src/app/screen-routes.tsx', 'src/app/routes/events-route.tsx', 'virtual:locale/en/lazy'],
  event: ['src/app/screen-routes.tsx', 'src/app/routes/event/event-route.tsx', 'virtual:locale/en/lazy'],
} as const;
export type Screen = keyof typeof SCREEN_MODULES;

/** Every chunk these modules load statically (their own and their imports', depth first), and their CSS. */
function closure(manifest: Manifest, keys: readonly string[]): { chunks: Set<string>; styles: Set<string> } {
  const chunks = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunks.has(key)) return;
    chunks.add(key);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { chunks, styles };
}

/** For each screen, the files its HTML should name: those beyond what index.html already loads. */
export function routeAssetsFromManifest(manifest: Manifest): Record<Screen, RouteAssets> {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loaded = closure(manifest, entries);
  const assets = {} as Record<Screen, RouteAssets>;
  for (const screen of Object.keys(SCREEN_MODULES) as Screen[]) {
    const { chunks, styles } = closure(manifest, SCREEN_MODULES[screen]);
    assets[screen] = {
      scripts: [...chunks].filter((key) => !loaded.chunks.has(key)).map((key) => `/${manifest[key]!.file}`),
      styles: [...styles].filter((file) => !loaded.styles.has(file)).map((file) => `/${file}`),
    };
  }
  return assets;
}

/**
 * The link tags naming a screen's files (none without a manifest: an older build, or the dev
 * server). A screen the server rendered links its styles as stylesheets, so that its HTML paints
 * styled (the app's loader then finds them linked and adds none); otherwise they are preloaded.
 */
export function routePreloadTags(screens: Record<Screen, RouteAssets> | null, screen: Screen, options: { isRendered?: boolean } = {}): string[] {
  if (!screens) return [];
  const assets = screens[screen];
  return [
    ...assets.styles.map((file) => (options.isRendered ? `<link rel="stylesheet" href="${file}" />` : `<link rel="preload" as="style" href="${file}" />`)),
    ...assets.scripts.map((file) => (options.isRendered ? `<link rel="modulepreload" fetchpriority="low" href="${file}" />` : `<link rel="modulepreload" href="${file}" />`)),
  ];
}

/** The manifest of the build in `distDir`, read again when a rebuild changes it (as index.html is); null without one. */
export function manifestReader(distDir: string): () => Promise<Record<Screen, RouteAssets> | null> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; assets: Record<Screen, RouteAssets> } | null = null;
  return async () => {
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) return null;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      cached = { mtimeMs: stat.mtimeMs, assets: routeAssetsFromManifest(JSON.parse(await fs.promises.readFile(file, 'utf8')) as Manifest) };
    }
    return cached.assets;
  };
}
