import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultJoinMap, type SeatSchemeData } from '@planns/shared/seats/seats.rules';
import { seatTemplateReplySchema } from '@planns/shared/seats/seats.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** GET /api/seats/template/{id} (events §7): a scheme, its maker's or an event's the caller may see. */
export async function getSeatTemplate(id: number, signal?: AbortSignal) {
  const reply = await apiRequest(`/api/seats/template/${id}`, { schema: seatTemplateReplySchema, ...(signal ? { signal } : {}) });
  return reply.data;
}

/** The map of a seated event: its scheme's data, or the default join map (events §9) without one. */
export const eventSeatMapQueryOptions = (templateId: number | null) =>
  queryOptions({
    queryKey: ['seats', 'map', templateId] as const,
    queryFn: async ({ signal }): Promise<SeatSchemeData> => (templateId === null ? defaultJoinMap() : (await getSeatTemplate(templateId, signal)).data),
    staleTime: Infinity,
  });

export function useEventSeatMap(templateId: number | null) {
  return useQuery(eventSeatMapQueryOptions(templateId));
}
