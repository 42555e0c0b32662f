import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seatTemplateReplySchema, type SeatTemplate } from '@planns/shared/seats/seats.schemas';
import type { SeatSchemeData } from '@planns/shared/seats/seats.rules';
import { apiRequest } from '../../lib/api-client.ts';
import { seatTemplatesQueryKey } from './list-seat-templates.ts';

/**
 * POST /api/seats/templates {name, data} (events §3 Seat scheme creation): a new scheme of the
 * caller's. 422 names each field that is wrong (data.rows, data.seatTypes.1.label ...).
 */
export async function createSeatTemplate(body: { name: string; data: SeatSchemeData }): Promise<SeatTemplate> {
  const reply = await apiRequest('/api/seats/templates', { method: 'POST', body, schema: seatTemplateReplySchema });
  return reply.data;
}

export function useCreateSeatTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['seats', 'templates', 'create'],
    mutationFn: createSeatTemplate,
    onSuccess: (template) => {
      // The new scheme's map is known: the chart and the form need not fetch it.
      queryClient.setQueryData(['seats', 'map', template.id], template.data);
      return queryClient.invalidateQueries({ queryKey: seatTemplatesQueryKey });
    },
  });
}
