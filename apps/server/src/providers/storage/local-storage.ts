import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { keyFromMediaUrl, MEDIA_URL_PREFIX, STORAGE_KEY_PATTERN, type ByteRange, type StorageProvider, type StoredFile } from './storage-provider.ts';

export { MEDIA_URL_PREFIX } from './storage-provider.ts';

/**
 * Where a file being written waits, inside the root so that the rename into place stays on one
 * filesystem. Its name starts with a dot, which no storage key does: it is never served.
 */
export const INCOMING_DIR = '.incoming';
const INCOMING_NAME = /^\d+\.[a-z0-9]+\.tmp$/;

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

  /**
   * Written under a temporary name in the incoming folder and renamed: a reader never sees half a
   * file, and what a killed server leaves half-written is in one folder, swept by sweepIncoming.
   */
  private async writeAtomically(key: string, write: (tmp: string) => Promise<void>): Promise<string> {
    const file = this.pathFor(key);
    const incoming = path.join(this.root, INCOMING_DIR);
    await Promise.all([fs.mkdir(path.dirname(file), { recursive: true }), fs.mkdir(incoming, { recursive: true })]);
    const tmp = path.join(incoming, `${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
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

  /**
   * Removes files left half-written in the incoming folder by a killed server, once not modified
   * for `idleMs` (a live write keeps its file fresh); answers how many went. The instance task
   * storage.sweep_incoming_files runs it hourly (jobs/instance-tasks.ts).
   */
  async sweepIncoming(idleMs: number, now = Date.now()): Promise<number> {
    const dir = path.join(this.root, INCOMING_DIR);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (!INCOMING_NAME.test(name)) continue;
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile() || now - stat.mtimeMs < idleMs) continue;
      await fs.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  keyFromUrl(url: string): string | null {
    return keyFromMediaUrl(url);
  }
}
