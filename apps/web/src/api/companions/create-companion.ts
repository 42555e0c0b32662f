import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companionReplySchema, type Companion } from '@planns/shared/companions/companions.schemas';
import type { CompanionType } from '@planns/shared/companions/companions.rules';
import { apiRequest } from '../../lib/api-client.ts';
import { companionsQueryKey } from './list-companions.ts';

export type CompanionDraft = { first_name: string; last_name: string; type: CompanionType };

export async function createCompanion(draft: CompanionDraft): Promise<Companion> {
  const reply = await apiRequest('/api/companions', { method: 'POST', body: draft, schema: companionReplySchema });
  return reply.data;
}

export function useCreateCompanion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['companions', 'create'],
    mutationFn: createCompanion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companionsQueryKey }),
  });
}
