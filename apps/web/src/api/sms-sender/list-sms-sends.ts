import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

const smsSendListReplySchema = () => import('@planns/shared/sms/sms.schemas').then((m) => m.smsSendListReplySchema);

export const smsSenderRootQueryKey = ['sms-sender'] as const;

/** GET /api/sms-sender/sends[?event=hash] (moderators): the latest sends, newest first. */
export async function listSmsSends(eventHash: string | null, signal?: AbortSignal) {
  const query = eventHash ? `?event=${encodeURIComponent(eventHash)}` : '';
  return (await apiRequest(`/api/sms-sender/sends${query}`, { schema: smsSendListReplySchema, signal })).data;
}

export const smsSendsQueryOptions = (eventHash: string | null) =>
  queryOptions({
    queryKey: [...smsSenderRootQueryKey, 'sends', eventHash] as const,
    queryFn: ({ signal }) => listSmsSends(eventHash, signal),
    // While texts of a send are still going out, its counts move: look again every few seconds.
    refetchInterval: (query) => (query.state.data?.some((send) => send.sent_count + send.failed_count < send.recipients_count) ? 3000 : false),
  });

export function useSmsSends(eventHash: string | null) {
  return useQuery(smsSendsQueryOptions(eventHash));
}
