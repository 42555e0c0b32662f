import { queryOptions, useQuery } from '@tanstack/react-query';
import { onboardingPageReplySchema } from '@planns/shared/payments/payments.schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

export type OnboardingPage = z.infer<typeof onboardingPageReplySchema>['data'];

export const onboardingPageQueryKey = (linkId: string) => ['test-provider', 'onboarding', linkId] as const;

/**
 * GET /api/test-provider/onboarding/{linkId}: the account a hosted onboarding link completes and
 * where it returns. 404 when the link expired (10 minutes) or is unknown; no session needed.
 */
export async function getOnboardingPage(linkId: string, signal?: AbortSignal): Promise<OnboardingPage> {
  const reply = await apiRequest(`/api/test-provider/onboarding/${encodeURIComponent(linkId)}`, { schema: onboardingPageReplySchema, signal });
  return reply.data;
}

export const onboardingPageQueryOptions = (linkId: string) =>
  queryOptions({
    queryKey: onboardingPageQueryKey(linkId),
    queryFn: ({ signal }) => getOnboardingPage(linkId, signal),
    // The form is filled in once: a refetch would only reset what the person typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useOnboardingPage(linkId: string) {
  return useQuery(onboardingPageQueryOptions(linkId));
}
