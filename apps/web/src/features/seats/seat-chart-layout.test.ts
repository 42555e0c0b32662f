import { describe, expect, it } from 'vitest';
import { defaultJoinMap, newSchemeData } from '@planns/shared/seats/seats.rules';
import { chartGeometry, chartLayout, nextSeat, ROW_NAME_WIDTH } from './seat-chart-layout.ts';

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
