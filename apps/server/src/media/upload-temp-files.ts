import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * An upload's body waits in DATA_DIR/tmp/upload-<upload id> while it is checked and processed; the
 * request removes it when it ends, however it ends. Only a killed server leaves one behind.
 */
export async function uploadTempFile(dataDir: string, uploadId: string): Promise<string> {
  const dir = path.join(dataDir, 'tmp');
  await fs.mkdir(dir, { recursive: true });
  return path.join(dir, `upload-${uploadId}`);
}

/** uploadTempFile's names: an upload id is 16 random bytes in base64url (22 characters, upload-files.ts). */
const UPLOAD_TEMP_NAME = /^upload-[A-Za-z0-9_-]{22}$/;

export const isUploadTempName = (name: string): boolean => UPLOAD_TEMP_NAME.test(name);

/**
 * Where the folder may be shared with another live server (DATABASE_URL: nothing locks DATA_DIR),
 * a temporary file is left alone until it has not been written for this long. A live upload writes
 * its file as the bytes arrive; after that it waits for its turn at the image work and is read, so
 * an hour leaves a wide margin for a queue and for copying a large video to the store.
 */
export const UPLOAD_TEMP_MAX_IDLE_MS = 60 * 60 * 1000;

/**
 * Removes the upload temporary files in DATA_DIR/tmp, and nothing else there: all of them when
 * `idleMs` is not given (the caller knows no other server uses the folder), else only those not
 * modified for `idleMs`. Answers how many were removed.
 */
export async function sweepUploadTempFiles(dataDir: string, options: { idleMs?: number; now?: number } = {}): Promise<number> {
  const dir = path.join(dataDir, 'tmp');
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  const now = options.now ?? Date.now();
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !isUploadTempName(entry.name)) continue;
    const file = path.join(dir, entry.name);
    if (options.idleMs !== undefined) {
      const stat = await fs.stat(file).catch(() => null);
      if (!stat || now - stat.mtimeMs < options.idleMs) continue;
    }
    // Already gone (its request ended meanwhile) is as good as removed, but not counted.
    await fs.rm(file).then(
      () => removed++,
      (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      },
    );
  }
  return removed;
}
