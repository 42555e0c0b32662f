import { useMutation } from '@tanstack/react-query';
import { makePaymentReplySchema } from '@planns/shared/payments/payments.schemas';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

export type TestPaymentRequest = {
  eventId: number;
  quantity: number;
  ticketTypeId?: number;
  /** The unit price the screen showed (minor units): the server answers 409 price_changed if it is not its own. */
  price?: number;
  /** The fee the screen showed (minor units), checked the same way. */
  fee?: number;
};

/** The checkout to open and the server's figures for it (minor units). */
export type TestPayment = { url: string; amount: z.infer<typeof makePaymentReplySchema>['amount'] };

/**
 * GET /api/payments/make-payment/{eventId}?quantity&price&fee&ticket_type_id (the older screen's
 * test payment): a hosted checkout of the event's ticket for its owner. The server computes every
 * amount; a price or fee given that differs answers 409 price_changed with the current ones in
 * the error's fields (price, fee).
 */
export async function makeTestPayment(request: TestPaymentRequest): Promise<TestPayment> {
  const query = new URLSearchParams({ quantity: String(request.quantity) });
  if (request.ticketTypeId !== undefined) query.set('ticket_type_id', String(request.ticketTypeId));
  if (request.price !== undefined) query.set('price', String(request.price));
  if (request.fee !== undefined) query.set('fee', String(request.fee));
  const reply = await apiRequest(`/api/payments/make-payment/${request.eventId}?${query.toString()}`, { schema: makePaymentReplySchema });
  return { url: reply.data, amount: reply.amount };
}

export function useMakeTestPayment() {
  return useMutation({ mutationKey: ['payments', 'make-payment'], mutationFn: makeTestPayment });
}
