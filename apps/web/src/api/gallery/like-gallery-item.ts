import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { galleryEventQueryKey, replaceGalleryItem, updateCachedGallery } from './list-gallery.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const galleryItemReplySchema = () => import('@planns/shared/gallery/gallery.schemas').then((m) => m.galleryItemReplySchema);

/** POST /api/gallery/{id}/like toggles the viewer's like; the answer is the updated item. */
export async function likeGalleryItem(id: number): Promise<GalleryItem> {
  const reply = await apiRequest(`/api/gallery/${id}/like`, { method: 'POST', schema: galleryItemReplySchema });
  return reply.data;
}

/** The item as the viewer's tap makes it look at once (the count moves by one). */
export function toggledLike(item: GalleryItem): GalleryItem {
  const isLiked = !item.is_liked;
  return { ...item, is_liked: isLiked, likes_count: Math.max(0, item.likes_count + (isLiked ? 1 : -1)) };
}

function setCachedItem(queryClient: QueryClient, item: GalleryItem): void {
  updateCachedGallery(queryClient, item.event_id, (data) => replaceGalleryItem(data, item));
}

/**
 * Like or unlike an item, optimistically: the heart changes at once, the server's item settles
 * it, and a failure puts the item back as it was.
 */
export function useLikeGalleryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['gallery', 'like'],
    mutationFn: (item: GalleryItem) => likeGalleryItem(item.id),
    onMutate: (item) => setCachedItem(queryClient, toggledLike(item)),
    onSuccess: (updated) => setCachedItem(queryClient, updated),
    onError: (_error, item) => setCachedItem(queryClient, item),
  });
}

/**
 * A like tried while signed out, resumed after login: the call toggles, so when the answer says
 * the item is not liked (it was liked before, in another session) it is sent once more.
 */
export async function likeGalleryItemAfterLogin(queryClient: QueryClient, eventId: number, id: number): Promise<void> {
  let item = await likeGalleryItem(id);
  if (!item.is_liked) item = await likeGalleryItem(id);
  setCachedItem(queryClient, item);
  void queryClient.invalidateQueries({ queryKey: galleryEventQueryKey(eventId) });
}
