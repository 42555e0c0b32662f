import { preloadableLazy } from '../../lib/preloadable-lazy.ts';

/**
 * The seat picker's code (the chart and its layout), loaded when a seated event's join flow is
 * about to need it: `preload` when its RSVP sheet opens, so that 'Get tickets' draws the chart
 * without waiting for code (lib/preloadable-lazy.ts).
 */
export const LazySeatPicker = preloadableLazy(() => import('./seat-picker.tsx').then((module) => module.SeatPicker));
