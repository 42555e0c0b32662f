/**
 * `npm start`: builds the web app when it is missing or older than its sources, then starts the
 * server (embedded PostgreSQL and demo data by default) on http://localhost:3000.
 *
 * package.json runs this with `exec node ...`, so that npm's own shell is replaced and this is
 * the process npm forwards SIGTERM and SIGINT to: the server drains and stops its database
 * (main.ts). Without the exec, the shell would take the signal, die without passing it on, and
 * leave the server running (decision 0023).
 */
import { restartWithMallocSettings } from './malloc-settings.ts';
import { buildWeb, webBuildIsStale } from './web-build.ts';

// glibc reads its allocator settings only at start: this process begins again with them (same pid).
restartWithMallocSettings();

// WEB_DIST_DIR points the server at a build of its own: apps/web/dist is not served then.
if (!process.env.WEB_DIST_DIR && webBuildIsStale()) {
  console.log('[planns] building the web app (first start, or its sources changed)…');
  const t = Date.now();
  buildWeb();
  console.log(`[planns] web app built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

// npm killed with SIGKILL forwards nothing: the server, re-parented, would run on for good. When
// npm started this process, its going away stops the server as a SIGTERM does. The SIGTERM waits
// until main.ts handles it: before that, it would end the process with the database left running.
if (process.env.npm_lifecycle_event === 'start') {
  const launcher = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === launcher || process.listenerCount('SIGTERM') === 0) return;
    clearInterval(watch);
    console.log(`[planns] npm (pid ${launcher}) is gone: stopping`);
    process.kill(process.pid, 'SIGTERM');
  }, 1000);
  watch.unref();
}

process.env.NODE_ENV ??= 'production';
await import('../apps/server/src/main.ts');
