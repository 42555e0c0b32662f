import type { Readable } from 'node:stream';

/** Where uploaded media lives (CONVENTIONS §6): `local` (DATA_DIR/media) by default. */
export interface StorageProvider {
  readonly name: 'local';
  /** Stores bytes under a key like `avatars/12/abc.webp`; returns the public URL path. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** For the local provider's own media route. */
  read?(key: string): Promise<{ stream: Readable; size: number } | null>;
  keyFromUrl(url: string): string | null;
}
