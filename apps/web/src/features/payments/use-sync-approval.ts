import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentAccount } from '@planns/shared/payments/payments.schemas';
import type { User } from '@planns/shared/users/users.schemas';
import { currentUserQueryKey } from '../../api/users/get-current-user.ts';

/**
 * The current user carries the account's id and approval (stripe_id, stripe_approved). When a fresh
 * look at the account disagrees with them (verification finished at the provider), the user is
 * fetched again, once per state of the account.
 */
export function useSyncApproval(account: PaymentAccount | null | undefined, user: User): void {
  const queryClient = useQueryClient();
  const synced = useRef<string | null>(null);
  useEffect(() => {
    if (account === undefined) return;
    const accountId = account?.id ?? null;
    const isActive = account?.is_active ?? false;
    if (user.stripe_id === accountId && user.stripe_approved === isActive) return;
    const state = `${accountId}:${isActive}`;
    if (synced.current === state) return;
    synced.current = state;
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [account, user.stripe_id, user.stripe_approved, queryClient]);
}
