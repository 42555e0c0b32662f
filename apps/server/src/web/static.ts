import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { eventListRequestPath, eventRequestPath } from '@planns/shared/events/events.rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE, type Actor } from '../http/actor.ts';
import { sendError } from '../http/error-handler.ts';
import { AppError } from '../http/app-error.ts';
import { HIDEABLE_MEDIA_PRESIGN_SECONDS, mediaCacheControl, type MediaAccess } from '../modules/gallery/media-access.policy.ts';
import { STORAGE_KEY_PATTERN, type ByteRange, type StorageProvider } from '../providers/storage/storage-provider.ts';
import { firstScreensReader, routeChunks, routePreloadTags, type Screen } from './route-preloads.ts';
import { serverRenderer, withRenderedPage, type RenderedPage } from './server-render.ts';
import { escapeHtml, injectSharePreview, preloadImageTag, type SharePreview } from './share-preview-html.ts';

const MEDIA_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/**
 * A Range header asking for one range of a file of `size` bytes: the range, 'unsatisfiable'
 * (answered 416), or null to serve the whole file (no header, several ranges, or a malformed one,
 * which RFC 9110 §14.2 says to ignore).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header?.trim().match(/^bytes\s*=\s*(\d*)\s*-\s*(\d*)$/i);
  if (!m) return null;
  const [first, last] = [m[1]!, m[2]!];
  if (first === '') {
    // bytes=-n: the last n bytes.
    if (last === '') return null;
    const n = Number(last);
    if (!Number.isSafeInteger(n)) return null;
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  // bytes=a-b or bytes=a- (to the end); b < a is no valid range at all.
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

export interface MediaOptions {
  /**
   * Whether this requester may have the file under this key, and how it may be cached
   * (modules/gallery/media-access.service.ts); null: refused, answered exactly like a missing file.
   */
  access: (viewer: Actor | null, key: string) => Promise<MediaAccess | null>;
  /** s3: the lifetime of presigned GET URLs for immutable media, which the redirect may be cached for (less a minute). */
  presignSeconds?: number;
}

/**
 * A missing file, and a file this requester may not have, answer the same 404, never cached: a
 * URL tells a stranger nothing, and a 404 one person got is never served to another.
 */
function mediaNotFound(reply: FastifyReply) {
  return sendError(reply.header('cache-control', 'no-store'), new AppError('not_found', 'No such file'));
}

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Uploaded media, each request checked first (`access`: gallery files by their item's rules,
 * pictures of non-public events by the event's). local: streamed with the right type, nosniff,
 * sandboxed, cached as the access allows, with single byte ranges for video seeking and an ETag
 * for cheap revalidation. s3: a redirect to a presigned GET URL, so the bytes never pass through
 * planns; short-lived and never cached for media that can still be hidden.
 */
export function registerMedia(app: FastifyInstance, storage: StorageProvider, options: MediaOptions): void {
  // GET and HEAD in one route: Fastify's automatic HEAD would read the whole file to discard it.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!STORAGE_KEY_PATTERN.test(key)) return mediaNotFound(reply);
      const access = await options.access(request.actor, key);
      if (!access) return mediaNotFound(reply);
      // What only this requester may have varies with who they are: no cache may answer another.
      const vary = access === 'private' ? { vary: 'Cookie, Authorization' } : {};
      if (storage.presignGet) {
        if (access === 'immutable') {
          const maxAge = Math.max(0, (options.presignSeconds ?? 0) - 60);
          return reply.header('cache-control', `private, max-age=${maxAge}`).redirect(await storage.presignGet(key), 302);
        }
        // Checked again on the next request: the URL lives minutes, and the redirect is kept nowhere.
        return reply.headers({ 'cache-control': 'private, no-store', ...vary }).redirect(await storage.presignGet(key, HIDEABLE_MEDIA_PRESIGN_SECONDS), 302);
      }
      // The size first (a stat): the range is decided before the file is opened.
      const size = await storage.size(key);
      if (size === null) return mediaNotFound(reply);
      // Keys are random and a stored file is never rewritten, so any tag fixed per file validates it.
      const etag = `"${size.toString(36)}"`;
      const cached = { 'cache-control': mediaCacheControl(access), etag, ...vary };
      // A copy the client holds is still good (before Range, as RFC 9110 §13.2.2 orders them).
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).headers(cached).send();
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('accept-ranges', 'bytes').header('content-range', `bytes */${size}`).send();
      }
      // GET opens the file (only the range asked for) before any header is set; HEAD never opens it.
      const file = request.method === 'HEAD' ? null : await storage.read(key, range ?? undefined);
      if (request.method !== 'HEAD' && !file) return mediaNotFound(reply);
      const ext = key.slice(key.lastIndexOf('.') + 1);
      void reply
        .status(range ? 206 : 200)
        .header('content-type', MEDIA_TYPES[ext] ?? 'application/octet-stream')
        .header('content-length', range ? range.end - range.start + 1 : size)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .headers(cached);
      if (range) void reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      // HEAD: the headers alone, with the length a GET would send.
      return file ? reply.send(file.stream) : reply.send();
    },
  });
}

