import { checkMobileSessionReplySchema, type CheckMobileSessionReply } from '@planns/shared/auth/google-login.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * Polls a Google sign-in (accounts §7). On success the server has set the HttpOnly session
 * cookie; the token in the reply is for API clients and is ignored here, never stored.
 */
export function checkMobileSession(sessionId: string, signal?: AbortSignal): Promise<CheckMobileSessionReply> {
  return apiRequest(`/api/auth/check-mobile-session/${encodeURIComponent(sessionId)}`, {
    schema: checkMobileSessionReplySchema,
    ...(signal ? { signal } : {}),
  });
}
