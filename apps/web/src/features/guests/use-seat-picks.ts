import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reservedSeatsQueryKey } from '../../api/seats/get-reserved-seats.ts';
import { isApiError } from '../../lib/api-client.ts';
import type { PickedSeat } from '../seats/seat-picker.tsx';

/**
 * The seats an organiser picks to give (a gift, or tickets for a guest) on a seated event
 * (accounts §4 Gifting: tickets with seat selection). A 409 seat_taken names the seats that went
 * (fields `tickets.{i}` or `seats.{i}`): they leave the pick, the chart fetches the seats again,
 * and `taken` says which, in the viewer's language.
 */
export function useSeatPicks(eventId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<PickedSeat[]>([]);
  const [taken, setTaken] = useState<string | null>(null);

  const toggle = useCallback((seat: PickedSeat) => {
    setTaken(null);
    setPicked((current) =>
      current.some((s) => s.row === seat.row && s.col === seat.col) ? current.filter((s) => s.row !== seat.row || s.col !== seat.col) : [...current, seat],
    );
  }, []);

  const clear = useCallback(() => {
    setPicked([]);
    setTaken(null);
  }, []);

  /** After a failed give: true when it was seat_taken (the pick is mended and `taken` set). */
  const onError = useCallback(
    (error: unknown, sent: readonly PickedSeat[]): boolean => {
      if (!isApiError(error) || error.code !== 'seat_taken') return false;
      const gone = Object.keys(error.fields)
        .map((field) => sent[Number(field.split('.')[1])])
        .filter((seat): seat is PickedSeat => seat !== undefined);
      setPicked((current) => current.filter((s) => !gone.some((g) => g.row === s.row && g.col === s.col)));
      setTaken(t('seats.taken', { seats: gone.map((seat) => seat.label).join(', '), count: gone.length }));
      void queryClient.invalidateQueries({ queryKey: reservedSeatsQueryKey(eventId) });
      return true;
    },
    [eventId, queryClient, t],
  );

  return { picked, toggle, clear, taken, onError };
}
