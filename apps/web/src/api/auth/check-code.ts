import { useMutation } from '@tanstack/react-query';
import { checkCodeReplySchema } from '@planns/shared/auth/auth.schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

export type CheckCodeReply = z.infer<typeof checkCodeReplySchema>;

/** Checks the code texted to `to`; 422 code_wrong when it does not match. */
export function checkCode(input: { to: string; code: string }): Promise<CheckCodeReply> {
  return apiRequest('/api/check-code', { method: 'POST', body: input, schema: checkCodeReplySchema });
}

export function useCheckCode() {
  return useMutation({ mutationKey: ['auth', 'check-code'], mutationFn: checkCode });
}
