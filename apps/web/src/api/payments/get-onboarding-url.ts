import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** Loaded with the call, not with the page: the page's first load evaluates no zod (issue 16). */
const linkReplySchema = () => import('@planns/shared/payments/payments.schemas').then((m) => m.linkReplySchema);

/**
 * GET /api/payments/url: a fresh, single-use link to the provider's hosted onboarding
 * (verification), which comes back to /stripe_registered. 404: no account. A mutation rather
 * than a query: every link may be used once, so none is cached.
 */
export async function getOnboardingUrl(): Promise<string> {
  const reply = await apiRequest('/api/payments/url', { schema: linkReplySchema });
  return reply.data;
}

export function useOnboardingUrl() {
  return useMutation({ mutationKey: ['payments', 'onboarding-url'], mutationFn: getOnboardingUrl });
}
