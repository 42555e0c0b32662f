/**
 * `npm start`: builds the web app when it is missing or older than its sources, then starts the
 * server (embedded PostgreSQL and demo data by default) on http://localhost:3000.
 */
import { restartWithMallocSettings } from './malloc-settings.ts';
import { buildWeb, webBuildIsStale } from './web-build.ts';

// glibc reads its allocator settings only at start: this process begins again with them (same pid).
restartWithMallocSettings();

if (webBuildIsStale()) {
  console.log('[planns] building the web app (first start, or its sources changed)…');
  const t = Date.now();
  buildWeb();
  console.log(`[planns] web app built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
process.env.NODE_ENV ??= 'production';
await import('../apps/server/src/main.ts');
