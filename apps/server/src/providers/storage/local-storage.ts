import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StorageProvider } from './storage-provider.ts';

export const MEDIA_URL_PREFIX = '/media/';
const KEY_PATTERN = /^[a-z0-9_-]+(\/[a-zA-Z0-9_-]+)*\/[a-zA-Z0-9_-]+\.(webp|jpg|png|gif|mp4|webm|mov)$/;

/** Files under DATA_DIR/media, served by the media route with safe headers. */
export class LocalStorageProvider implements StorageProvider {
  readonly name = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private pathFor(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<string> {
    const file = this.pathFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
    return MEDIA_URL_PREFIX + key;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathFor(key), { force: true });
  }

  async read(key: string) {
    if (!KEY_PATTERN.test(key)) return null;
    const file = this.pathFor(key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { stream: createReadStream(file), size: stat.size };
  }

  keyFromUrl(url: string): string | null {
    if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
    const key = url.slice(MEDIA_URL_PREFIX.length);
    return KEY_PATTERN.test(key) ? key : null;
  }
}
