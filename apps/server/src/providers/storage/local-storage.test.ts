import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INCOMING_DIR, LocalStorageProvider } from './local-storage.ts';

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await fs.rm(root, { recursive: true, force: true });
});

async function storage() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'planns-local-storage-'));
  roots.push(root);
  return { root, store: new LocalStorageProvider(root) };
}

describe('local storage', () => {
  it('writes through the incoming folder and leaves nothing there; the folder is never a key', async () => {
    const { root, store } = await storage();
    const source = path.join(root, 'source.bin');
    await fs.writeFile(source, Buffer.alloc(2048, 7));
    expect(await store.put('avatars/1/a.webp', Buffer.from('picture'))).toBe('/media/avatars/1/a.webp');
    expect(await store.putFile('gallery/2/b.mp4', source)).toBe('/media/gallery/2/b.mp4');
    expect(await fs.readFile(path.join(root, 'avatars/1/a.webp'), 'utf8')).toBe('picture');
    expect(await store.size('gallery/2/b.mp4')).toBe(2048);
    expect(await fs.readdir(path.join(root, INCOMING_DIR))).toEqual([]);
    expect(await store.read(`${INCOMING_DIR}/1.abc.tmp`)).toBeNull();
  });

  it('sweeps half-written files idle for longer than asked, and only those', async () => {
    const { root, store } = await storage();
    const incoming = path.join(root, INCOMING_DIR);
    await fs.mkdir(incoming, { recursive: true });
    const now = Date.now();
    const old = path.join(incoming, '4242.k3j4h5.tmp');
    const fresh = path.join(incoming, '4242.zz9.tmp');
    const other = path.join(incoming, 'notes.txt');
    for (const file of [old, fresh, other]) await fs.writeFile(file, 'x');
    const twoHoursAgo = new Date(now - 2 * 60 * 60 * 1000);
    await fs.utimes(old, twoHoursAgo, twoHoursAgo);
    await fs.utimes(other, twoHoursAgo, twoHoursAgo);
    expect(await store.sweepIncoming(60 * 60 * 1000, now)).toBe(1);
    expect((await fs.readdir(incoming)).sort()).toEqual(['4242.zz9.tmp', 'notes.txt']);
    // Nothing to sweep, or no folder yet: nothing happens.
    expect(await store.sweepIncoming(60 * 60 * 1000, now)).toBe(0);
    expect(await (await storage()).store.sweepIncoming(0)).toBe(0);
  });
});
