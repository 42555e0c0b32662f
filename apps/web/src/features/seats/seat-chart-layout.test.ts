import { describe, expect, it } from 'vitest';
import { defaultJoinMap, newSchemeData } from '@planns/shared/seats/seats.rules';
import { chartLayout, nextSeat } from './seat-chart-layout.ts';

describe('the seat chart layout', () => {
  it('puts gaps for the spacers as tracks of their own', () => {
    const layout = chartLayout(defaultJoinMap());
    // 11 rows with gaps after the third and seventh; 12 columns with a gap after the fifth.
    expect(layout.rowTracks.match(/var\(--seat-size\)/g)).toHaveLength(13);
    expect(layout.rowTracks.match(/calc/g)).toHaveLength(2);
    expect(layout.rowTrack.slice(0, 5)).toEqual([1, 2, 3, 5, 6]);
    expect(layout.colTrack.slice(4, 7)).toEqual([6, 8, 9]);
    expect(layout.seats).toHaveLength(132);
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
