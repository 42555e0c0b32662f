import { queryOptions, useQuery } from '@tanstack/react-query';
import { normalizeTicketCode } from '@planns/shared/tickets/tickets.rules';
import { ticketCheckReplySchema, type TicketCheck } from '@planns/shared/tickets/tickets.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export const ticketCheckRootQueryKey = ['tickets', 'check'] as const;
/** The answer depends on who asks (details, can_validate), so the viewer is part of the key. */
export const ticketCheckQueryKey = (code: string, viewerId: number | null) => [...ticketCheckRootQueryKey, code, viewerId ?? 'visitor'] as const;

/** What the server answers for a code that cannot be a ticket's: the same shape, not_found. */
export function notFoundCheck(code: string): TicketCheck {
  return { code, state: 'not_found', can_validate: false, ticket: null, used_by: null };
}

/**
 * GET /api/tickets/{code} (/check-ticket/{code}): valid, used, refunded or not_found, with the
 * details for those who may see them and can_validate for the event's owner and moderators.
 * Rate limited on the server; a code that is not a ticket code's shape is not sent.
 */
export async function getTicketCheck(code: string, signal?: AbortSignal): Promise<TicketCheck> {
  const normalized = normalizeTicketCode(code);
  if (normalized === null) return notFoundCheck(code);
  const reply = await apiRequest(`/api/tickets/${encodeURIComponent(normalized)}`, { schema: ticketCheckReplySchema, signal });
  return reply.data;
}

/** The key uses the code as normalized (lower case and dashes read the same), when it is one. */
export const ticketCheckQueryOptions = (code: string, viewerId: number | null) =>
  queryOptions({
    queryKey: ticketCheckQueryKey(normalizeTicketCode(code) ?? code, viewerId),
    queryFn: ({ signal }) => getTicketCheck(code, signal),
    // At the door the answer must be today's: asked again whenever the page comes back to the front.
    staleTime: 0,
  });

/** The check of a code, asked once the viewer is known (undefined: still loading). */
export function useTicketCheck(code: string, viewerId: number | null | undefined) {
  return useQuery({ ...ticketCheckQueryOptions(code, viewerId ?? null), enabled: viewerId !== undefined });
}
