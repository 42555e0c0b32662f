import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { replaceGalleryItem, updateCachedGallery } from './list-gallery.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const galleryItemReplySchema = () => import('@planns/shared/gallery/gallery.schemas').then((m) => m.galleryItemReplySchema);

/**
 * POST /api/gallery/{id}/approve: the event's owner or a moderator (item.can_moderate) approves a
 * pending item or restores one hidden after a privacy report; the answer is the updated item.
 */
export async function approveGalleryItem(id: number): Promise<GalleryItem> {
  const reply = await apiRequest(`/api/gallery/${id}/approve`, { method: 'POST', schema: galleryItemReplySchema });
  return reply.data;
}

export function useApproveGalleryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['gallery', 'approve'],
    mutationFn: (item: Pick<GalleryItem, 'id'>) => approveGalleryItem(item.id),
    onSuccess: (updated) => updateCachedGallery(queryClient, updated.event_id, (data) => replaceGalleryItem(data, updated)),
  });
}
