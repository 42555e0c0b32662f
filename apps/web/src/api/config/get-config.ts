import { queryOptions, useQuery } from '@tanstack/react-query';
import { OTP_DEFAULT_LENGTH } from '@planns/shared/auth/otp.rules';
import type { ClientConfig } from '@planns/shared/auth/auth.schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** Loaded with the request, not in the first bundle (the home page asks for the config at once). */
const configReplySchema = () =>
  Promise.all([import('@planns/shared/auth/auth.schemas'), import('@planns/shared/http/envelope')]).then(([auth, http]) =>
    http.envelope(auth.clientConfigSchema),
  );

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  otp_length: OTP_DEFAULT_LENGTH,
  sms_provider: 'console',
  analytics_provider: 'none',
};

export async function getConfig(signal?: AbortSignal): Promise<ClientConfig> {
  const reply = await apiRequest('/api/config', { schema: configReplySchema, signal });
  return reply.data;
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Infinity,
  });

/** The public configuration, or the defaults while it loads or if it fails. */
export function useConfig(): ClientConfig {
  const { data } = useQuery(configQueryOptions());
  return data ?? DEFAULT_CLIENT_CONFIG;
}
