import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GALLERY_PAGE_SIZE } from '@planns/shared/gallery/gallery.rules';
import type { GalleryItem, UploadResult } from '@planns/shared/gallery/gallery.schemas';
import { ApiError } from '../../lib/api-client.ts';
import { toggledLike } from './like-gallery-item.ts';
import {
  flattenGalleryPages,
  galleryQueryKey,
  olderGalleryCursor,
  prependGalleryItem,
  removeGalleryItem,
  replaceGalleryItem,
  updateCachedGallery,
  type GalleryPages,
} from './list-gallery.ts';
import { addUploadedGalleryItem, putUploadBytes, uploadGalleryFile } from './upload-gallery-file.ts';

function item(id: number, overrides: Partial<GalleryItem> = {}): GalleryItem {
  return {
    id,
    event_id: 7,
    url: `/media/g/${id}.webp`,
    url_m: `/media/g/${id}-m.webp`,
    url_l: `/media/g/${id}-l.webp`,
    type: 'image',
    width: 800,
    height: 600,
    created_at: '2026-06-06T10:00:00.000Z',
    user_uploaded: { id: 1, name: 'Ada', avatar: null, avatar_m: null, avatar_s: null },
    likes: [],
    likes_count: 0,
    is_liked: false,
    is_abused: false,
    approved: true,
    is_hidden: false,
    reports_count: 0,
    can_delete: false,
    can_moderate: false,
    ...overrides,
  };
}

const result: UploadResult = { id: 'upload-123', url: '/media/a.webp', url_m: '/media/a-m.webp', url_l: '/media/a-l.webp', resource_type: 'image', width: 10, height: 10, format: 'jpeg', bytes: 4 };

describe('gallery pages', () => {
  const data: GalleryPages = { pages: [[item(5), item(4)], [item(3)]], pageParams: [null, 4] };

  it('asks for older items only after a full page', () => {
    const full = Array.from({ length: GALLERY_PAGE_SIZE }, (_, i) => item(1000 - i));
    expect(olderGalleryCursor(full)).toBe(1000 - GALLERY_PAGE_SIZE + 1);
    expect(olderGalleryCursor([item(1)])).toBeUndefined();
  });

  it('flattens the pages newest first, each item once', () => {
    expect(flattenGalleryPages({ pages: [[item(5), item(4)], [item(4), item(3)]] }).map((i) => i.id)).toEqual([5, 4, 3]);
    expect(flattenGalleryPages(undefined)).toEqual([]);
  });

  it('puts a new item on top, replaces a changed one and removes a deleted one', () => {
    expect(prependGalleryItem(data, item(6))?.pages[0]?.map((i) => i.id)).toEqual([6, 5, 4]);
    expect(prependGalleryItem(data, item(3))).toBe(data);
    expect(replaceGalleryItem(data, item(3, { likes_count: 2 }))?.pages[1]?.[0]?.likes_count).toBe(2);
    expect(replaceGalleryItem(data, item(9))).toBe(data);
    expect(flattenGalleryPages(removeGalleryItem(data, 4)).map((i) => i.id)).toEqual([5, 3]);
    expect(removeGalleryItem(data, 9)).toBe(data);
  });

  it("updates both viewers' galleries of the event and no other event's", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<GalleryPages>(galleryQueryKey(7, true), data);
    queryClient.setQueryData<GalleryPages>(galleryQueryKey(7, false), data);
    queryClient.setQueryData<GalleryPages>(galleryQueryKey(8, true), { pages: [[item(4, { event_id: 8 })]], pageParams: [null] });
    updateCachedGallery(queryClient, 7, (pages) => removeGalleryItem(pages, 4));
    expect(flattenGalleryPages(queryClient.getQueryData(galleryQueryKey(7, true))).map((i) => i.id)).toEqual([5, 3]);
    expect(flattenGalleryPages(queryClient.getQueryData(galleryQueryKey(7, false))).map((i) => i.id)).toEqual([5, 3]);
    expect(flattenGalleryPages(queryClient.getQueryData(galleryQueryKey(8, true))).map((i) => i.id)).toEqual([4]);
  });

  it("adds an upload to the uploader's gallery at once", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<GalleryPages>(galleryQueryKey(7, true), data);
    addUploadedGalleryItem(queryClient, item(6, { approved: false }));
    expect(flattenGalleryPages(queryClient.getQueryData(galleryQueryKey(7, true))).map((i) => i.id)).toEqual([6, 5, 4, 3]);
  });
});

