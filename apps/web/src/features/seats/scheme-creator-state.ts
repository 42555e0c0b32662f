import { amountText, parseAmount, type Currency } from '@planns/shared/money/money.rules';
import {
  DEFAULT_SEAT_LABEL_RULE,
  newSchemeData,
  normaliseSpacers,
  SEAT_COLUMNS_MAX,
  SEAT_MESSAGES,
  SEAT_ROWS_MAX,
  SEAT_TYPES_MAX,
  type LabelSeparator,
  type RowNaming,
  type RowOrder,
  type SeatBlocks,
  type SeatOrder,
  type SeatSchemeData,
  type SeatTypeArea,
} from '@planns/shared/seats/seats.rules';
import { seatTemplateBodySchema } from '@planns/shared/seats/seats.schemas';

/**
 * The seat scheme creator (events §2 'Seat scheme creator', §5, §9; decision 0036): name, rows and
 * seats per row (10 by 10), gaps after rows and seats (added only when not empty), seat types each
 * with a label and a price (first 'Economy' at 0), places painted with a type or taken out
 * (disabled) on the preview, and the label rule's main choices. Sizes and prices are the inputs'
 * text; `compileScheme` makes the body of POST seats/templates.
 */

/** What a tap on the preview does: give the place a seat type (its index), or take it out. */
export type PaintTool = number | 'disabled';

export type SeatTypeDraft = { key: string; label: string; price: string };

export type LabelDraft = {
  rowNames: RowNaming;
  rowOrder: RowOrder;
  skipLetters: string;
  blocks: SeatBlocks;
  order: SeatOrder;
  /** 'all': 1, 2, 3 ...; 'odd' or 'even': by 2 from 1 or 2. */
  numbers: 'all' | 'odd' | 'even';
  separator: LabelSeparator;
  countDisabled: boolean;
};

export type CreatorState = {
  name: string;
  rows: string;
  columns: string;
  /** Row numbers as shown, separated by commas or spaces ('3, 7'): a gap after each. */
  rowSpacers: string;
  columnSpacers: string;
  seatTypes: SeatTypeDraft[];
  /** Painted places by 'row:col' (zero-based): a seat type index, or -1 for a place that is not a seat. Others are type 0. */
  paint: Readonly<Record<string, number>>;
  tool: PaintTool;
  label: LabelDraft;
};

export const DISABLED = -1;

let nextKey = 0;
const newKey = () => `seat-type-${(nextKey += 1)}`;

export function initialCreator(currency: Currency): CreatorState {
  const data = newSchemeData();
  return {
    name: '',
    rows: String(data.rows),
    columns: String(data.columns),
    rowSpacers: '',
    columnSpacers: '',
    seatTypes: data.seatTypes.map((type) => ({ key: newKey(), label: type.label, price: type.price > 0 ? amountText(type.price, currency) : '' })),
    paint: {},
    tool: 0,
    label: {
      rowNames: DEFAULT_SEAT_LABEL_RULE.rowNames,
      rowOrder: DEFAULT_SEAT_LABEL_RULE.rowOrder,
      skipLetters: '',
      blocks: DEFAULT_SEAT_LABEL_RULE.blocks,
      order: 'left-to-right',
      numbers: 'all',
      separator: DEFAULT_SEAT_LABEL_RULE.separator,
      countDisabled: false,
    },
  };
}

/** A size typed: a whole number 1 to max, or null. */
export function readSize(text: string, max: number): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= max ? n : null;
}

/** Spacers typed ('3, 7'): the numbers, or 'invalid' when something else was typed. Empty gives none. */
export function readSpacers(text: string): number[] | 'invalid' {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.some((part) => !/^\d{1,3}$/.test(part))) return 'invalid';
  return parts.map(Number);
}

export function sanitizeSizeInput(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 3);
}

export function sanitizeSpacersInput(text: string): string {
  return text.replace(/[^\d,;\s]/g, '');
}

export function sanitizeSkipLetters(text: string): string {
  return [...new Set(text.toUpperCase().replace(/[^A-Z]/g, ''))].join('').slice(0, 25);
}

/** The grid's size as typed, or the last good one when the input is being edited (the preview stays). */
export function gridSize(state: CreatorState): { rows: number; columns: number } {
  return { rows: readSize(state.rows, SEAT_ROWS_MAX) ?? 1, columns: readSize(state.columns, SEAT_COLUMNS_MAX) ?? 1 };
}

/* ------------------------------------------------------------------ editing */

