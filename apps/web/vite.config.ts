import fs from 'node:fs';
import path from 'node:path';
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

export default defineConfig({
  root,
  plugins: [react(), localeParts()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
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
});
