import { useMutation } from '@tanstack/react-query';
import { sendCodeReplySchema } from '@planns/shared/auth/auth.schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

export type SendCodeReply = z.infer<typeof sendCodeReplySchema>;

/** Texts a one-time code to `to` (E.164). 422 phone_invalid, 429 too_many_requests with retry_after. */
export function sendCode(to: string): Promise<SendCodeReply> {
  return apiRequest('/api/send-code', { method: 'POST', body: { to }, schema: sendCodeReplySchema });
}

export function useSendCode() {
  return useMutation({ mutationKey: ['auth', 'send-code'], mutationFn: sendCode });
}
