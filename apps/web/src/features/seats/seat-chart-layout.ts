import { layoutSeats, type Seat, type SeatSchemeData } from '@planns/shared/seats/seats.rules';

/**
 * The seats of a map; by row, left to right (what the arrow keys move along); and by place, the
 * seat at row * columns + col or nothing (a place taken out): what the chart draws.
 */
export interface ChartLayout {
  seats: Seat[];
  byRow: Map<number, Seat[]>;
  columns: number;
  seatAt: (Seat | undefined)[];
}

/**
 * A map's layout, made once per map object (maps are never changed in place: a change is a new
 * object): the RSVP sheet lays the hall out to make the opening tiles ready, and the chart, opened
 * next on the same map, finds it made. byKey: the seats by `${row}:${col}`.
 */
const layouts = new WeakMap<SeatSchemeData, ChartLayout & { byKey: Map<string, Seat> }>();

export function chartLayout(map: SeatSchemeData): ChartLayout & { byKey: Map<string, Seat> } {
  let layout = layouts.get(map);
  if (!layout) {
    layout = makeLayout(map);
    layouts.set(map, layout);
  }
  return layout;
}

function makeLayout(map: SeatSchemeData): ChartLayout & { byKey: Map<string, Seat> } {
  const seats = layoutSeats(map);
  const byRow = new Map<number, Seat[]>();
  const seatAt: (Seat | undefined)[] = new Array(map.rows * map.columns);
  for (const seat of seats) {
    const row = byRow.get(seat.row) ?? [];
    row.push(seat);
    byRow.set(seat.row, row);
    seatAt[seat.row * map.columns + seat.col] = seat;
  }
  return { seats, byRow, columns: map.columns, seatAt, byKey: new Map(seats.map((seat) => [`${seat.row}:${seat.col}`, seat])) };
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/** The seat an arrow key moves to from `from`: the next one along the row, or the nearest in the next row that has seats. */
export function nextSeat(layout: ChartLayout, from: Seat, direction: Direction): Seat {
  if (direction === 'left' || direction === 'right') {
    const row = layout.byRow.get(from.row) ?? [];
    const at = row.findIndex((s) => s.col === from.col);
    return row[at + (direction === 'right' ? 1 : -1)] ?? from;
  }
  const step = direction === 'down' ? 1 : -1;
  const rows = [...layout.byRow.keys()].sort((a, b) => a - b);
  let index = rows.indexOf(from.row) + step;
  while (index >= 0 && index < rows.length) {
    const row = layout.byRow.get(rows[index]!)!;
    if (row.length > 0) return row.reduce((best, s) => (Math.abs(s.col - from.col) < Math.abs(best.col - from.col) ? s : best));
    index += step;
  }
  return from;
}

/** Where each row and column sits, in CSS pixels, for a seat size (gaps: half a seat; 3 px between seats). */
export interface ChartGeometry {
  rowTop: number[];
  colLeft: number[];
  width: number;
  height: number;
}

export const SEAT_GAP = 3;
/** Room for the rows' names, left of the first column. */
export const ROW_NAME_WIDTH = 28;

export function chartGeometry(map: Pick<SeatSchemeData, 'rows' | 'columns' | 'rowSpacers' | 'columnSpacers'>, seatSize: number): ChartGeometry {
  const offsets = (count: number, spacers: readonly number[], start: number) => {
    const gaps = new Set(spacers);
    const at: number[] = [];
    let position = start;
    for (let i = 0; i < count; i++) {
      at.push(position);
      position += seatSize + SEAT_GAP;
      if (gaps.has(i + 1) && i + 1 < count) position += seatSize / 2 + SEAT_GAP;
    }
    return { at, end: position - SEAT_GAP };
  };
  const rows = offsets(map.rows, map.rowSpacers, 0);
  const cols = offsets(map.columns, map.columnSpacers, ROW_NAME_WIDTH);
  return { rowTop: rows.at, colLeft: cols.at, width: cols.end, height: rows.end };
}

/** The seats within a window of the chart (CSS pixels from its top left), rows by rows: what a large hall draws. */
export function seatsInView(layout: ChartLayout, geometry: ChartGeometry, view: { top: number; left: number; width: number; height: number }, seatSize: number): Seat[] {
  const inView: Seat[] = [];
  for (const [row, seats] of layout.byRow) {
    const top = geometry.rowTop[row]!;
    if (top + seatSize < view.top || top > view.top + view.height) continue;
    for (const seat of seats) {
      const left = geometry.colLeft[seat.col]!;
      if (left + seatSize >= view.left && left <= view.left + view.width) inView.push(seat);
    }
  }
  return inView;
}

/** Tiles of the chart, squares of this many CSS pixels: a pan shows drawn tiles moved by the compositor; a new one is drawn once. */
export const TILE = 256;

/** A window of the chart in CSS pixels from its top left. */
export type ChartView = { top: number; left: number; width: number; height: number };

/** The tiles (of `tile` CSS px) a view touches, and `ahead` more on each side, within the chart: the nearest first. */
export function tilesInView(view: ChartView, tile: { width: number; height: number }, geometry: Pick<ChartGeometry, 'width' | 'height'>, ahead: number): { x: number; y: number }[] {
  const lastX = Math.max(0, Math.ceil(geometry.width / tile.width) - 1);
  const lastY = Math.max(0, Math.ceil(geometry.height / tile.height) - 1);
  const clamp = (n: number, last: number) => Math.min(last, Math.max(0, n));
  const x0 = clamp(Math.floor(view.left / tile.width) - ahead, lastX);
  const x1 = clamp(Math.floor((view.left + view.width) / tile.width) + ahead, lastX);
  const y0 = clamp(Math.floor(view.top / tile.height) - ahead, lastY);
  const y1 = clamp(Math.floor((view.top + view.height) / tile.height) + ahead, lastY);
  const cx = (view.left + view.width / 2) / tile.width;
  const cy = (view.top + view.height / 2) / tile.height;
  const tiles: { x: number; y: number }[] = [];
  for (let y = y0; y <= y1; y += 1) for (let x = x0; x <= x1; x += 1) tiles.push({ x, y });
  return tiles.sort((a, b) => Math.hypot(a.x + 0.5 - cx, a.y + 0.5 - cy) - Math.hypot(b.x + 0.5 - cx, b.y + 0.5 - cy));
}

/** The number of sorted positions that `before` holds for, from the start: where they stop holding. */
export function partitionPoint(at: readonly number[], before: (position: number) => boolean): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(at[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The place (row and column) under a point of the chart, or null between seats and outside. */
export function placeAt(geometry: ChartGeometry, seatSize: number, x: number, y: number): { row: number; col: number } | null {
  // The last row (column) starting at or before the point, if the point is within its seat.
  const find = (at: readonly number[], n: number) => {
    const found = partitionPoint(at, (position) => position <= n) - 1;
    return found >= 0 && n < at[found]! + seatSize ? found : -1;
  };
  const row = find(geometry.rowTop, y);
  const col = find(geometry.colLeft, x);
  return row >= 0 && col >= 0 ? { row, col } : null;
}
