import { useMutation } from '@tanstack/react-query';
import { linkReplySchema } from '@planns/shared/payments/payments.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * GET /api/payments/login-url?redirect_url=: a link to the account's dashboard at the provider,
 * whose way back leads to `redirectUrl` (an address on planns' own site). 404: no account; 409
 * payment_account_required: onboarding not submitted yet. A mutation: each link is fresh.
 */
export async function getDashboardUrl(redirectUrl: string): Promise<string> {
  const query = new URLSearchParams({ redirect_url: redirectUrl });
  const reply = await apiRequest(`/api/payments/login-url?${query.toString()}`, { schema: linkReplySchema });
  return reply.data;
}

export function useDashboardUrl() {
  return useMutation({ mutationKey: ['payments', 'dashboard-url'], mutationFn: getDashboardUrl });
}
