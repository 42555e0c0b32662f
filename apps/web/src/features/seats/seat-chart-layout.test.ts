import { describe, expect, it } from 'vitest';
import { defaultJoinMap, newSchemeData } from '@planns/shared/seats/seats.rules';
import { chartGeometry, chartLayout, nextSeat, placeAt, ROW_NAME_WIDTH, tilesInView } from './seat-chart-layout.ts';

describe('the seat chart layout', () => {
  it('leaves gaps for the spacers, half a seat wide', () => {
    const map = defaultJoinMap();
    const geometry = chartGeometry(map, 20);
    // 11 rows with gaps after the third and seventh; 12 columns with a gap after the fifth.
    expect(geometry.rowTop.slice(0, 5)).toEqual([0, 23, 46, 82, 105]);
    expect(geometry.rowTop.slice(6, 9)).toEqual([151, 187, 210]);
    expect(geometry.colLeft.slice(4, 7)).toEqual([ROW_NAME_WIDTH + 92, ROW_NAME_WIDTH + 128, ROW_NAME_WIDTH + 151]);
    expect(geometry.height).toBe(11 * 20 + 10 * 3 + 2 * 13);
    expect(chartLayout(map).seats).toHaveLength(132);
  });

  it('lays a map out once (the RSVP sheet’s warm-up and the chart share it), a changed map anew, with its seats by key', () => {
    const map = defaultJoinMap();
    const layout = chartLayout(map);
    expect(chartLayout(map)).toBe(layout);
    expect(layout.byKey.get('3:5')).toBe(layout.seatAt[3 * map.columns + 5]);
    expect(layout.byKey.size).toBe(layout.seats.length);
    const changed = { ...map, disabledSeats: [{ row: 0, col: 0 }] };
    expect(chartLayout(changed)).not.toBe(layout);
    expect(chartLayout(changed).byKey.has('0:0')).toBe(false);
  });

  it('moves along a row and to the nearest seat of the next row with seats', () => {
    const map = { ...newSchemeData(), rows: 3, columns: 4, disabledSeats: [{ row: 1, col: 0 }, { row: 1, col: 1 }, { row: 1, col: 2 }, { row: 1, col: 3 }] };
    const layout = chartLayout(map);
    const a1 = layout.seats[0]!;
    expect(nextSeat(layout, a1, 'right')).toMatchObject({ row: 0, col: 1 });
    expect(nextSeat(layout, a1, 'left')).toBe(a1);
    expect(nextSeat(layout, a1, 'up')).toBe(a1);
    // Row 1 has no seat left: down skips to row 2, same column.
    expect(nextSeat(layout, layout.seats[2]!, 'down')).toMatchObject({ row: 2, col: 2 });
  });
});

describe('the chart tiles and the place under a point', () => {
  const geometry = chartGeometry(defaultJoinMap(), 32);

  it('lists the tiles a view touches, and those around it, nearest first, within the chart', () => {
    const view = { top: 0, left: 0, width: 300, height: 200 };
    expect(tilesInView(view, { width: 256, height: 256 }, geometry, 0)).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
    ]);
    // One more around: nothing left of or above the chart; the chart is two tiles wide and high.
    const around = tilesInView(view, { width: 256, height: 256 }, geometry, 1);
    expect(around).toHaveLength(4);
    expect(around[0]).toEqual({ x: 0, y: 0 });
    expect(around.every((tile) => tile.x >= 0 && tile.y >= 0 && tile.x * 256 < geometry.width && tile.y * 256 < geometry.height)).toBe(true);
  });

  it('finds the seat under a point, and none in a gap or beyond the last seat', () => {
    const x = geometry.colLeft[6]! + 5;
    const y = geometry.rowTop[3]! + 31;
    expect(placeAt(geometry, 32, x, y)).toEqual({ row: 3, col: 6 });
    // Between two seats (3 px apart) and in the spacer after row 3.
    expect(placeAt(geometry, 32, geometry.colLeft[1]! - 1, y)).toBeNull();
    expect(placeAt(geometry, 32, x, geometry.rowTop[3]! - 5)).toBeNull();
    expect(placeAt(geometry, 32, geometry.width + 10, y)).toBeNull();
    expect(placeAt(geometry, 32, 5, y)).toBeNull();
  });
});
