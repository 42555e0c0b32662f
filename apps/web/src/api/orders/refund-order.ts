import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refundReplySchema, type Purchase } from '@planns/shared/tickets/tickets.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { eventsRootQueryKey } from '../events/get-event.ts';
import { purchasesRootQueryKey } from '../purchases/list-purchase-history.ts';
import { ticketCheckRootQueryKey } from '../tickets/get-ticket-check.ts';
import { myTicketsRootQueryKey } from '../tickets/list-my-tickets.ts';

/** The whole order (no ticket ids: every ticket still valid), or some of its tickets. */
export type RefundOrderInput = { orderId: number; ticketIds?: readonly number[] };

/**
 * POST /api/orders/{id}/refund {ticket_ids?} (planns' addition): the event's owner or a moderator
 * gives back the whole order or the listed tickets; the server computes the amount (their prices
 * and their share of the service fee; all that remains when the last tickets go) and answers the
 * order as it now is (refunded_amount, status, its tickets). 409 unless the order is paid.
 */
export async function refundOrder({ orderId, ticketIds }: RefundOrderInput): Promise<Purchase> {
  const body = ticketIds === undefined ? {} : { ticket_ids: [...ticketIds] };
  const reply = await apiRequest(`/api/orders/${orderId}/refund`, { method: 'POST', body, schema: refundReplySchema });
  return reply.data;
}

/**
 * The guest list's counts, the event (places return), its tickets, both purchase lists and the
 * holder's tickets (now refunded) change.
 */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', 'refund'],
    mutationFn: refundOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsRootQueryKey }),
        queryClient.invalidateQueries({ queryKey: purchasesRootQueryKey }),
        queryClient.invalidateQueries({ queryKey: myTicketsRootQueryKey }),
        queryClient.invalidateQueries({ queryKey: ticketCheckRootQueryKey }),
      ]),
  });
}
