import { queryOptions, useQuery } from '@tanstack/react-query';
import { reservedSeatsReplySchema } from '@planns/shared/seats/seats.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export type ReservedSeat = { the_row: number; the_col: number; state: 'held' | 'sold'; own: boolean };

/** GET /api/seats/{eventId} (events §7): the seats held now or sold, the caller's own marked. */
export async function getReservedSeats(eventId: number, signal?: AbortSignal): Promise<ReservedSeat[]> {
  const reply = await apiRequest(`/api/seats/${eventId}`, { schema: reservedSeatsReplySchema, ...(signal ? { signal } : {}) });
  return reply.data;
}

export const reservedSeatsQueryKey = (eventId: number) => ['seats', 'reserved', eventId] as const;

/** Refreshed every few seconds while the chart is open, and at once after a seat was taken. */
export const reservedSeatsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: reservedSeatsQueryKey(eventId),
    queryFn: ({ signal }) => getReservedSeats(eventId, signal),
    staleTime: 0,
    refetchInterval: 5000,
  });

export function useReservedSeats(eventId: number) {
  return useQuery(reservedSeatsQueryOptions(eventId));
}
