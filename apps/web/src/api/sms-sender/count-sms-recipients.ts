import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SmsRecipientType } from '@planns/shared/sms/sms.rules';
import { apiRequest } from '../../lib/api-client.ts';
import { smsSenderRootQueryKey } from './list-sms-sends.ts';

const smsRecipientsReplySchema = () => import('@planns/shared/sms/sms.schemas').then((m) => m.smsRecipientsReplySchema);

/** GET /api/events/tickets/sms-recipients/{hash}?type= (moderators): how many numbers a send would text. */
export async function countSmsRecipients(hash: string, type: SmsRecipientType, signal?: AbortSignal): Promise<number> {
  const reply = await apiRequest(`/api/events/tickets/sms-recipients/${encodeURIComponent(hash)}?type=${type}`, { schema: smsRecipientsReplySchema, signal });
  return reply.data.count;
}

/** The count for a list type (Specific Number is always one: not asked). */
export function useSmsRecipientCount(hash: string | null, type: SmsRecipientType | null) {
  return useQuery({
    queryKey: [...smsSenderRootQueryKey, 'recipients', hash, type] as const,
    queryFn: ({ signal }) => countSmsRecipients(hash!, type!, signal),
    enabled: hash !== null && type !== null && type !== 'number',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
