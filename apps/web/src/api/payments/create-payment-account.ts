import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountIdReplySchema } from '@planns/shared/payments/payments.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQueryKey } from '../users/get-current-user.ts';
import { paymentAccountQueryKey } from './get-payment-account.ts';

/** POST /api/payments {email}: opens the caller's payout account (none -> created); answers its id. */
export async function createPaymentAccount(email: string): Promise<string> {
  const reply = await apiRequest('/api/payments', { method: 'POST', body: { email }, schema: accountIdReplySchema });
  return reply.data;
}

/** Refreshes the account and the current user (its stripe_id). */
export function useCreatePaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'create-account'],
    mutationFn: createPaymentAccount,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentAccountQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
