import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disconnectReplySchema } from '@planns/shared/payments/payments.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';
import { profileRootQueryKey } from '../profile/get-profile.ts';
import { currentUserQueryKey } from '../users/get-current-user.ts';
import { paymentAccountQueryKey } from './get-payment-account.ts';

/**
 * DELETE /api/payments/disconnect: the account goes back to none and the paid events it sold
 * become free (accounts §4); answers how many were converted. 404: no account to disconnect.
 */
export async function disconnectPaymentAccount(): Promise<{ convertedEvents: number }> {
  const reply = await apiRequest('/api/payments/disconnect', { method: 'DELETE', schema: disconnectReplySchema });
  return { convertedEvents: reply.data.converted_events };
}

/** Refreshes the account, the current user (stripe_id, stripe_approved) and the events and profiles (its paid events are now free). */
export function useDisconnectPaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'disconnect'],
    mutationFn: disconnectPaymentAccount,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentAccountQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileRootQueryKey }),
      ]),
  });
}
