import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryReportReason } from '@planns/shared/gallery/gallery.rules';
import type { GalleryItem } from '@planns/shared/gallery/gallery.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { galleryEventQueryKey } from './list-gallery.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const galleryReportReplySchema = () => import('@planns/shared/gallery/gallery.schemas').then((m) => m.galleryReportReplySchema);

export type GalleryReport = { reason: GalleryReportReason; description: string | null };

/**
 * POST /api/gallery/{id}/abuse {reason, description}: a description goes with 'other' only, where
 * it is required (422 fields.description). A second report of the same item is 409 conflict
 * 'You already sent report for this image'.
 */
export async function reportGalleryItem(id: number, report: GalleryReport) {
  const body = { reason: report.reason, description: report.reason === 'other' ? report.description : null };
  const reply = await apiRequest(`/api/gallery/${id}/abuse`, { method: 'POST', body, schema: galleryReportReplySchema });
  return reply.data;
}

/** Reports an item, then refreshes the event's gallery (a privacy report hides the item). */
export function useReportGalleryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['gallery', 'report'],
    mutationFn: ({ item, report }: { item: Pick<GalleryItem, 'id' | 'event_id'>; report: GalleryReport }) => reportGalleryItem(item.id, report),
    onSuccess: (_data, { item }) => queryClient.invalidateQueries({ queryKey: galleryEventQueryKey(item.event_id) }),
  });
}
