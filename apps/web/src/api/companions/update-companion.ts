import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companionReplySchema, type Companion } from '@planns/shared/companions/companions.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import type { CompanionDraft } from './create-companion.ts';
import { companionsQueryKey } from './list-companions.ts';

/** The spec's update is a POST to /api/companions/{id}. */
export async function updateCompanion({ id, ...draft }: CompanionDraft & { id: number }): Promise<Companion> {
  const reply = await apiRequest(`/api/companions/${id}`, { method: 'POST', body: draft, schema: companionReplySchema });
  return reply.data;
}

export function useUpdateCompanion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['companions', 'update'],
    mutationFn: updateCompanion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companionsQueryKey }),
  });
}
