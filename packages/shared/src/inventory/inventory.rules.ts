/** Capacity counting (decision 0025): one quota per event, drawn on by every consumer of places. */

/**
 * Whether `seats` more places fit a quota of `size` (null: no limit) of which `taken` are taken
 * by others. A claim of no places (maybe, not going, a release) always fits.
 */
export function fitsQuota(taken: number, seats: number, size: number | null): boolean {
  return seats <= 0 || size === null || taken + seats <= size;
}
