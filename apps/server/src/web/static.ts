import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from '../http/error-handler.ts';
import { AppError } from '../http/app-error.ts';
import type { StorageProvider } from '../providers/storage/storage-provider.ts';

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

/**
 * The built web app: hashed assets cached for a year, and index.html (never cached) for every
 * other GET outside /api and /media, so that each route of the SPA loads on a direct visit.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
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
  const sendIndex = (reply: FastifyReply) => {
    if (!hasBuild) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/') && !url.startsWith('/assets/');
    if (!isPage) return sendError(reply, new AppError('not_found', `No route ${request.method} ${url}`));
    return sendIndex(reply);
  });
}
