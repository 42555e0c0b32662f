import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { guestsRootQueryKey } from './list-guests.ts';

const exportReplySchema = () => import('@planns/shared/guests/guests.schemas').then((m) => m.exportReplySchema);

/** Under the guests key, so a live join or rejection (which invalidates ['events']) marks it stale. */
export const guestExportQueryKey = (eventId: number) => [...guestsRootQueryKey, eventId, 'export'] as const;

/**
 * How long a loaded export is reused when the owner shares it: the menu loads it as it opens, and
 * Share report a moment later uses that text (the browser's share sheet needs the tap's activation,
 * which a slow request could outlast). A live answer invalidates it sooner.
 */
export const GUEST_EXPORT_REUSE_MS = 60_000;

/** GET /api/events/{id}/export: the guest list as plain text. The owner and moderators only. */
export async function exportGuests(eventId: number, signal?: AbortSignal): Promise<string> {
  const reply = await apiRequest(`/api/events/${eventId}/export`, { schema: exportReplySchema, signal });
  return reply.data;
}

/** Not retried: the owner is waiting on a tap and can tap again. */
export const guestExportQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: guestExportQueryKey(eventId), queryFn: ({ signal }) => exportGuests(eventId, signal), staleTime: 0, retry: false });

/**
 * `prefetch` loads the export afresh (when the menu opens; a failure is only kept in the cache);
 * `load` answers it, reusing one loaded within GUEST_EXPORT_REUSE_MS, and throws on failure.
 */
export function useGuestExport(eventId: number) {
  const queryClient = useQueryClient();
  const prefetch = useCallback(() => queryClient.prefetchQuery(guestExportQueryOptions(eventId)), [queryClient, eventId]);
  const load = useCallback(
    () => queryClient.fetchQuery({ ...guestExportQueryOptions(eventId), staleTime: GUEST_EXPORT_REUSE_MS }),
    [queryClient, eventId],
  );
  return { prefetch, load };
}
