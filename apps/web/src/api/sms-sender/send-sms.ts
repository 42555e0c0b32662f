import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendSmsBody } from '@planns/shared/sms/sms.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { smsSenderRootQueryKey } from './list-sms-sends.ts';

const sendSmsReplySchema = () => import('@planns/shared/sms/sms.schemas').then((m) => m.sendSmsReplySchema);

export type SendSmsInput = { hash: string } & SendSmsBody;

/** POST /api/events/tickets/send-sms/{hash} {message, phone, type} (moderators): the numbers that will be texted. */
export async function sendSms({ hash, ...body }: SendSmsInput) {
  return apiRequest(`/api/events/tickets/send-sms/${encodeURIComponent(hash)}`, { method: 'POST', body, schema: sendSmsReplySchema });
}

export function useSendSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['sms-sender', 'send'],
    mutationFn: sendSms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smsSenderRootQueryKey }),
  });
}
