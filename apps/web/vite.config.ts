import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
      // The server's render bundle (dist/.ssr) is read from disk by the server, never sent.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
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

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), localeParts(), precompress()],
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
        // dist/.vite/manifest.json: which chunks each screen loads, so the server's HTML of the first
        // screens people land on names them at once (apps/server/src/web/route-preloads.ts).
        manifest: true,
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
