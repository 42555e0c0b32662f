import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@planns/shared/http/envelope';
import { apiRequest } from '../../lib/api-client.ts';
import { companionsQueryKey } from './list-companions.ts';

export async function deleteCompanion(id: number): Promise<void> {
  await apiRequest(`/api/companions/${id}`, { method: 'DELETE', schema: okSchema });
}

export function useDeleteCompanion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['companions', 'delete'],
    mutationFn: deleteCompanion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companionsQueryKey }),
  });
}
