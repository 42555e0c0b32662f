import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { acceptLanguageTags, LANGUAGE_COOKIE, pickLanguage, TIME_ZONE_COOKIE, type Language } from '@planns/shared/i18n/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The server's render of the first screens people land on (issue 16, decision 0035): the web
 * app's own components, built by `vite build --ssr` into dist/.ssr/entry-server.js, render
 * /events and an event page with the answers of the calls those screens make, answered by this
 * server's own routes for the person asking (app.inject with their cookies and address: the same
 * permissions, the same bytes, the visit counted once). The browser hydrates that HTML.
 *
 * Nothing here is needed for the page to work: without the bundle, past the time limit, or on any
 * error, the page is sent as before (the empty shell the browser renders), and the failure logged.
 */

/** Past this, the page goes out unrendered: the render is an improvement, never a wait. */
export const SERVER_RENDER_TIMEOUT_MS = 1500;

interface RenderRequest {
  url: string;
  language: Language;
  timeZone: string;
  fetchJson: (path: string) => Promise<{ status: number; body: unknown }>;
  signal?: AbortSignal;
}
export interface RenderedPage {
  html: string;
  state: string;
  lang: Language;
  dir: 'ltr' | 'rtl';
}
interface EntryServer {
  render: (request: RenderRequest) => Promise<RenderedPage>;
  NotRendered: new (...args: never[]) => Error;
}

/** The language to render in: the app's cookie, else the browser's languages (as the app picks it without a stored choice). */
export function renderLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  return pickLanguage(cookie ?? null, acceptLanguageTags(acceptLanguage));
}

/** The time zone to render dates in: the app's cookie when it names a zone this runtime knows, else UTC. */
export function renderTimeZone(cookie: string | undefined): string {
  if (cookie && cookie.length <= 64) {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: cookie }).resolvedOptions().timeZone;
    } catch {
      // not a zone: UTC
    }
  }
  return 'UTC';
}

export type ServerRenderer = (request: FastifyRequest) => Promise<RenderedPage | null>;

type ZodGlobal = { __zod_globalRegistry?: unknown };

/**
 * Imports the render bundle with a zod schema registry of its own. The bundle carries its own copy
 * of zod and of the shared schemas, and zod keeps one registry per process on globalThis, which a
 * second copy would join: every schema with an id (GalleryItem, Event ...) would then be there
 * twice and the OpenAPI document (built from the server's registry) would fail. While the bundle's
 * modules run, the global is unset, so its zod makes and keeps its own; then the server's is put
 * back (the server's zod holds its registry itself and never reads the global again).
 */
export async function importWithOwnZodRegistry(url: string): Promise<unknown> {
  const global = globalThis as ZodGlobal;
  const server = global.__zod_globalRegistry;
  delete global.__zod_globalRegistry;
  try {
    return (await import(url)) as unknown;
  } finally {
    if (server === undefined) delete global.__zod_globalRegistry;
    else global.__zod_globalRegistry = server;
  }
}

/** A renderer over the build in `distDir` (its bundle read again after a rebuild), or one that renders nothing when disabled. */
export function serverRenderer(app: FastifyInstance, distDir: string, enabled: boolean): ServerRenderer {
  const bundle = path.join(distDir, '.ssr', 'entry-server.js');
  let loaded: { mtimeMs: number; entry: Promise<EntryServer> } | null = null;
  const entry = async (): Promise<EntryServer | null> => {
    const stat = await fs.promises.stat(bundle).catch(() => null);
    if (!stat) return null;
    if (loaded?.mtimeMs !== stat.mtimeMs) {
      // A new URL per build: Node keeps every module it imported, by URL.
      loaded = { mtimeMs: stat.mtimeMs, entry: importWithOwnZodRegistry(`${pathToFileURL(bundle).href}?v=${stat.mtimeMs}`) as Promise<EntryServer> };
    }
    return loaded.entry;
  };
  if (enabled) void entry().catch((err: unknown) => app.log.warn({ err }, 'the server render bundle could not be loaded'));

  return async (request) => {
    if (!enabled) return null;
    const server = await entry().catch((err: unknown) => {
      request.log.warn({ err }, 'the server render bundle could not be loaded');
      return null;
    });
    if (!server) return null;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`the server render took over ${SERVER_RENDER_TIMEOUT_MS} ms`)), SERVER_RENDER_TIMEOUT_MS);
    const headers: Record<string, string> = {};
    for (const name of ['cookie', 'accept-language', 'user-agent'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    try {
      return await server.render({
        url: request.url,
        language: renderLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']),
        timeZone: renderTimeZone(request.cookies[TIME_ZONE_COOKIE]),
        signal: controller.signal,
        fetchJson: async (apiPath) => {
          if (controller.signal.aborted) throw controller.signal.reason;
          // The person's own call, through every hook a browser's call goes through.
          const answer = await app.inject({ method: 'GET', url: apiPath, headers, remoteAddress: request.ip });
          let body: unknown = null;
          try {
            body = answer.json();
          } catch {
            // not JSON: the status says what happened
          }
          return { status: answer.statusCode, body };
        },
      });
    } catch (err) {
      if (err instanceof server.NotRendered) request.log.debug({ reason: err.message }, 'page not rendered on the server');
      else request.log.warn({ err }, 'the server render failed: the page is sent unrendered');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** `<script type="module">` tags marked fetchpriority="low" (a rendered page has no modulepreload link left: withRenderedPage). */
export function lowPriorityScripts(html: string): string {
  return html.replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"');
}

/**
 * index.html with a rendered first screen: the page's language and direction, the resources
 * React hoisted (image preloads) in the head, the markup in #root, and the state beside it as a
 * data block (type application/json: never run, so the CSP's script rules are untouched).
 *
 * The screen paints from this HTML: its pictures come first, the app's code after them (it only
 * makes the screen interactive). The page names no chunk to preload: index.html's modulepreload
 * links and the screen's own chunks (`chunks`) go to a second data block, #planns-chunks, which
 * the first script (apps/web/src/boot.ts) preloads once the screen and its pictures have painted
 * (decision 0047). The first script itself is fetched at low priority.
 */
export function withRenderedPage(indexHtml: string, page: RenderedPage, chunks: readonly string[] = []): string {
  let body = page.html;
  const hoisted: string[] = [];
  for (;;) {
    const match = /^<link [^>]*\/>/.exec(body);
    if (!match) break;
    hoisted.push(match[0]);
    body = body.slice(match[0].length);
  }
  let html = indexHtml.replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${page.lang}" dir="${page.dir}">`);
  const deferred: string[] = [];
  html = html.replace(/[ \t]*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\n?/g, (_tag, href: string) => {
    deferred.push(href);
    return '';
  });
  for (const chunk of chunks) if (!deferred.includes(chunk)) deferred.push(chunk);
  html = lowPriorityScripts(html);
  if (hoisted.length > 0) html = html.replace('</head>', `${hoisted.map((tag) => `    ${tag}\n`).join('')}  </head>`);
  // The build's file names; '<' escaped all the same, so that the block can never end early.
  const chunkBlock = `<script id="planns-chunks" type="application/json">${JSON.stringify(deferred).replaceAll('<', '\\u003c')}</script>`;
  return html.replace(
    '<div id="root"></div>',
    () => `<div id="root">${body}</div>\n    <script id="planns-state" type="application/json">${page.state}</script>\n    ${chunkBlock}`,
  );
}
