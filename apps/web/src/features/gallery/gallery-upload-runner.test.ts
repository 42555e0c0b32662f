import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import { ApiError } from '../../lib/api-client.ts';
import { GalleryUploader } from './gallery-upload-runner.ts';

type Pending = { name: string; resolve: (item: GalleryItem) => void; reject: (error: unknown) => void; progress: (loaded: number) => void };

function setup() {
  const pending: Pending[] = [];
  const uploaded: GalleryItem[] = [];
  const uploader = new GalleryUploader(
    7,
    ({ file, onProgress }) =>
      new Promise<GalleryItem>((resolve, reject) => pending.push({ name: file.name, resolve, reject, progress: onProgress })),
    (item) => uploaded.push(item),
  );
  return { uploader, pending, uploaded };
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const item = (id: number, approved = true) => ({ id, event_id: 7, approved }) as GalleryItem;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.restoreAllMocks());

describe('GalleryUploader', () => {
  it('sends the files one at a time and hands each new item over', async () => {
    const { uploader, pending, uploaded } = setup();
    uploader.add([file('a.jpg'), file('b.jpg')]);
    expect(pending.map((p) => p.name)).toEqual(['a.jpg']);
    pending[0]!.progress(5);
    expect(uploader.getSnapshot().entries[0]).toMatchObject({ status: 'uploading', loaded: 5 });
    pending[0]!.resolve(item(1, false));
    await flush();
    expect(pending.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(uploaded.map((i) => i.id)).toEqual([1]);
    expect(uploader.getSnapshot().entries[0]).toMatchObject({ status: 'done', isApproved: false });
  });

  it('goes on after a failure, and sends the failed file again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { uploader, pending } = setup();
    uploader.add([file('a.jpg'), file('b.jpg')]);
    pending[0]!.reject(new ApiError(0, 'network_error', 'The server could not be reached'));
    await flush();
    expect(uploader.getSnapshot().entries.map((e) => e.status)).toEqual(['failed', 'uploading']);
    pending[1]!.resolve(item(2));
    await flush();
    uploader.retry(uploader.getSnapshot().entries[0]!.key);
    expect(pending.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg', 'a.jpg']);
  });

  it('never sends a file refused before sending, and skips it on Skip', () => {
    const { uploader, pending } = setup();
    uploader.add([file('empty.jpg', 0)]);
    expect(pending).toEqual([]);
    const [entry] = uploader.getSnapshot().entries;
    expect(entry).toMatchObject({ status: 'failed', failure: { messageKey: 'empty' } });
    uploader.skip(entry!.key);
    expect(uploader.getSnapshot().entries).toEqual([]);
  });

  it('tells its listeners about every change', () => {
    const { uploader } = setup();
    const listener = vi.fn();
    const unsubscribe = uploader.subscribe(listener);
    uploader.add([file('a.jpg')]);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });
});
