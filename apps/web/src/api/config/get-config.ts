import { queryOptions, useQuery } from '@tanstack/react-query';
import { OTP_DEFAULT_LENGTH } from '@planns/shared/auth/otp.rules';
import type { ClientConfig } from '@planns/shared/auth/auth.schemas';
import { apiRequestChecked } from '../../lib/api-client.ts';

/**
 * The reply {data: ClientConfig}, checked by hand: every page asks for it at once, and zod stays
 * out of the signed-out first load (decision 0014). get-config.test.ts holds it to clientConfigSchema.
 */
export function checkConfigReply(json: unknown): ClientConfig | null {
  if (typeof json !== 'object' || json === null) return null;
  const data = (json as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const { otp_length, sms_provider, analytics_provider, payments_provider, platform_fee_percent, stripe_publishable_key, support_phone, google_login, calendar_provider } = data as Record<string, unknown>;
  if (!Number.isInteger(otp_length) || (sms_provider !== 'console' && sms_provider !== 'twilio') || typeof analytics_provider !== 'string') return null;
  if (payments_provider !== 'test' && payments_provider !== 'stripe') return null;
  if (typeof platform_fee_percent !== 'number' || !(platform_fee_percent >= 0 && platform_fee_percent <= 50)) return null;
  if (stripe_publishable_key !== null && typeof stripe_publishable_key !== 'string') return null;
  if (support_phone !== null && typeof support_phone !== 'string') return null;
  if (typeof google_login !== 'boolean') return null;
  if (calendar_provider !== 'ics' && calendar_provider !== 'google') return null;
  return { otp_length: otp_length as number, sms_provider, analytics_provider, payments_provider, platform_fee_percent, stripe_publishable_key, support_phone, google_login, calendar_provider };
}

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  otp_length: OTP_DEFAULT_LENGTH,
  sms_provider: 'console',
  analytics_provider: 'none',
  payments_provider: 'test',
  platform_fee_percent: 5,
  stripe_publishable_key: null,
  support_phone: null,
  google_login: false,
  calendar_provider: 'ics',
};

export async function getConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return apiRequestChecked('/api/config', { check: checkConfigReply, ...(signal ? { signal } : {}) });
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
