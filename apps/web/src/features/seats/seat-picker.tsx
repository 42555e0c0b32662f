import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@planns/shared/events/events.schemas';
import { formatMoney, type Currency } from '@planns/shared/money/money.rules';
import { ticketTypeForSeat, type Seat, type SeatSchemeData } from '@planns/shared/seats/seats.rules';
import { useReservedSeats, type ReservedSeat } from '../../api/seats/get-reserved-seats.ts';
import { useEventSeatMap } from '../../api/seats/get-seat-template.ts';
import { Spinner } from '../../components/spinner.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { OPENING_SEAT_SIZE, SeatChart, type SeatState } from './seat-chart.tsx';
import { chartGeometry, chartLayout } from './seat-chart-layout.ts';
import { seatLook, warmOpeningTiles } from './seat-chart-paint.ts';

export type PickedSeat = { row: number; col: number; label: string; ticketTypeId: number };

type SeatPickerProps = {
  event: Pick<Event, 'id' | 'seat_template_id' | 'ticket_types' | 'currency'>;
  picked: readonly PickedSeat[];
  onToggle: (seat: PickedSeat) => void;
};

/**
 * The seat picker of a seated event's join flow (events §4: seat-template events use a seat
 * picker instead of an amount field): the event's map (its scheme, or the default join map)
 * with the seats taken now (refreshed every few seconds), each seat sold as its seat type's ticket
 * type at that type's price.
 */
export function SeatPicker({ event, picked, onToggle }: SeatPickerProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const map = useEventSeatMap(event.seat_template_id);
  const reserved = useReservedSeats(event.id);
  const currency = (event.currency ?? 'EUR') as Currency;

  const typeOf = useCallback((seatType: number) => ticketTypeForSeat(event.ticket_types, seatType), [event.ticket_types]);
  const describeType = useCallback(
    (seatType: number) => {
      const type = typeOf(seatType);
      return type ? { name: type.name, price: formatMoney(type.price, currency, i18n.language) } : null;
    },
    [typeOf, currency, i18n.language],
  );
  const pickedKeys = useMemo(() => new Set(picked.map((seat) => `${seat.row}:${seat.col}`)), [picked]);
  const stateOf = useMemo(() => seatStates(reserved.data ?? [], pickedKeys), [reserved.data, pickedKeys]);
  const toggle = useCallback(
    (seat: Seat) => {
      const type = typeOf(seat.type);
      if (type) onToggle({ row: seat.row, col: seat.col, label: seat.label, ticketTypeId: type.id });
    },
    [typeOf, onToggle],
  );

  if (map.isPending) return <Spinner label={t('seats.loading')} />;
  if (map.isError) return <FormMessage message={errorMessage(map.error)} />;
  return (
    <div className="seat-picker">
      <SeatChart map={map.data} stateOf={stateOf} describeType={describeType} onToggle={toggle} />
      <p className="seat-picker__picked" aria-live="polite">
        {picked.length > 0 ? t('seats.picked', { count: picked.length, seats: picked.map((seat) => seat.label).join(', ') }) : t('seats.none')}
      </p>
    </div>
  );
}

/** Each seat's state: picked by this person, else as the seats taken say (held, sold, their own), else available. */
function seatStates(reserved: readonly ReservedSeat[], pickedKeys: ReadonlySet<string>): (seat: Seat) => SeatState {
  const taken = new Map(reserved.map((seat) => [`${seat.the_row}:${seat.the_col}`, seat]));
  return (seat) => {
    const key = `${seat.row}:${seat.col}`;
    if (pickedKeys.has(key)) return 'picked';
    const reservedSeat = taken.get(key);
    if (!reservedSeat) return 'available';
    if (reservedSeat.state === 'sold') return reservedSeat.own ? 'own' : 'sold';
    return 'held';
  };
}

/**
 * Makes the opening view of an event's chart ready while its RSVP sheet is open (lazy-seat-picker.ts):
 * the tiles the chart will draw first, and those a first pan reaches, looking as the chart will draw
 * them (nothing picked yet, the seats taken as fetched).
 */
export function warmSeatChart(event: Pick<Event, 'ticket_types'>, map: SeatSchemeData, reserved: readonly ReservedSeat[]): void {
  const stateOf = seatStates(reserved, new Set());
  warmOpeningTiles(
    {
      geometry: chartGeometry(map, OPENING_SEAT_SIZE),
      seatSize: OPENING_SEAT_SIZE,
      layout: chartLayout(map),
      look: (seat) => seatLook(seat, stateOf(seat), ticketTypeForSeat(event.ticket_types, seat.type) != null),
    },
    { top: 0, left: 0, width: window.innerWidth, height: window.innerHeight * 0.6 },
  );
}
