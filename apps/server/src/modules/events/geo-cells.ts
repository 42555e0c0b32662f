/**
 * The quarter-degree grid of events.geo_cell (migration 0017): a cell is
 * floor((lat + 90) * 4) * 1440 + floor((lng + 180) * 4) mod 1440, as PostgreSQL computes it.
 */
const PER_DEGREE = 4;
const LNG_CELLS = 360 * PER_DEGREE;
const LAT_CELLS = 180 * PER_DEGREE; // 0..720: a latitude of exactly 90 has the last row of its own
/** earthdistance's sphere (earth(), in metres): earth_distance is the great circle on it. */
const EARTH_RADIUS_M = 6_378_168;
/** Beyond this many cells a list around a place reads the geographic index instead (a wide distance). */
export const MAX_CELLS = 36;

/** The cell of a point, as the generated column computes it. */
export function cellOf(lat: number, lng: number): number {
  return Math.floor((lat + 90) * PER_DEGREE) * LNG_CELLS + (Math.floor((lng + 180) * PER_DEGREE) % LNG_CELLS);
}

/**
 * Every cell holding a point within `meters` (great circle) of (lat, lng), or null when they are
 * more than MAX_CELLS or the circle reaches a pole. A superset, never missing one: the latitudes
 * within d of the centre are those within d/R radians, and the longitudes those within
 * asin(sin(d/R) / cos(lat)), each widened by a little for rounding.
 */
export function cellsAround(lat: number, lng: number, meters: number): number[] | null {
  const delta = meters / EARTH_RADIUS_M; // radians
  const latSpan = (delta * 180) / Math.PI;
  if (Math.abs(lat) + latSpan >= 89.999) return null;
  const sinRatio = Math.sin(delta) / Math.cos((lat * Math.PI) / 180);
  if (sinRatio >= 1) return null;
  const lngSpan = (Math.asin(sinRatio) * 180) / Math.PI;
  const margin = (span: number) => span * 1.001 + 1e-7;
  const latLo = Math.max(0, Math.floor((lat - margin(latSpan) + 90) * PER_DEGREE));
  const latHi = Math.min(LAT_CELLS, Math.floor((lat + margin(latSpan) + 90) * PER_DEGREE));
  const lngLo = Math.floor((lng - margin(lngSpan) + 180) * PER_DEGREE);
  const lngHi = Math.floor((lng + margin(lngSpan) + 180) * PER_DEGREE);
  if (lngHi - lngLo + 1 >= LNG_CELLS) return null;
  if ((latHi - latLo + 1) * (lngHi - lngLo + 1) > MAX_CELLS) return null;
  const cells: number[] = [];
  for (let row = latLo; row <= latHi; row += 1) {
    for (let column = lngLo; column <= lngHi; column += 1) cells.push(row * LNG_CELLS + (((column % LNG_CELLS) + LNG_CELLS) % LNG_CELLS));
  }
  return cells;
}
