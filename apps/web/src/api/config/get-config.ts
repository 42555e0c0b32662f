import { queryOptions, useQuery } from '@tanstack/react-query';
import { OTP_DEFAULT_LENGTH } from '@planns/shared/auth/otp.rules';
import { clientConfigSchema, type ClientConfig } from '@planns/shared/auth/auth.schemas';
import { envelope } from '@planns/shared/http/envelope';
import { apiRequest } from '../../lib/api-client.ts';

const configReplySchema = envelope(clientConfigSchema);

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
