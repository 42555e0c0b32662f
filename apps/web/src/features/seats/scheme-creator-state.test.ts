import { describe, expect, it } from 'vitest';
import { layoutSeats, SEAT_MESSAGES } from '@planns/shared/seats/seats.rules';
import {
  addSeatType,
  compileScheme,
  creatorField,
  DISABLED,
  initialCreator,
  paintPlace,
  paintRow,
  paintToData,
  placeType,
  previewData,
  readSpacers,
  removeSeatType,
  updateSeatType,
  type CreatorState,
} from './scheme-creator-state.ts';

const named = (state: CreatorState): CreatorState => ({ ...state, name: 'Main hall' });

describe('the scheme creator', () => {
  it('starts at the spec defaults: 10 by 10, one type Economy at 0', () => {
    const state = initialCreator('EUR');
    expect([state.rows, state.columns]).toEqual(['10', '10']);
    expect(state.seatTypes.map((t) => [t.label, t.price])).toEqual([['Economy', '']]);
    const compiled = compileScheme(named(state), 'EUR');
    expect('body' in compiled && compiled.body.data).toMatchObject({ rows: 10, columns: 10, rowSpacers: [], columnSpacers: [], seatTypes: [{ label: 'Economy', price: 0 }], seatTypeAreas: [], disabledSeats: [] });
  });

  it('adds spacers only when not empty, and names bad ones at their input', () => {
    expect(readSpacers('')).toEqual([]);
    expect(readSpacers(' 3, 7 ,')).toEqual([3, 7]);
    expect(readSpacers('3, x')).toBe('invalid');
    const ok = compileScheme({ ...named(initialCreator('EUR')), rowSpacers: '7, 3, 3', columnSpacers: '' }, 'EUR');
    expect('body' in ok && ok.body.data.rowSpacers).toEqual([3, 7]);
    const outside = compileScheme({ ...named(initialCreator('EUR')), rowSpacers: '10' }, 'EUR');
    expect('errors' in outside && outside.errors).toEqual({ rowSpacers: SEAT_MESSAGES.spacerOutside });
  });

  it('paints places and rows into areas and disabled seats that lay out as drawn', () => {
    let state = addSeatType(named(initialCreator('EUR')));
    state = { ...updateSeatType(state, 1, { label: 'VIP', price: '45.50' }), tool: 1 };
    state = paintRow(state, 0);
    state = paintRow(state, 1);
    state = paintPlace({ ...state, tool: 'disabled' }, 5, 4);
    state = paintPlace({ ...state, tool: 'disabled' }, 5, 5);
    const compiled = compileScheme(state, 'EUR');
    if (!('body' in compiled)) throw new Error(JSON.stringify(compiled.errors));
    const { data } = compiled.body;
    expect(data.seatTypes).toEqual([{ label: 'Economy', price: 0 }, { label: 'VIP', price: 4550 }]);
    expect(data.seatTypeAreas).toEqual([{ type: 1, rows: [0, 1] }]);
    expect(data.disabledSeats).toEqual([{ row: 5, col: 4 }, { row: 5, col: 5 }]);
    const seats = layoutSeats(data);
    expect(seats).toHaveLength(98);
    expect(seats.filter((s) => s.type === 1)).toHaveLength(20);
    expect(seats.find((s) => s.row === 5 && s.col === 6)?.label).toBe('F5');
  });

  it('takes a place out and puts it back with the disabled tool', () => {
    let state: CreatorState = { ...initialCreator('EUR'), tool: 'disabled' };
    state = paintPlace(state, 2, 2);
    expect(placeType(state, 2, 2)).toBe(DISABLED);
    state = paintPlace(state, 2, 2);
    expect(placeType(state, 2, 2)).toBe(0);
    expect(state.paint).toEqual({});
  });

  it('merges runs of one type over consecutive rows, and keeps partial rows apart', () => {
    const paint = { '0:2': 1, '0:3': 1, '1:2': 1, '1:3': 1, '2:3': 1 };
    expect(paintToData(paint, 4, 6).seatTypeAreas).toEqual([
      { type: 1, rows: [0, 1], columns: [2, 3] },
      { type: 1, rows: [2, 2], columns: [3, 3] },
    ]);
    // Places beyond a grid made smaller are left out.
    expect(paintToData({ '9:9': DISABLED }, 4, 6).disabledSeats).toEqual([]);
  });

  it('removes a seat type: its places go back to the first, later ones move down', () => {
    let state = addSeatType(addSeatType(initialCreator('EUR')));
    state = { ...state, paint: { '0:0': 1, '0:1': 2, '0:2': DISABLED }, tool: 2 };
    state = removeSeatType(state, 1);
    expect(state.seatTypes).toHaveLength(2);
    expect(state.paint).toEqual({ '0:1': 1, '0:2': DISABLED });
    expect(state.tool).toBe(1);
    expect(removeSeatType({ ...initialCreator('EUR') }, 0).seatTypes).toHaveLength(1);
  });

  it('checks by the server rules: name, sizes, type names, prices, a scheme with no seat, labels twice', () => {
    const empty = compileScheme({ ...initialCreator('EUR'), rows: '0', columns: '101' }, 'EUR');
    expect('errors' in empty && empty.errors).toMatchObject({ name: SEAT_MESSAGES.nameRequired, rows: SEAT_MESSAGES.rowsRange, columns: SEAT_MESSAGES.columnsRange });
    let state = addSeatType(named(initialCreator('EUR')));
    state = updateSeatType(state, 1, { label: 'economy', price: '1.234' });
    const types = compileScheme(state, 'EUR');
    expect('errors' in types && types.errors).toEqual({ 'seatTypes.1.price': SEAT_MESSAGES.priceWhole, 'seatTypes.1.label': SEAT_MESSAGES.seatTypeDuplicate });
    const none = compileScheme({ ...named(initialCreator('EUR')), rows: '1', columns: '1', paint: { '0:0': DISABLED } }, 'EUR');
    expect('errors' in none && none.errors).toEqual({ disabledSeats: SEAT_MESSAGES.noSeats });
    // 27 rows named by letters with 25 skipped: the letter repeats doubled, never twice the same.
    const many = compileScheme({ ...named(initialCreator('EUR')), rows: '27', label: { ...initialCreator('EUR').label, skipLetters: 'ABCDEFGHIJKLMNOPQRSTUVWXY' } }, 'EUR');
    expect('body' in many).toBe(true);
  });

  it('reads prices in the currency: whole yen, cents of euros', () => {
    const state = updateSeatType(named(initialCreator('JPY')), 0, { price: '1500' });
    const compiled = compileScheme(state, 'JPY');
    expect('body' in compiled && compiled.body.data.seatTypes[0]).toEqual({ label: 'Economy', price: 1500 });
    expect(previewData(updateSeatType(initialCreator('EUR'), 0, { price: '12.5' }), 'EUR').seatTypes[0]?.price).toBe(1250);
  });

  it('maps the server fields to the creator inputs', () => {
    expect(creatorField('data.rows')).toBe('rows');
    expect(creatorField('data.rowSpacers.1')).toBe('rowSpacers');
    expect(creatorField('data.seatTypes.0.label')).toBe('seatTypes.0.label');
    expect(creatorField('name')).toBe('name');
  });
});
