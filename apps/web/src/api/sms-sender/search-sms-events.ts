import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SMS_EVENT_SEARCH_MIN } from '@planns/shared/sms/sms.rules';
import { apiRequest } from '../../lib/api-client.ts';
import { smsSenderRootQueryKey } from './list-sms-sends.ts';

const smsEventSearchReplySchema = () => import('@planns/shared/sms/sms.schemas').then((m) => m.smsEventSearchReplySchema);

/** GET /api/sms-sender/events?search= (moderators; at least 2 characters, accounts §9). */
export async function searchSmsEvents(search: string, signal?: AbortSignal) {
  return (await apiRequest(`/api/sms-sender/events?search=${encodeURIComponent(search)}`, { schema: smsEventSearchReplySchema, signal })).data;
}

export function useSmsEventSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: [...smsSenderRootQueryKey, 'events', text] as const,
    queryFn: ({ signal }) => searchSmsEvents(text, signal),
    enabled: text.length >= SMS_EVENT_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
}
