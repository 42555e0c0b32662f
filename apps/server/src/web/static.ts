import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from '../http/error-handler.ts';
import { AppError } from '../http/app-error.ts';
import type { StorageProvider } from '../providers/storage/storage-provider.ts';
import { injectSharePreview, type SharePreview } from './share-preview-html.ts';

const MEDIA_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/** Uploaded media: right type, nosniff, sandboxed, immutable (keys are random). */
export function registerMedia(app: FastifyInstance, storage: StorageProvider): void {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = storage.read ? await storage.read(key) : null;
    if (!file) return sendError(reply, new AppError('not_found', 'No such file'));
    const ext = key.slice(key.lastIndexOf('.') + 1);
    return reply
      .header('content-type', MEDIA_TYPES[ext] ?? 'application/octet-stream')
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
}

export interface WebAppOptions {
  /** The link preview of an event page (`/events/{hash or id}`), or null for the generic one. */
  eventPreview?: (ref: string, acceptLanguage: string | undefined) => Promise<SharePreview | null>;
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
  const eventPreview = options.eventPreview;
  if (eventPreview) {
    app.get('/events/:ref', { schema: { hide: true } }, async (request, reply) => {
      if (!hasBuild) return notBuilt(reply);
      const { ref } = request.params as { ref: string };
      let preview: SharePreview | null = null;
      try {
        preview = await eventPreview(ref, request.headers['accept-language']);
      } catch (err) {
        // The page itself matters more than its preview: serve the generic one.
        request.log.warn({ err }, 'event link preview failed');
      }
      if (!preview) return sendIndex(reply);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language')
        .type('text/html; charset=utf-8')
        .send(injectSharePreview(await indexHtml(), preview));
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/') && !url.startsWith('/assets/');
    if (!isPage) return sendError(reply, new AppError('not_found', `No route ${request.method} ${url}`));
    return sendIndex(reply);
  });
}
