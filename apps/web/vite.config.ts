import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { splitTranslation } from './src/lib/i18n-split.ts';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiOrigin = 'http://localhost:3000';

const LOCALE_PREFIX = 'virtual:locale/';

/** virtual:locale/<lang>/<core|lazy>: one half of src/locales/<lang>.json (src/lib/i18n-split.ts). */
function localeParts(): Plugin {
  return {
    name: 'planns-locale-parts',
    resolveId(id) {
      return id.startsWith(LOCALE_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${LOCALE_PREFIX}`)) return null;
      const [language, part] = id.slice(LOCALE_PREFIX.length + 1).split('/');
      if (!language || !/^[a-z]{2}$/.test(language) || (part !== 'core' && part !== 'lazy')) throw new Error(`unknown locale part ${id}`);
      const file = path.join(root, 'src', 'locales', `${language}.json`);
      this.addWatchFile(file);
      const texts = splitTranslation(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>, part);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/**
 * After the build, each text file of dist above 1 KiB gets a brotli (quality 11) and a gzip (level 9)
 * copy beside it (file.br, file.gz), kept only when smaller: the server sends them as they are
 * (@fastify/static preCompressed), so the browser gets the smallest bytes at no cost per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'planns-precompress',
    apply: 'build',
    configResolved(config) {
      // The server's render bundle (dist/.ssr) is read from disk by the server, never sent; the
      // chunk plan's pass writes no files.
      outDir = config.build.ssr || isPlanPass ? '' : path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        const br = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
        const gz = zlib.gzipSync(bytes, { level: 9 });
        if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/** The app's module, loaded by the page's first script (src/boot.ts) rather than named by index.html. */
const APP_MODULE = 'src/main.tsx';

/**
 * A client bundle's chunks as a graph (appPreloads, firstLoadChunks): each by its file, the
 * chunks a set of chunks loads statically (their own and their imports', depth first, leaving out
 * `leaveOut`), the chunk holding a module, the entry's chunks (src/boot.ts and what it imports),
 * the app's (src/main.tsx's chunk and what it imports beyond the entry's), and the styles of chunks.
 */
function bundleGraph(bundle: Rolldown.OutputBundle, fail: (message: string) => never) {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (files: string[], leaveOut: ReadonlySet<string> = new Set()): Set<string> => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || leaveOut.has(file) || !byFile.has(file)) return;
      seen.add(file);
      for (const imported of byFile.get(file)!.imports) visit(imported);
    };
    for (const file of files) visit(file);
    return seen;
  };
  const chunkOf = (module: string) => {
    const id = module.startsWith('\0') ? module : path.join(root, module);
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) return fail(`no chunk holds ${module}`);
    return chunk.fileName;
  };
  const stylesOf = (files: Iterable<string>) => new Set([...files].flatMap((file) => [...(byFile.get(file)!.viteMetadata?.importedCss ?? [])]));
  const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const app = closure([chunkOf(APP_MODULE)], entry);
  return { chunks, byFile, closure, chunkOf, stylesOf, entry, app };
}

/**
 * index.html names the app's chunks and styles (src/main.tsx and what it imports statically), as
 * it would if the app were its entry: a page the server does not render loads them at once, in one
 * wave with the first script. A page the server renders keeps the styles and defers the chunks
 * (apps/server/src/web/server-render.ts withRenderedPage, decision 0047).
 */
function appPreloads(): Plugin {
  return {
    name: 'planns-app-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const graph = bundleGraph(ctx.bundle, (message) => {
          throw new Error(`planns-app-preloads: ${message}`);
        });
        // What index.html loads already: the entry (src/boot.ts), what it imports and their styles.
        const loadedStyles = graph.stylesOf(graph.entry);
        const styles = [...graph.stylesOf(graph.app)].filter((file) => !loadedStyles.has(file));
        return [
          ...styles.map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...[...graph.app].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

/**
 * The first screens people land on (/events and an event page), by the modules their lazy routes
 * load, with the route table and the screens' English texts that every language loads as its
 * fallback (src/lib/i18n.ts loadScreenTexts).
 */
const SCREEN_ENTRIES = {
  events: 'src/app/routes/events-route.tsx',
  event: 'src/app/routes/event/event-route.tsx',
} as const;
const SCREENS_SHARED = ['src/app/screen-routes.tsx', `\0${LOCALE_PREFIX}en/lazy`];

/** A first screen's chunk that other screens load too joins the app when it is smaller than this, gzipped. */
const SMALL_CHUNK = 2048;

/** What the build tells the server about the first screens' files (apps/server/src/web/route-preloads.ts). */
const FIRST_SCREENS_FILE = '.vite/first-screens.json';

/** The plan of the first-load chunks: which chunk each module goes in (firstLoadChunks), by module id. */
const PLAN_FILE = path.join(root, 'node_modules', '.cache', 'planns', 'first-load-chunks.json');
/** The build's first pass (PLANNS_CHUNK_PLAN=write): chunked as the bundler chooses, it writes the plan and no files. */
const isPlanPass = process.env.PLANNS_CHUNK_PLAN === 'write';
const firstLoadPlan: Record<string, string> = !isPlanPass && fs.existsSync(PLAN_FILE) ? (JSON.parse(fs.readFileSync(PLAN_FILE, 'utf8')) as Record<string, string>) : {};

/**
 * The first load of a screen in a few files rather than dozens (decision 0047). Left to itself the
 * bundler cuts the modules shared by lazy routes into chunks of their own: /events took 38 script
 * files, most under 2 KiB, and on HTTP/1.1 over a slow network every six of them cost a round trip.
 * The build runs twice (apps/web/package.json, scripts/web-build.ts): the first pass chunks as the
 * bundler chooses and writes, for each module of the chunks a first load takes, the chunk it is to
 * go in: 'app' for the chunks of the app (src/main.tsx and the chunks it imports), then 'screens'
 * for those both first screens load, 'events-screen' or 'event-screen' for those only one loads;
 * but a chunk other screens load too stays out of those groups (they would load a whole group for
 * it): into 'app' when it is small, else left as it is.
 * The second pass puts those modules together (rolldown's codeSplitting groups) and the rest as
 * before. The entry's chunks stay the entry's: the app is loaded by it, after the first paint.
 * The second pass also writes, for the server, each first screen's chunks and styles beyond the
 * app's (dist/.vite/first-screens.json).
 */
function firstLoadChunks(): Plugin {
  return {
    name: 'planns-first-load-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const { chunks, byFile, closure, chunkOf, stylesOf, entry, app } = bundleGraph(bundle, (message) => this.error(`planns-first-load-chunks: ${message}`));
      const done = new Set([...entry, ...app]);
      const events = closure([chunkOf(SCREEN_ENTRIES.events), ...SCREENS_SHARED.map(chunkOf)], done);
      const event = closure([chunkOf(SCREEN_ENTRIES.event), ...SCREENS_SHARED.map(chunkOf)], done);
      if (!isPlanPass) {
        // For the server (apps/server/src/web/route-preloads.ts): each first screen's chunks and
        // styles beyond those of index.html (the entry's and the app's).
        const loadedStyles = stylesOf(done);
        const assets = (files: Set<string>) => ({
          scripts: [...files].map((file) => `/${file}`),
          styles: [...stylesOf(files)].filter((file) => !loadedStyles.has(file)).map((file) => `/${file}`),
        });
        this.emitFile({ type: 'asset', fileName: FIRST_SCREENS_FILE, source: JSON.stringify({ events: assets(events), event: assets(event) }) });
        return;
      }
      // What other screens load (their chunks and all these import): a screen's chunk among them
      // does not join a screen's group, which those screens would then load whole for it. A small one
      // (under SMALL_CHUNK gzipped, with all it imports) joins the app, which every screen loads; the
      // others stay as the bundler made them.
      const firstLoad = new Set([...done, ...events, ...event]);
      const otherScreens = closure(chunks.filter((chunk) => !firstLoad.has(chunk.fileName)).map((chunk) => chunk.fileName));
      const toApp = new Set([...events, ...event].filter((file) => otherScreens.has(file) && zlib.gzipSync(byFile.get(file)!.code).length < SMALL_CHUNK));
      for (let changed = true; changed; ) {
        changed = false;
        for (const file of toApp) {
          if (byFile.get(file)!.imports.every((imported) => done.has(imported) || toApp.has(imported))) continue;
          toApp.delete(file);
          changed = true;
        }
      }
      const grouped = (files: Set<string>) => [...files].filter((file) => !otherScreens.has(file));
      const plan: Record<string, string> = {};
      const assign = (files: Iterable<string>, name: string) => {
        for (const file of files) for (const id of byFile.get(file)!.moduleIds) plan[id] = name;
      };
      assign([...app, ...toApp], 'app');
      assign(grouped(events).filter((file) => event.has(file)), 'screens');
      assign(grouped(events).filter((file) => !event.has(file)), 'events-screen');
      assign(grouped(event).filter((file) => !events.has(file)), 'event-screen');
      fs.mkdirSync(path.dirname(PLAN_FILE), { recursive: true });
      fs.writeFileSync(PLAN_FILE, JSON.stringify(plan));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), localeParts(), firstLoadChunks(), appPreloads(), precompress()],
  build: isSsrBuild
    ? {
        // `vite build --ssr`: the server's render of the first screens (src/entry-server.tsx,
        // decision 0035) into dist/.ssr, after the app's own build (which empties dist).
        ssr: 'src/entry-server.tsx',
        outDir: 'dist/.ssr',
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        // One file: the server imports it under a new URL after each build, and chunks importing
        // back from the entry would load a second copy of it (two React contexts, two stores).
        rolldownOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        // The plan pass writes nothing but its plan.
        write: !isPlanPass,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Whole chunks of the first pass are put together, so a group needs none of another's
              // modules pulled in: the app's chunks import only the app's and the entry's, the
              // screens' only those and the app's.
              groups: [
                {
                  name: (id: string) => firstLoadPlan[id] ?? null,
                  debugName: 'first-load',
                  test: (id: string) => Object.hasOwn(firstLoadPlan, id),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  // The server's render bundle carries its packages (React, the router, i18next, zod ...): it runs
  // wherever the build is put (WEB_DIST_DIR), with no node_modules beside it.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/media': { target: apiOrigin, changeOrigin: false },
      '/socket.io': { target: apiOrigin, changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/media': { target: apiOrigin, changeOrigin: false },
    },
  },
}));
