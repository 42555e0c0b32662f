import crypto from 'node:crypto';
import type { StorageProvider } from '../../providers/storage/storage-provider.ts';
import { deleteStoredFiles } from '../users/avatar-image.ts';
import type { UploadFiles } from './gallery.repo.ts';

/** A new upload's id: random, and a valid storage key segment (gallery/<event>/<id>.webp). */
export const newUploadId = (): string => crypto.randomBytes(16).toString('base64url');

/** Removes the stored files of uploads whose rows are gone: the processed sizes and any incoming s3 object. */
export async function deleteUploadFiles(storage: StorageProvider, uploads: readonly UploadFiles[]): Promise<void> {
  await deleteStoredFiles(
    storage,
    uploads.flatMap((u) => [u.url, u.url_m, u.url_l]),
  );
  await Promise.all(uploads.map((u) => (u.incoming_key ? storage.delete(u.incoming_key).catch(() => {}) : undefined)));
}
