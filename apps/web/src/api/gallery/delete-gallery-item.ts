import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import { okSchema } from '@planns/shared/http/envelope';
import { apiRequest } from '../../lib/api-client.ts';
import { removeGalleryItem, updateCachedGallery } from './list-gallery.ts';

/** DELETE /api/gallery/{id}: the event's owner, a moderator or the uploader removes an item (item.can_delete). */
export async function deleteGalleryItem(id: number): Promise<void> {
  await apiRequest(`/api/gallery/${id}`, { method: 'DELETE', schema: okSchema });
}

/** Deletes an item and takes it out of the event's cached galleries. */
export function useDeleteGalleryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['gallery', 'delete'],
    mutationFn: (item: Pick<GalleryItem, 'id' | 'event_id'>) => deleteGalleryItem(item.id),
    onSuccess: (_data, item) => updateCachedGallery(queryClient, item.event_id, (data) => removeGalleryItem(data, item.id)),
  });
}
