import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { keyFromMediaUrl, MEDIA_URL_PREFIX, STORAGE_KEY_PATTERN, type ByteRange, type StorageProvider, type StoredFile } from './storage-provider.ts';

export { MEDIA_URL_PREFIX } from './storage-provider.ts';

/** Files under DATA_DIR/media, served by the media route with safe headers. */
export class LocalStorageProvider implements StorageProvider {
  readonly name = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private pathFor(key: string): string {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(this.root, key);
  }

  /** Written under a temporary name and renamed: a reader never sees half a file. */
  private async writeAtomically(key: string, write: (tmp: string) => Promise<void>): Promise<string> {
    const file = this.pathFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await write(tmp);
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    return MEDIA_URL_PREFIX + key;
  }

  put(key: string, body: Buffer): Promise<string> {
    return this.writeAtomically(key, (tmp) => fs.writeFile(tmp, body));
  }

  putFile(key: string, filePath: string): Promise<string> {
    return this.writeAtomically(key, (tmp) => pipeline(createReadStream(filePath), createWriteStream(tmp)));
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathFor(key), { force: true });
  }

  async size(key: string): Promise<number | null> {
    if (!STORAGE_KEY_PATTERN.test(key)) return null;
    const stat = await fs.stat(this.pathFor(key)).catch(() => null);
    return stat?.isFile() ? stat.size : null;
  }

  async read(key: string, range?: ByteRange): Promise<StoredFile | null> {
    if (!STORAGE_KEY_PATTERN.test(key)) return null;
    const file = this.pathFor(key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { stream: createReadStream(file, range ? { start: range.start, end: range.end } : {}), size: stat.size };
  }

  keyFromUrl(url: string): string | null {
    return keyFromMediaUrl(url);
  }
}