export interface WebAppOptions {
  /** The link preview of an event page (`/events/{hash or id}`), or null for the generic one. */
  eventPreview?: (ref: string, acceptLanguage: string | undefined) => Promise<SharePreview | null>;
  /** The pictures of the first-screen cards of a visitor's events list (preloaded by /events's HTML). */
  listPictures?: () => Promise<string[]>;
  /** Render /events and event pages on the server (server-render.ts, decision 0035); on unless false. */
  serverRender?: boolean;
}

/**
 * The built web app: hashed assets cached for a year, and index.html (never cached) for every
 * other GET outside /api and /media, so that each route of the SPA loads on a direct visit.
 * Event pages get the event's Open Graph and Twitter card tags written into index.html.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, options: WebAppOptions = {}): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // A wildcard route, not one route per file found at start: a rebuilt app's new files are served too.
      // A path that is no file falls through to the not-found handler below (the SPA fallback).
      wildcard: true,
      index: false,
      // file.br / file.gz written by the build (apps/web/vite.config.ts precompress) are sent to
      // the browsers that accept them, with Content-Encoding and Vary.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const notBuilt = (reply: FastifyReply) =>
    reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
  const sendIndex = (reply: FastifyReply) => {
    if (!hasBuild) return notBuilt(reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };

  // index.html as text for the pages that get their own tags, read again when a rebuild changes it.
  let cached: { mtimeMs: number; html: string } | null = null;
  const indexHtml = async (): Promise<string> => {
    const { mtimeMs } = await fs.promises.stat(indexFile);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await fs.promises.readFile(indexFile, 'utf8') };
    return cached.html;
  };

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  // The first screens people land on name, in their HTML, what they will ask for next, so that the
  // browser fetches it at once rather than one discovery after another (issue 16): the screen's
  // chunks (as the web build described them), its data at the address the app asks for it, and its
  // largest paint, the picture(s) the screen opens with.
  const screenAssets = firstScreensReader(distDir);
  const withTags = (html: string, tags: string[]) =>
    tags.length === 0 ? html : html.replace('</head>', `${tags.map((tag) => `    ${tag}\n`).join('')}  </head>`);
  const fetchTag = (url: string) => `<link rel="preload" as="fetch" href="${escapeHtml(url)}" crossorigin="anonymous" />`;
  const sendPage = (reply: FastifyReply, html: string) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  // A rendered page holds the person's own answers (their user, their list): no shared cache keeps it.
  const sendRendered = (reply: FastifyReply, html: string) => reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8').send(html);
  // A rendered screen links its styles and names its chunks for after its first paint (decision 0047).
  const sendRenderedScreen = async (reply: FastifyReply, html: string, rendered: RenderedPage, screen: Screen) => {
    const assets = await screenAssets();
    return sendRendered(reply, withTags(withRenderedPage(html, rendered, routeChunks(assets, screen)), routePreloadTags(assets, screen, { isRendered: true })));
  };

  // Both screens are rendered on the server when they can be (decision 0035): their HTML then holds
  // the screen and its data, and links the screen's styles; otherwise it names the data to preload.
  const render = serverRenderer(app, distDir, options.serverRender !== false);

  const eventPreview = options.eventPreview;
  app.get('/events/:ref', { schema: { hide: true } }, async (request, reply) => {
    if (!hasBuild) return notBuilt(reply);
    const { ref } = request.params as { ref: string };
    const isSignedIn = Boolean(request.cookies[SESSION_COOKIE]);
    let preview: SharePreview | null = null;
    if (eventPreview) {
      try {
        preview = await eventPreview(ref, request.headers['accept-language']);
      } catch (err) {
        // The page itself matters more than its preview: serve the generic one.
        request.log.warn({ err }, 'event link preview failed');
      }
    }
    const html = preview ? injectSharePreview(await indexHtml(), preview) : await indexHtml();
    reply.header('vary', 'accept-language, cookie');
    const rendered = await render(request);
    if (rendered) return sendRenderedScreen(reply, html, rendered, 'event');
    // The event as the app asks for it (the preview's picture is preloaded with its tags).
    return sendPage(reply, withTags(html, [...routePreloadTags(await screenAssets(), 'event'), fetchTag(eventRequestPath(ref, { isSignedIn }))]));
  });

  const listPictures = options.listPictures;
  app.get('/events', { schema: { hide: true } }, async (request, reply) => {
    if (!hasBuild) return notBuilt(reply);
    reply.header('vary', 'accept-language, cookie');
    const rendered = await render(request);
    if (rendered) return sendRenderedScreen(reply, await indexHtml(), rendered, 'events');
    const isSignedIn = Boolean(request.cookies[SESSION_COOKIE]);
    // The list with the app's default filters (a person's stored filters ask for another, and the
    // preload is then left unused); a visitor's first cards' pictures too.
    let pictures: string[] = [];
    if (listPictures && !isSignedIn) {
      try {
        pictures = await listPictures();
      } catch (err) {
        request.log.warn({ err }, 'the events list pictures for the HTML failed');
      }
    }
    const tags = [...routePreloadTags(await screenAssets(), 'events'), fetchTag(eventListRequestPath({}, { isSignedIn, page: 1 })), ...pictures.map(preloadImageTag)];
    return sendPage(reply, withTags(await indexHtml(), tags));
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/') && !url.startsWith('/assets/');
    if (!isPage) return sendError(reply, new AppError('not_found', `No route ${request.method} ${url}`));
    return sendIndex(reply);
  });
}
