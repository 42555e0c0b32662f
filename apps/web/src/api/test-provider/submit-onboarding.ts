import { useMutation } from '@tanstack/react-query';
import { onboardReplySchema, type OnboardBody } from '@planns/shared/payments/payments.schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

export type OnboardReply = z.infer<typeof onboardReplySchema>['data'];

/**
 * POST /api/test-provider/onboarding/{linkId}: the hosted onboarding form. Answers the account
 * (active when the terms were accepted, inactive otherwise) and where to return; 422 names the
 * fields, 404 means the link expired meanwhile.
 */
export async function submitOnboarding(linkId: string, body: OnboardBody): Promise<OnboardReply> {
  const reply = await apiRequest(`/api/test-provider/onboarding/${encodeURIComponent(linkId)}`, { method: 'POST', body, schema: onboardReplySchema });
  return reply.data;
}

export function useSubmitOnboarding(linkId: string) {
  return useMutation({
    mutationKey: ['test-provider', 'onboard', linkId],
    mutationFn: (body: OnboardBody) => submitOnboarding(linkId, body),
  });
}
