import { queryOptions, useQuery } from '@tanstack/react-query';
import { seatTemplateListReplySchema } from '@planns/shared/seats/seats.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export const seatTemplatesQueryKey = ['seats', 'templates'] as const;

/** GET /api/seats/templates (events §7): the caller's own seat schemes, newest first. */
export async function listSeatTemplates(signal?: AbortSignal) {
  const reply = await apiRequest('/api/seats/templates', { schema: seatTemplateListReplySchema, ...(signal ? { signal } : {}) });
  return reply.data;
}

export const seatTemplatesQueryOptions = () => queryOptions({ queryKey: seatTemplatesQueryKey, queryFn: ({ signal }) => listSeatTemplates(signal) });

export function useSeatTemplates({ enabled }: { enabled: boolean }) {
  return useQuery({ ...seatTemplatesQueryOptions(), enabled });
}