export function addSeatType(state: CreatorState): CreatorState {
  if (state.seatTypes.length >= SEAT_TYPES_MAX) return state;
  return { ...state, seatTypes: [...state.seatTypes, { key: newKey(), label: '', price: '' }], tool: state.seatTypes.length };
}

/** A type removed: its places become the first type's, later types move down one; the first cannot go. */
export function removeSeatType(state: CreatorState, index: number): CreatorState {
  if (state.seatTypes.length <= 1 || index < 0 || index >= state.seatTypes.length) return state;
  const paint: Record<string, number> = {};
  for (const [key, type] of Object.entries(state.paint)) {
    if (type === index) continue;
    paint[key] = type > index ? type - 1 : type;
  }
  const tool = typeof state.tool === 'number' ? (state.tool === index ? 0 : state.tool > index ? state.tool - 1 : state.tool) : state.tool;
  return { ...state, seatTypes: state.seatTypes.filter((_, i) => i !== index), paint, tool };
}

export function updateSeatType(state: CreatorState, index: number, patch: Partial<Omit<SeatTypeDraft, 'key'>>): CreatorState {
  return { ...state, seatTypes: state.seatTypes.map((type, i) => (i === index ? { ...type, ...patch } : type)) };
}

/** What a place is now: its type, or DISABLED. */
export function placeType(state: Pick<CreatorState, 'paint'>, row: number, col: number): number {
  return state.paint[`${row}:${col}`] ?? 0;
}

/**
 * A tap on a place with the tool: a seat type paints it; 'disabled' takes it out, or puts back as
 * the first type a place already taken out.
 */
export function paintPlace(state: CreatorState, row: number, col: number): CreatorState {
  const current = placeType(state, row, col);
  const next = state.tool === 'disabled' ? (current === DISABLED ? 0 : DISABLED) : state.tool;
  return { ...state, paint: withPaint(state.paint, [[row, col]], next) };
}

/** A tap on a row's name: the whole row gets the tool (taken out, or back as the first type when all of it was out). */
export function paintRow(state: CreatorState, row: number): CreatorState {
  const { columns } = gridSize(state);
  const places = Array.from({ length: columns }, (_, col): [number, number] => [row, col]);
  const allOut = places.every(([r, c]) => placeType(state, r, c) === DISABLED);
  const next = state.tool === 'disabled' ? (allOut ? 0 : DISABLED) : state.tool;
  return { ...state, paint: withPaint(state.paint, places, next) };
}

function withPaint(paint: Readonly<Record<string, number>>, places: readonly [number, number][], type: number): Record<string, number> {
  const next = { ...paint };
  for (const [row, col] of places) {
    if (type === 0) delete next[`${row}:${col}`];
    else next[`${row}:${col}`] = type;
  }
  return next;
}

/* ------------------------------------------------------------------ the scheme */

/**
 * The painted types as areas (each row's runs of one type, runs alike in consecutive rows
 * merged), and the places taken out. Places beyond the grid (it was made smaller) are left out.
 */
export function paintToData(paint: Readonly<Record<string, number>>, rows: number, columns: number): Pick<SeatSchemeData, 'seatTypeAreas' | 'disabledSeats'> {
  const disabledSeats: { row: number; col: number }[] = [];
  const areas: SeatTypeArea[] = [];
  /** The areas still open at the previous row, by their columns and type. */
  let open = new Map<string, SeatTypeArea>();
  for (let row = 0; row < rows; row++) {
    const current = new Map<string, SeatTypeArea>();
    let col = 0;
    while (col < columns) {
      const type = paint[`${row}:${col}`] ?? 0;
      let end = col;
      while (end + 1 < columns && (paint[`${row}:${end + 1}`] ?? 0) === type) end++;
      if (type === DISABLED) for (let c = col; c <= end; c++) disabledSeats.push({ row, col: c });
      if (type > 0) {
        const key = `${type}:${col}:${end}`;
        const above = open.get(key);
        if (above) {
          above.rows = [above.rows[0], row];
          current.set(key, above);
        } else {
          const area: SeatTypeArea = { type, rows: [row, row], columns: [col, end] };
          areas.push(area);
          current.set(key, area);
        }
      }
      col = end + 1;
    }
    open = current;
  }
  // A whole-width area needs no columns.
  return { seatTypeAreas: areas.map((area) => (area.columns && area.columns[0] === 0 && area.columns[1] === columns - 1 ? { type: area.type, rows: area.rows } : area)), disabledSeats };
}

