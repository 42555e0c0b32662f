import type { Event } from '@planns/shared/events/events.schemas';
import type { SeatSchemeData } from '@planns/shared/seats/seats.rules';
import type { ReservedSeat } from '../../api/seats/get-reserved-seats.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.ts';

/**
 * The seat picker's code (the chart and its layout), loaded when a seated event's join flow is
 * about to need it: `preload` when its RSVP sheet opens, so that 'Get tickets' draws the chart
 * without waiting for code (lib/preloadable-lazy.ts).
 */
export const LazySeatPicker = preloadableLazy(() => import('./seat-picker.tsx').then((module) => module.SeatPicker));

/**
 * While a seated event's RSVP sheet is open: the picker's code, then (once the map and the seats
 * taken are in, fetched by the caller) the chart's opening tiles made ready in idle time, so that
 * 'Get tickets' shows them at once, and a first pan finds its next ones ready.
 */
export async function warmSeatChart(event: Pick<Event, 'ticket_types'>, map: Promise<SeatSchemeData>, reserved: Promise<readonly ReservedSeat[]>): Promise<void> {
  const [module, seatMap, seats] = await Promise.all([import('./seat-picker.tsx'), map, reserved]);
  module.warmSeatChart(event, seatMap, seats);
}
