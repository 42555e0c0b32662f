import { layoutSeats, type Seat, type SeatSchemeData } from '@planns/shared/seats/seats.rules';

/** The seats of a map and, by row, left to right: what the chart draws and the arrow keys move along. */
export interface ChartLayout {
  seats: Seat[];
  byRow: Map<number, Seat[]>;
}

export function chartLayout(map: SeatSchemeData): ChartLayout {
  const seats = layoutSeats(map);
  const byRow = new Map<number, Seat[]>();
  for (const seat of seats) {
    const row = byRow.get(seat.row) ?? [];
    row.push(seat);
    byRow.set(seat.row, row);
  }
  return { seats, byRow };
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
