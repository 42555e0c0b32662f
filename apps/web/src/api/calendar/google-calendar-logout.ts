import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQueryKey } from '../users/get-current-user.ts';
import { googleCalendarQueryKey } from './get-google-calendar-status.ts';

/** POST /api/google/logout: the grant revoked at Google and the connection forgotten (the entries stay in the calendar). */
export async function googleCalendarLogout(): Promise<void> {
  await apiRequest('/api/google/logout', { method: 'POST', schema: () => import('@planns/shared/http/envelope').then((m) => m.okSchema) });
}

export function useGoogleCalendarLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar', 'google', 'logout'],
    mutationFn: googleCalendarLogout,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: googleCalendarQueryKey }), queryClient.invalidateQueries({ queryKey: currentUserQueryKey })]);
    },
  });
}

/**
 * The connection window's address, the spec's /google/authorize (it leads to GET /api/google/authorize):
 * the session cookie goes with it, so nothing secret is in it.
 */
export const GOOGLE_AUTHORIZE_PATH = '/google/authorize';
