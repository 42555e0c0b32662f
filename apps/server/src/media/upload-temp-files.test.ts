import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newUploadId } from '../modules/gallery/upload-files.ts';
import { isUploadTempName, sweepUploadTempFiles, uploadTempFile, UPLOAD_TEMP_MAX_IDLE_MS } from './upload-temp-files.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-temp-sweep-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

const list = async () => (await fs.readdir(path.join(dataDir, 'tmp'))).sort();

/** Entries in DATA_DIR/tmp that are not upload temporary files: none of them may go. Answers the listing. */
async function unrelatedFiles(): Promise<string[]> {
  await fs.mkdir(path.join(dataDir, 'tmp'), { recursive: true });
  const tmp = path.join(dataDir, 'tmp');
  const names = ['notes.txt', 'upload-short', `upload-${newUploadId()}.part`, `x-upload-${newUploadId()}`];
  for (const name of names) await fs.writeFile(path.join(tmp, name), 'keep me');
  const folder = `upload-${newUploadId()}`; // the name of one, but a folder
  await fs.mkdir(path.join(tmp, folder));
  return [...names, folder].sort();
}

describe('upload temporary files', () => {
  it("names them so that the sweep recognises every upload id's file", async () => {
    for (let i = 0; i < 50; i++) {
      const file = await uploadTempFile(dataDir, newUploadId());
      expect(path.dirname(file)).toBe(path.join(dataDir, 'tmp'));
      expect(isUploadTempName(path.basename(file))).toBe(true);
    }
  });

  it('removes every upload temporary file and nothing else when no idle time is given', async () => {
    const uploads = [];
    for (let i = 0; i < 3; i++) uploads.push(await uploadTempFile(dataDir, newUploadId()));
    for (const file of uploads) await fs.writeFile(file, 'partial body');
    const unrelated = await unrelatedFiles();
    expect(await list()).toHaveLength(unrelated.length + 3);

    expect(await sweepUploadTempFiles(dataDir)).toBe(3);
    expect(await list()).toEqual(unrelated);
    expect(await sweepUploadTempFiles(dataDir)).toBe(0);
  });

  it('with an idle time, removes only the files not written for that long', async () => {
    const idle = await uploadTempFile(dataDir, newUploadId());
    const live = await uploadTempFile(dataDir, newUploadId());
    await fs.writeFile(idle, 'left by a killed server');
    await fs.writeFile(live, 'still arriving');
    const now = Date.now();
    const longAgo = new Date(now - UPLOAD_TEMP_MAX_IDLE_MS - 60_000);
    await fs.utimes(idle, longAgo, longAgo);
    await unrelatedFiles();
    const unrelated = path.join(dataDir, 'tmp', 'notes.txt');
    await fs.utimes(unrelated, longAgo, longAgo);

    expect(await sweepUploadTempFiles(dataDir, { idleMs: UPLOAD_TEMP_MAX_IDLE_MS, now })).toBe(1);
    await expect(fs.access(idle)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(fs.readFile(live, 'utf8')).resolves.toBe('still arriving');
    await expect(fs.readFile(unrelated, 'utf8')).resolves.toBe('keep me');
  });

  it('answers 0 when there is no tmp folder yet', async () => {
    expect(await sweepUploadTempFiles(dataDir)).toBe(0);
  });
});
