import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import { addUploadedGalleryItem, uploadGalleryFile } from '../../api/gallery/upload-gallery-file.ts';
import {
  emptyUploadQueue,
  isQueueActive,
  nextUpload,
  uploadFailure,
  uploadQueueReducer,
  type UploadAction,
  type UploadQueue,
} from './gallery-upload-queue.ts';

type UploadFile = (options: {
  eventId: number;
  file: File;
  onProgress: (loadedBytes: number) => void;
  signal: AbortSignal;
}) => Promise<GalleryItem>;

/**
 * Runs one event's upload queue (gallery-upload-queue.ts): sends the waiting files one at a time
 * and goes on after a failure. A small store outside React, so a file is sent exactly once
 * whatever React re-renders or re-runs (StrictMode); the section reads it with useGalleryUploader.
 */
export class GalleryUploader {
  private queue: UploadQueue = emptyUploadQueue;
  private readonly files = new Map<string, File>();
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private count = 0;
  private readonly eventId: number;
  private readonly upload: UploadFile;
  private readonly onUploaded: (item: GalleryItem) => void;

  constructor(eventId: number, upload: UploadFile, onUploaded: (item: GalleryItem) => void) {
    this.eventId = eventId;
    this.upload = upload;
    this.onUploaded = onUploaded;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadQueue => this.queue;

  /** Queues the chosen files (those that cannot go fail at once) and starts sending. */
  add(files: readonly File[]): void {
    const queued = files.map((file) => {
      const key = `file-${++this.count}`;
      this.files.set(key, file);
      return { key, name: file.name, bytes: file.size, type: file.type };
    });
    this.dispatch({ type: 'add', files: queued });
    this.pump();
  }

  retry(key: string): void {
    this.dispatch({ type: 'retry', key });
    this.pump();
  }

  skip(key: string): void {
    this.dispatch({ type: 'skip', key });
    if (!this.queue.entries.some((entry) => entry.key === key)) this.files.delete(key);
  }

  /** Empties the finished list (nothing on its way). */
  clear(): void {
    this.dispatch({ type: 'clear' });
    if (this.queue.entries.length === 0) this.files.clear();
  }

  /** Stops the file on its way (the page is left). */
  stop(): void {
    this.controller?.abort();
  }

  private dispatch(action: UploadAction): void {
    const next = uploadQueueReducer(this.queue, action);
    if (next === this.queue) return;
    this.queue = next;
    for (const listener of this.listeners) listener();
  }

  private pump(): void {
    const entry = nextUpload(this.queue);
    if (!entry) return;
    const file = this.files.get(entry.key);
    this.dispatch({ type: 'start', key: entry.key });
    const controller = new AbortController();
    this.controller = controller;
    const sent = file
      ? this.upload({
          eventId: this.eventId,
          file,
          signal: controller.signal,
          onProgress: (loaded) => this.dispatch({ type: 'progress', key: entry.key, loaded }),
        })
      : Promise.reject(new Error('The file is no longer there'));
    sent
      .then((item) => {
        this.files.delete(entry.key);
        this.onUploaded(item);
        this.dispatch({ type: 'done', key: entry.key, isApproved: item.approved });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Uploading ${entry.name} to the gallery failed`, error);
        this.dispatch({ type: 'fail', key: entry.key, failure: uploadFailure(error, entry.kind) });
      })
      .finally(() => {
        if (this.controller === controller) this.controller = null;
        if (!controller.signal.aborted) this.pump();
      });
  }
}

/**
 * The event's uploader and its queue. The file on its way stops when the page is left, and the
 * browser asks before closing the tab while files are waiting.
 */
export function useGalleryUploader(eventId: number): { queue: UploadQueue; uploader: GalleryUploader } {
  const queryClient = useQueryClient();
  const [uploader] = useState(
    () => new GalleryUploader(eventId, uploadGalleryFile, (item) => addUploadedGalleryItem(queryClient, item)),
  );
  const queue = useSyncExternalStore(uploader.subscribe, uploader.getSnapshot, uploader.getSnapshot);
  useEffect(() => () => uploader.stop(), [uploader]);

  const isActive = isQueueActive(queue);
  useEffect(() => {
    if (!isActive) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isActive]);

  return { queue, uploader };
}
