import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEAT_LABEL_RULE,
  defaultJoinMap,
  layoutRows,
  layoutSeats,
  letterName,
  newSchemeData,
  normaliseSpacers,
  rowLetters,
  type SeatLabelRule,
  type SeatSchemeData,
} from './seats.rules.ts';
import { seatSchemeDataSchema, seatTemplateBodySchema } from './seats.schemas.ts';

function scheme(rows: number, columns: number, rule: Partial<SeatLabelRule> = {}, extra: Partial<SeatSchemeData> = {}): SeatSchemeData {
  return { ...newSchemeData(), rows, columns, seatLabel: { ...DEFAULT_SEAT_LABEL_RULE, ...rule }, ...extra };
}
const labelsOfRow = (data: SeatSchemeData, row: number) => layoutSeats(data).filter((s) => s.row === row).map((s) => s.label);

describe('seat labels (the declarative rule, decision 0036)', () => {
  it('names rows by letters from the stage and numbers seats left to right by default', () => {
    const data = scheme(3, 4);
    expect(labelsOfRow(data, 0)).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(labelsOfRow(data, 2)).toEqual(['C1', 'C2', 'C3', 'C4']);
  });

  it('skips letters and doubles them past Z as theatres do', () => {
    expect(rowLetters('IO')).toHaveLength(24);
    const letters = rowLetters('I');
    expect(letterName(9, letters)).toBe('J');
    expect(letterName(25, letters)).toBe('Z');
    expect(letterName(26, letters)).toBe('AA');
    expect(letterName(27, letters)).toBe('BB');
    const data = scheme(10, 1, { skipLetters: 'I' });
    expect(layoutSeats(data).map((s) => s.rowName).join('')).toBe('ABCDEFGHJK');
  });

  it('numbers rows, from the back when asked, from a first row', () => {
    const data = scheme(3, 2, { rowNames: 'numbers', rowOrder: 'from-back', firstRow: 10, separator: '-' });
    expect(labelsOfRow(data, 0)).toEqual(['12-1', '12-2']);
    expect(labelsOfRow(data, 2)).toEqual(['10-1', '10-2']);
  });

  it('numbers right to left, and odd or even numbers by step 2', () => {
    expect(labelsOfRow(scheme(1, 4, { numbering: [{ order: 'right-to-left', step: 1, firstSeat: 1 }] }), 0)).toEqual(['A4', 'A3', 'A2', 'A1']);
    expect(labelsOfRow(scheme(1, 4, { numbering: [{ order: 'left-to-right', step: 2, firstSeat: 1 }] }), 0)).toEqual(['A1', 'A3', 'A5', 'A7']);
    expect(labelsOfRow(scheme(1, 3, { numbering: [{ order: 'right-to-left', step: 2, firstSeat: 2 }] }), 0)).toEqual(['A6', 'A4', 'A2']);
  });

  it('numbers from the centre outwards, odd on one side and even on the other', () => {
    expect(labelsOfRow(scheme(1, 6, { numbering: [{ order: 'centre-left-first', step: 1, firstSeat: 1 }] }), 0)).toEqual(['A5', 'A3', 'A1', 'A2', 'A4', 'A6']);
    expect(labelsOfRow(scheme(1, 6, { numbering: [{ order: 'centre-right-first', step: 1, firstSeat: 1 }] }), 0)).toEqual(['A6', 'A4', 'A2', 'A1', 'A3', 'A5']);
    expect(labelsOfRow(scheme(1, 5, { numbering: [{ order: 'centre-left-first', step: 1, firstSeat: 1 }] }), 0)).toEqual(['A5', 'A3', 'A1', 'A2', 'A4']);
  });

  it('numbers each block between gaps on its own: a Broadway house (even left, 101 up in the centre, odd right)', () => {
    const data = scheme(1, 10, {
      blocks: 'between-spacers',
      numbering: [
        { order: 'right-to-left', step: 2, firstSeat: 2 },
        { order: 'left-to-right', step: 1, firstSeat: 101 },
        { order: 'left-to-right', step: 2, firstSeat: 1 },
      ],
    }, { columnSpacers: [3, 7] });
    expect(labelsOfRow(data, 0)).toEqual(['A6', 'A4', 'A2', 'A101', 'A102', 'A103', 'A104', 'A1', 'A3', 'A5']);
  });

  it('gives disabled places no number, or keeps their number when asked', () => {
    const extra = { disabledSeats: [{ row: 0, col: 1 }] };
    expect(labelsOfRow(scheme(1, 4, {}, extra), 0)).toEqual(['A1', 'A2', 'A3']);
    expect(layoutSeats(scheme(1, 4, {}, extra)).map((s) => s.col)).toEqual([0, 2, 3]);
    expect(labelsOfRow(scheme(1, 4, { countDisabled: true }, extra), 0)).toEqual(['A1', 'A3', 'A4']);
  });

  it('lets a row have its own name and numbering', () => {
    const data = scheme(2, 3, { rowOverrides: [{ row: 1, name: 'BOX', numbering: [{ order: 'right-to-left', step: 1, firstSeat: 1 }] }], separator: ' ' });
    expect(labelsOfRow(data, 0)).toEqual(['A 1', 'A 2', 'A 3']);
    expect(labelsOfRow(data, 1)).toEqual(['BOX 3', 'BOX 2', 'BOX 1']);
  });

  it('gives seats their type by areas, later areas over earlier, type 0 elsewhere', () => {
    const data = scheme(3, 3, {}, {
      seatTypes: [{ label: 'Economy', price: 0 }, { label: 'VIP', price: 5000 }, { label: 'Box', price: 9000 }],
      seatTypeAreas: [{ type: 1, rows: [0, 0] }, { type: 2, rows: [0, 1], columns: [2, 2] }],
    });
    const types = layoutSeats(data).map((s) => s.type);
    expect(types).toEqual([1, 1, 2, 0, 0, 2, 0, 0, 0]);
  });

  it('has the spec defaults: a 10 by 10 scheme, and an 11 by 12 join map with gaps after rows 3 and 7 and column 5', () => {
    expect(layoutSeats(newSchemeData())).toHaveLength(100);
    const join = defaultJoinMap();
    expect([join.rows, join.columns, join.rowSpacers, join.columnSpacers]).toEqual([11, 12, [3, 7], [5]]);
    expect(layoutSeats(join)).toHaveLength(132);
    expect(join.seatTypes).toEqual([{ label: 'Economy', price: 0 }]);
  });

  it('adds spacers only when not empty, once each, inside the grid (events §5)', () => {
    expect(normaliseSpacers([7, '', null, 3, 3, 0, 11, undefined], 11)).toEqual([3, 7]);
  });

  it('lays out some rows alone exactly as in the whole hall (a checkout looks its picks up in their rows)', () => {
    const halls = [
      scheme(12, 9, { rowOrder: 'from-back', skipLetters: 'I', rowOverrides: [{ row: 4, name: 'BOX', numbering: [{ order: 'centre-left-first', step: 1, firstSeat: 1 }] }] }, {
        columnSpacers: [3, 6],
        disabledSeats: [{ row: 4, col: 4 }, { row: 7, col: 0 }],
        seatTypes: [{ label: 'Economy', price: 0 }, { label: 'VIP', price: 5000 }],
        seatTypeAreas: [{ type: 1, rows: [2, 5], columns: [3, 5] }],
      }),
      scheme(5, 10, { blocks: 'between-spacers', rowNames: 'numbers', firstRow: 3, countDisabled: true }, { columnSpacers: [5], disabledSeats: [{ row: 1, col: 2 }] }),
      defaultJoinMap(),
    ];
    for (const hall of halls) {
      const whole = layoutSeats(hall);
      for (const rows of [[0], [hall.rows - 1], [4, 1, 4], [2, 3, 0]]) {
        expect(layoutRows(hall, rows)).toEqual(whole.filter((seat) => rows.includes(seat.row)).sort((a, b) => rows.indexOf(a.row) - rows.indexOf(b.row)));
      }
      expect(layoutRows(hall, [-1, hall.rows, 1.5, Number.NaN])).toEqual([]);
    }
  });

  it('lays out a 100 by 100 hall quickly enough for the chart', () => {
    const data = scheme(100, 100, {}, { columnSpacers: [25, 75] });
    const started = performance.now();
    expect(layoutSeats(data)).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the scheme schema: per-field messages', () => {
  const parse = (data: unknown) => seatSchemeDataSchema.safeParse(data);
  const problems = (data: unknown) => {
    const result = parse(data);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts the defaults and fills the rule in', () => {
    const result = parse({ rows: 2, columns: 2, seatTypes: [{ label: 'Economy' }], seatLabel: {} });
    expect(result.success).toBe(true);
    expect(result.data?.seatLabel?.numbering).toEqual([{ order: 'left-to-right', step: 1, firstSeat: 1 }]);
    expect(result.data?.seatTypes[0]?.price).toBe(0);
  });

  it('bounds sizes to 100 by 100 and names the field', () => {
    expect(problems({ rows: 0, columns: 101, seatTypes: [{ label: 'A' }] })).toEqual({ rows: 'Rows: 1 to 100', columns: 'Seats per row: 1 to 100' });
    expect(problems({ rows: 2.5, columns: 2, seatTypes: [{ label: 'A' }] })).toHaveProperty('rows');
  });

  it('keeps gaps, areas, disabled seats and overrides inside the grid', () => {
    expect(problems({ rows: 3, columns: 3, rowSpacers: [3], columnSpacers: [0], seatTypes: [{ label: 'A' }] })).toEqual({
      'rowSpacers.0': 'A gap must be between two rows or seats of the grid',
      'columnSpacers.0': 'A gap must be between two rows or seats of the grid',
    });
    expect(
      problems({
        rows: 3,
        columns: 3,
        seatTypes: [{ label: 'A' }],
        seatTypeAreas: [{ type: 1, rows: [0, 3] }],
        disabledSeats: [{ row: 0, col: 5 }],
        seatLabel: { rowOverrides: [{ row: 4, name: 'X' }] },
      }),
    ).toEqual({
      'seatTypeAreas.0.type': 'No such seat type',
      'seatTypeAreas.0.rows': 'This area is outside the grid',
      'disabledSeats.0': 'This seat is outside the grid',
      'seatLabel.rowOverrides.0.row': 'This seat is outside the grid',
    });
  });

  it('wants seat types named, unique ignoring case, 10 at most, prices whole and not negative', () => {
    expect(problems({ rows: 1, columns: 1, seatTypes: [{ label: ' ' }, { label: 'vip', price: -1 }, { label: 'VIP', price: 1.5 }] })).toEqual({
      'seatTypes.0.label': 'Give the seat type a name',
      'seatTypes.1.price': 'Price must be a whole number of minor units, 0 or more',
      'seatTypes.2.price': 'Price must be a whole number of minor units, 0 or more',
    });
    expect(problems({ rows: 1, columns: 1, seatTypes: [{ label: 'vip' }, { label: 'VIP' }] })).toEqual({ 'seatTypes.1.label': 'Seat type name already exists' });
    expect(problems({ rows: 1, columns: 1, seatTypes: Array.from({ length: 11 }, (_, i) => ({ label: `T${i}` })) })).toEqual({ seatTypes: 'Maximum of 10 seat types allowed' });
  });

  it('refuses a scheme without a seat, and a rule that labels two seats alike', () => {
    expect(problems({ rows: 1, columns: 1, seatTypes: [{ label: 'A' }], disabledSeats: [{ row: 0, col: 0 }] })).toEqual({ disabledSeats: 'The scheme has no seat left: enable at least one' });
    expect(problems({ rows: 2, columns: 2, seatTypes: [{ label: 'A' }], seatLabel: { rowOverrides: [{ row: 1, name: 'A' }] } })).toEqual({
      seatLabel: 'Two seats would both be labelled A1: name their rows apart',
    });
    expect(problems({ rows: 1, columns: 2, seatTypes: [{ label: 'A' }], seatLabel: { numbering: [{ order: 'left-to-right', step: 1, firstSeat: 1 }], skipLetters: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' } })).toHaveProperty(
      'seatLabel.skipLetters',
    );
  });

  it('wants a scheme name', () => {
    const result = seatTemplateBodySchema.safeParse({ name: '  ', data: { rows: 1, columns: 1, seatTypes: [{ label: 'A' }] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Give the scheme a name' });
  });
});