/** The scheme's data as far as it can be read now: the preview's map (sizes at least 1; bad spacers left out). */
export function previewData(state: CreatorState, currency: Currency): SeatSchemeData {
  const { rows, columns } = gridSize(state);
  const rowSpacers = readSpacers(state.rowSpacers);
  const columnSpacers = readSpacers(state.columnSpacers);
  return {
    rows,
    columns,
    rowSpacers: normaliseSpacers(rowSpacers === 'invalid' ? [] : rowSpacers, rows),
    columnSpacers: normaliseSpacers(columnSpacers === 'invalid' ? [] : columnSpacers, columns),
    seatTypes: state.seatTypes.map((type, i) => ({ label: type.label.trim() || String(i + 1), price: parseAmount(type.price || '0', currency) ?? 0 })),
    ...paintToData(state.paint, rows, columns),
    seatLabel: labelRule(state.label),
  };
}

function labelRule(draft: LabelDraft): NonNullable<SeatSchemeData['seatLabel']> {
  const fromCentre = draft.order === 'centre-left-first' || draft.order === 'centre-right-first';
  return {
    ...DEFAULT_SEAT_LABEL_RULE,
    rowNames: draft.rowNames,
    rowOrder: draft.rowOrder,
    skipLetters: draft.skipLetters,
    blocks: draft.blocks,
    numbering: [{ order: draft.order, step: fromCentre || draft.numbers === 'all' ? 1 : 2, firstSeat: !fromCentre && draft.numbers === 'even' ? 2 : 1 }],
    countDisabled: draft.countDisabled,
    separator: draft.separator,
  };
}

/** The creator's problems by field (name, rows, columns, rowSpacers, columnSpacers, seatTypes.{i}.label|price, seatTypes, disabledSeats, seatLabel...). */
export type CreatorErrors = Record<string, string>;

/**
 * The body of POST seats/templates, or the problems (the server's own rules, run here first:
 * seatTemplateBodySchema), each as the server's message so one translation table serves both.
 */
export function compileScheme(state: CreatorState, currency: Currency): { body: { name: string; data: SeatSchemeData } } | { errors: CreatorErrors } {
  const errors: CreatorErrors = {};
  const rows = readSize(state.rows, SEAT_ROWS_MAX);
  const columns = readSize(state.columns, SEAT_COLUMNS_MAX);
  if (rows === null) errors.rows = SEAT_MESSAGES.rowsRange;
  if (columns === null) errors.columns = SEAT_MESSAGES.columnsRange;
  const rowSpacers = readSpacers(state.rowSpacers);
  const columnSpacers = readSpacers(state.columnSpacers);
  if (rowSpacers === 'invalid') errors.rowSpacers = SEAT_MESSAGES.spacerOutside;
  if (columnSpacers === 'invalid') errors.columnSpacers = SEAT_MESSAGES.spacerOutside;
  const prices = state.seatTypes.map((type) => (type.price.trim() === '' ? 0 : parseAmount(type.price, currency)));
  prices.forEach((price, i) => {
    if (price === null) errors[`seatTypes.${i}.price`] = SEAT_MESSAGES.priceWhole;
  });
  const data = {
    rows: rows ?? 1,
    columns: columns ?? 1,
    // Spacers outside the grid are the server's error too: sent as typed (less repeats), so they are named.
    rowSpacers: rowSpacers === 'invalid' ? [] : [...new Set(rowSpacers)].sort((a, b) => a - b),
    columnSpacers: columnSpacers === 'invalid' ? [] : [...new Set(columnSpacers)].sort((a, b) => a - b),
    seatTypes: state.seatTypes.map((type, i) => ({ label: type.label, price: prices[i] ?? 0 })),
    ...paintToData(state.paint, rows ?? 1, columns ?? 1),
    seatLabel: labelRule(state.label),
  };
  const parsed = seatTemplateBodySchema.safeParse({ name: state.name, data });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      const field = path[0] === 'data' ? path.slice(1) : path;
      // A spacer's problem is the input's; an area's is the paint's (it was made from it).
      const key = field[0] === 'rowSpacers' || field[0] === 'columnSpacers' ? field[0] : field.join('.');
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { name: parsed.data!.name, data } };
}

/** The server's field names (data.rows, data.seatTypes.0.label) as the creator's. */
export function creatorField(serverField: string): string {
  const field = serverField.startsWith('data.') ? serverField.slice(5) : serverField;
  return /^(rowSpacers|columnSpacers)\./.test(field) ? field.split('.')[0]! : field;
}