describe('toggledLike', () => {
  it('moves the count with the heart', () => {
    expect(toggledLike(item(1, { likes_count: 2 }))).toMatchObject({ is_liked: true, likes_count: 3 });
    expect(toggledLike(item(1, { likes_count: 1, is_liked: true }))).toMatchObject({ is_liked: false, likes_count: 0 });
  });
});

/** Enough of XMLHttpRequest for the upload: the test decides how it answers. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

const createRequest = () => new FakeRequest() as unknown as XMLHttpRequest;
const file = new File([new Uint8Array([1, 2, 3, 4])], 'a.jpg', { type: 'image/jpeg' });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('putUploadBytes', () => {
  it('PUTs the file with the given headers (not the ones the browser sets) and reports progress', async () => {
    const progress: number[] = [];
    const sent = putUploadBytes({ url: '/api/media/uploads/abc', headers: { 'content-type': 'image/jpeg', 'Content-Length': '4' } }, file, {
      onProgress: (loaded) => progress.push(loaded),
      createRequest,
    });
    const request = FakeRequest.last!;
    expect(request).toMatchObject({ method: 'PUT', url: '/api/media/uploads/abc', headers: { 'content-type': 'image/jpeg' }, body: file });
    request.upload.onprogress?.({ loaded: 2 });
    request.answer(200, { data: result });
    await expect(sent).resolves.toEqual(result);
    expect(progress).toEqual([2, 4]);
  });

  it('takes an answer without JSON (a store) as sent', async () => {
    const sent = putUploadBytes({ url: 'https://bucket.example/x?sig=1', headers: {} }, file, { createRequest });
    FakeRequest.last!.answer(200);
    await expect(sent).resolves.toBeNull();
  });

  it("turns the server's error body into an ApiError with its code, message and fields", async () => {
    const sent = putUploadBytes({ url: '/api/media/uploads/abc', headers: {} }, file, { createRequest });
    FakeRequest.last!.answer(415, { error: { code: 'unsupported_media_type', message: 'Upload a JPEG', fields: { file: 'Upload a JPEG' } } });
    await expect(sent).rejects.toMatchObject({ status: 415, code: 'unsupported_media_type', message: 'Upload a JPEG', fields: { file: 'Upload a JPEG' } });
  });

  it('reports a network failure and a store error without a body', async () => {
    const lost = putUploadBytes({ url: '/x', headers: {} }, file, { createRequest });
    FakeRequest.last!.onerror?.();
    await expect(lost).rejects.toMatchObject({ status: 0, code: 'network_error' });
    const tooBig = putUploadBytes({ url: '/x', headers: {} }, file, { createRequest });
    FakeRequest.last!.status = 413;
    FakeRequest.last!.responseText = '<Error><Code>EntityTooLarge</Code></Error>';
    FakeRequest.last!.onload?.();
    await expect(tooBig).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    const sent = putUploadBytes({ url: '/x', headers: {} }, file, { createRequest, signal: controller.signal });
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('uploadGalleryFile', () => {
  it('presigns, sends the bytes, completes and posts the result to the gallery', async () => {
    const calls: { path: string; method: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      calls.push({ path, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (path.startsWith('/api/media/uploads/presign')) {
        return json(200, { data: { id: 'upload-123', method: 'PUT', url: '/api/media/uploads/upload-123', headers: { 'content-type': 'image/jpeg' }, expires_at: '2026-06-06T11:00:00.000Z' } });
      }
      if (path.endsWith('/complete')) return json(200, { data: result });
      return json(200, { data: item(9) });
    });
    const uploaded = uploadGalleryFile({ eventId: 7, file, createRequest });
    await vi.waitFor(() => expect(FakeRequest.last?.url).toBe('/api/media/uploads/upload-123'));
    FakeRequest.last!.answer(200, { data: result });
    await expect(uploaded).resolves.toMatchObject({ id: 9 });
    expect(calls).toEqual([
      { path: '/api/media/uploads/presign?event_id=7', method: 'POST', body: { content_type: 'image/jpeg', bytes: 4 } },
      { path: '/api/media/uploads/upload-123/complete', method: 'POST', body: undefined },
      { path: '/api/gallery/7', method: 'POST', body: { cloudinary_data: result } },
    ]);
  });

  it('stops at a refused presign (403: not a guest)', async () => {
    vi.stubGlobal('fetch', async () => json(403, { error: { code: 'forbidden', message: 'Only guests who are going or maybe, and the organiser, can add photos' } }));
    const error = await uploadGalleryFile({ eventId: 7, file, createRequest }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
  });
});
