/**
 * Seat maps (issue 17; events §3 Seat template, §5 Seat scheme, §8 seat label rule, §9 grid
 * defaults; decision 0036): pure rules shared by the scheme creator, the seat chart and the server.
 *
 * A scheme is a grid of `rows` by `columns` places, row 0 nearest the stage (the chart's top) and
 * column 0 on the chart's left, both zero-based in data and shown plus one. Spacers are gaps drawn
 * after a row or column, counted as shown (a row spacer 3 is the gap after the third row). Every
 * place is a seat unless listed in disabledSeats (an aisle seat removed, a pillar, a wheelchair
 * space). Seats have a type (seatTypes, each with a label and a default price in minor units) by
 * seatTypeAreas, later areas over earlier ones, type 0 where none applies. Seat labels come from a
 * declarative rule (SeatLabelRule): planns never evaluates a label rule written as code.
 */

export const SEAT_ROWS_MAX = 100;
export const SEAT_COLUMNS_MAX = 100;
export const SEAT_TYPES_MAX = 10;
export const SEAT_TYPE_AREAS_MAX = 1000;
export const SEAT_ROW_OVERRIDES_MAX = 100;
export const SEAT_SCHEME_NAME_MAX_LENGTH = 100;
export const SEAT_TYPE_LABEL_MAX_LENGTH = 60;
export const SEAT_ROW_NAME_MAX_LENGTH = 4;
export const SEAT_FIRST_NUMBER_MAX = 9999;
/** A person's schemes at most. */
export const SEAT_SCHEMES_PER_USER_MAX = 100;
/** Seats one checkout, gift or organiser issue may take at once. */
export const SEATS_PER_ORDER_MAX = 50;

/** events §9: the scheme creator starts at 10 rows of 10 seats, one type 'Economy' at price 0. */
export const SCHEME_DEFAULT_ROWS = 10;
export const SCHEME_DEFAULT_COLUMNS = 10;
export const DEFAULT_SEAT_TYPE_LABEL = 'Economy';

export const ROW_NAMINGS = ['letters', 'numbers'] as const;
export type RowNaming = (typeof ROW_NAMINGS)[number];
/** Which end of the hall gets the first row name: the stage's (the chart's top) or the back. */
export const ROW_ORDERS = ['from-front', 'from-back'] as const;
export type RowOrder = (typeof ROW_ORDERS)[number];
/**
 * How a block of seats is numbered: left to right or right to left (step 1 or 2: odd or even
 * numbers from firstSeat), or from the centre outwards alternating sides, the first number on the
 * left (centre-left-first: 1 left of centre, 2 right of it, 3 left again...) or on the right.
 */
export const SEAT_ORDERS = ['left-to-right', 'right-to-left', 'centre-left-first', 'centre-right-first'] as const;
export type SeatOrder = (typeof SEAT_ORDERS)[number];
/** A whole row numbered as one block across its gaps, or each block between column spacers on its own. */
export const SEAT_BLOCKS = ['whole-row', 'between-spacers'] as const;
export type SeatBlocks = (typeof SEAT_BLOCKS)[number];
export const LABEL_SEPARATORS = ['', '-', ' '] as const;
export type LabelSeparator = (typeof LABEL_SEPARATORS)[number];

export interface BlockNumbering {
  order: SeatOrder;
  /** 1: every number; 2: every other (odd or even, by firstSeat). Ignored from the centre (always 1). */
  step: 1 | 2;
  firstSeat: number;
}

export interface SeatLabelRule {
  rowNames: RowNaming;
  rowOrder: RowOrder;
  /** The first row's number, or its letter's position in the alphabet left after skipLetters (1: A). */
  firstRow: number;
  /** Capital letters never used as row names (I and O are often skipped: they read as 1 and 0). */
  skipLetters: string;
  blocks: SeatBlocks;
  /** One per block from the left (the last one applies to any block beyond); one for 'whole-row'. */
  numbering: BlockNumbering[];
  /** Whether a disabled place keeps its number (true: numbers skip it; false: the next seat takes it). */
  countDisabled: boolean;
  separator: LabelSeparator;
  /** Rows named or numbered their own way: a name ('AA', 'BOX') and/or their own numbering. */
  rowOverrides: { row: number; name?: string | undefined; numbering?: BlockNumbering[] | undefined }[];
}

export interface SeatType {
  label: string;
  /** Default price in minor units of the event's currency (the event's ticket type holds the price). */
  price: number;
}

export interface SeatTypeArea {
  /** Index in seatTypes. */
  type: number;
  /** Zero-based, inclusive. */
  rows: [number, number];
  /** Zero-based, inclusive; every column when absent. */
  columns?: [number, number] | undefined;
}

export interface SeatPlace {
  row: number;
  col: number;
}

/** The data of a seat template (events §3), as stored and sent. */
export interface SeatSchemeData {
  rows: number;
  columns: number;
  rowSpacers: number[];
  columnSpacers: number[];
  seatTypes: SeatType[];
  seatTypeAreas?: SeatTypeArea[] | undefined;
  disabledSeats?: SeatPlace[] | undefined;
  seatLabel?: SeatLabelRule | undefined;
}

export const DEFAULT_SEAT_LABEL_RULE: SeatLabelRule = {
  rowNames: 'letters',
  rowOrder: 'from-front',
  firstRow: 1,
  skipLetters: '',
  blocks: 'whole-row',
  numbering: [{ order: 'left-to-right', step: 1, firstSeat: 1 }],
  countDisabled: false,
  separator: '',
  rowOverrides: [],
};

/** A new scheme in the creator (events §9: 10 by 10, one type Economy at 0). */
export function newSchemeData(): SeatSchemeData {
  return {
    rows: SCHEME_DEFAULT_ROWS,
    columns: SCHEME_DEFAULT_COLUMNS,
    rowSpacers: [],
    columnSpacers: [],
    seatTypes: [{ label: DEFAULT_SEAT_TYPE_LABEL, price: 0 }],
    seatTypeAreas: [],
    disabledSeats: [],
    seatLabel: DEFAULT_SEAT_LABEL_RULE,
  };
}

/**
 * The map a seated event without a scheme uses when people join (events §9): 11 rows by 12
 * columns, gaps after the third and seventh rows and after the fifth column, one type.
 */
export function defaultJoinMap(): SeatSchemeData {
  return {
    rows: 11,
    columns: 12,
    rowSpacers: [3, 7],
    columnSpacers: [5],
    seatTypes: [{ label: DEFAULT_SEAT_TYPE_LABEL, price: 0 }],
    seatTypeAreas: [],
    disabledSeats: [],
    seatLabel: DEFAULT_SEAT_LABEL_RULE,
  };
}

/** events §5: spacers are added only when not empty; kept sorted, once each, inside the grid. */
export function normaliseSpacers(values: readonly (number | null | undefined | '')[], size: number): number[] {
  const kept = values.filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v < size);
  return [...new Set(kept)].sort((a, b) => a - b);
}

/* ------------------------------------------------------------------ row names */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The letters left for row names once `skip` is taken out (never empty: the rule's check keeps one). */
export function rowLetters(skip: string): string[] {
  const skipped = new Set(skip.toUpperCase());
  const left = [...ALPHABET].filter((letter) => !skipped.has(letter));
  return left.length > 0 ? left : [...ALPHABET];
}

/**
 * The nth row name (1-based) from `letters`: A..Z, then doubled as theatres do (AA, BB, ...),
 * then tripled.
 */
export function letterName(n: number, letters: readonly string[]): string {
  const index = (n - 1) % letters.length;
  const times = Math.floor((n - 1) / letters.length) + 1;
  return letters[index]!.repeat(times);
}

/* ------------------------------------------------------------------ the grid */

export interface Seat {
  row: number;
  col: number;
  /** As printed: 'C7', 'C-7'. */
  label: string;
  /** The row's name ('C') and the seat's number ('7'), for 'Row C, seat 7'. */
  rowName: string;
  seatNumber: string;
  /** Index in seatTypes. */
  type: number;
}

export type SeatKey = `${number}:${number}`;
export const seatKey = (row: number, col: number): SeatKey => `${row}:${col}`;

function blockRanges(columns: number, spacers: readonly number[], blocks: SeatBlocks): [number, number][] {
  if (blocks === 'whole-row') return [[0, columns - 1]];
  const ranges: [number, number][] = [];
  let start = 0;
  for (const after of spacers) {
    if (after <= start || after >= columns) continue;
    ranges.push([start, after - 1]);
    start = after;
  }
  ranges.push([start, columns - 1]);
  return ranges;
}

/** The numbers of a block's places, left to right (null: a disabled place without a number). */
function numberBlock(cols: readonly number[], disabled: ReadonlySet<number>, numbering: BlockNumbering, countDisabled: boolean): (number | null)[] {
  const counted = cols.filter((col) => countDisabled || !disabled.has(col));
  const numbers = new Map<number, number>();
  const first = numbering.firstSeat;
  if (numbering.order === 'left-to-right' || numbering.order === 'right-to-left') {
    const ordered = numbering.order === 'left-to-right' ? counted : [...counted].reverse();
    ordered.forEach((col, i) => numbers.set(col, first + i * numbering.step));
  } else {
    // From the centre outwards, alternating sides: the left half's seats from its right end, the
    // right half's from its left end; an odd seat out in the middle counts as the first side's.
    const mid = Math.floor(counted.length / 2);
    const leftFirst = numbering.order === 'centre-left-first';
    const extra = counted.length % 2 === 1;
    const left = counted.slice(0, mid + (extra && leftFirst ? 1 : 0)).reverse();
    const right = counted.slice(mid + (extra && leftFirst ? 1 : 0));
    const [firstSide, secondSide] = leftFirst ? [left, right] : [right, left];
    firstSide.forEach((col, i) => numbers.set(col, first + 2 * i));
    secondSide.forEach((col, i) => numbers.set(col, first + 2 * i + 1));
  }
  return cols.map((col) => (disabled.has(col) ? null : (numbers.get(col) ?? null)));
}

/**
 * The seats of one row of a scheme with their labels and types (disabled places are not seats),
 * left to right; what every row shares (the rule's letters, overrides and blocks, the disabled
 * places by row) is prepared once.
 */
function rowLayout(data: SeatSchemeData): (row: number) => Seat[] {
  const rule = data.seatLabel ?? DEFAULT_SEAT_LABEL_RULE;
  const disabledByRow = new Map<number, Set<number>>();
  for (const { row, col } of data.disabledSeats ?? []) {
    let set = disabledByRow.get(row);
    if (!set) disabledByRow.set(row, (set = new Set()));
    set.add(col);
  }
  const letters = rowLetters(rule.skipLetters);
  const overrides = new Map(rule.rowOverrides.map((o) => [o.row, o]));
  const ranges = blockRanges(data.columns, data.columnSpacers, rule.blocks);
  const areas = data.seatTypeAreas ?? [];
  return (row) => {
    const seats: Seat[] = [];
    const override = overrides.get(row);
    const position = rule.rowOrder === 'from-front' ? row : data.rows - 1 - row;
    const n = rule.firstRow + position;
    const rowName = override?.name ?? (rule.rowNames === 'letters' ? letterName(n, letters) : String(n));
    const numbering = override?.numbering?.length ? override.numbering : rule.numbering;
    const disabled = disabledByRow.get(row) ?? new Set<number>();
    const numbers: (number | null)[] = [];
    ranges.forEach(([from, to], blockIndex) => {
      const cols = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const blockNumbering = numbering[Math.min(blockIndex, numbering.length - 1)] ?? DEFAULT_SEAT_LABEL_RULE.numbering[0]!;
      numbers.push(...numberBlock(cols, disabled, blockNumbering, rule.countDisabled));
    });
    for (let col = 0; col < data.columns; col++) {
      const number = numbers[col];
      if (disabled.has(col) || number === null || number === undefined) continue;
      let type = 0;
      for (const area of areas) {
        if (row < area.rows[0] || row > area.rows[1]) continue;
        if (area.columns && (col < area.columns[0] || col > area.columns[1])) continue;
        type = area.type;
      }
      const seatNumber = String(number);
      seats.push({ row, col, label: `${rowName}${rule.separator}${seatNumber}`, rowName, seatNumber, type });
    }
    return seats;
  };
}

/**
 * Every seat of a scheme with its label and type (disabled places are not seats). Rows from the
 * front, seats left to right. Pure and total: a rule that passed the schema always gives labels.
 */
export function layoutSeats(data: SeatSchemeData): Seat[] {
  const rowSeats = rowLayout(data);
  const seats: Seat[] = [];
  for (let row = 0; row < data.rows; row++) seats.push(...rowSeats(row));
  return seats;
}

/**
 * The seats of some rows only, as layoutSeats gives them (a row's labels depend on that row
 * alone): a checkout's picks are looked up in their rows, not in the whole hall. Rows outside the
 * grid have no seats.
 */
export function layoutRows(data: SeatSchemeData, rows: Iterable<number>): Seat[] {
  const rowSeats = rowLayout(data);
  const seats: Seat[] = [];
  for (const row of new Set(rows)) if (Number.isInteger(row) && row >= 0 && row < data.rows) seats.push(...rowSeats(row));
  return seats;
}

/**
 * The ticket type a seat of this seat type is sold as (decision 0036): the one mapped to it, or,
 * without one, an event's only ticket type (the default join map, a single price).
 */
export function ticketTypeForSeat<T extends { seat_type: number | null }>(types: readonly T[], seatType: number): T | undefined {
  return types.find((type) => type.seat_type === seatType) ?? (types.length === 1 ? types[0] : undefined);
}

/** A ticket per seat picked (each given by its ticket type's id): the selections, in the event's type order. */
export function seatSelections(types: readonly { id: number }[], ticketTypeIds: readonly number[]): { type: number; quantity: number }[] {
  return types.map((type) => ({ type: type.id, quantity: ticketTypeIds.filter((id) => id === type.id).length })).filter((selection) => selection.quantity > 0);
}

/** The seats by key, for lookups of a pick. */
export function seatIndex(seats: readonly Seat[]): Map<SeatKey, Seat> {
  return new Map(seats.map((seat) => [seatKey(seat.row, seat.col), seat]));
}

/** Labels used twice in one scheme ('A1' from two rows named A): each a problem for the creator. */
export function duplicateLabels(seats: readonly Seat[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const seat of seats) {
    if (seen.has(seat.label)) twice.add(seat.label);
    seen.add(seat.label);
  }
  return [...twice];
}

/** The scheme's creator and the server's texts (events §8 and issue 17). */
export const SEAT_MESSAGES = {
  nameRequired: 'Give the scheme a name',
  rowsRange: `Rows: 1 to ${SEAT_ROWS_MAX}`,
  columnsRange: `Seats per row: 1 to ${SEAT_COLUMNS_MAX}`,
  spacerOutside: 'A gap must be between two rows or seats of the grid',
  seatTypeLabelRequired: 'Give the seat type a name',
  seatTypeDuplicate: 'Seat type name already exists',
  seatTypesMax: `Maximum of ${SEAT_TYPES_MAX} seat types allowed`,
  priceWhole: 'Price must be a whole number of minor units, 0 or more',
  seatOutside: 'This seat is outside the grid',
  areaOutside: 'This area is outside the grid',
  areaType: 'No such seat type',
  noSeats: 'The scheme has no seat left: enable at least one',
  duplicateLabel: (label: string) => `Two seats would both be labelled ${label}: name their rows apart`,
  skipLetters: 'Letters to skip: capital letters, leaving at least one',
  rowName: `A row's name: 1 to ${SEAT_ROW_NAME_MAX_LENGTH} letters or digits`,
  schemeUsed: 'This scheme is used by an event: save a copy to change it',
  schemesMax: `You can keep at most ${SEAT_SCHEMES_PER_USER_MAX} seat schemes`,
  seatTaken: (label: string) => `Seat ${label} has just been taken`,
  seatsTaken: (labels: readonly string[]) => `Seats ${labels.join(', ')} have just been taken`,
  seatUnknown: (label: string) => `There is no seat ${label} on this event's map`,
  seatTwice: (label: string) => `Seat ${label} is picked twice`,
  seatNotOnSale: (label: string) => `Seat ${label} is not on sale`,
  seatsRequired: 'Pick at least one seat',
  noSeatMap: 'This event has no seat map',
  seatedNeedsPrice: 'Seats are sold as tickets: give the event a price first',
  seatTypeRequired: 'Choose the seats this ticket type sells',
  seatTypeSoldTwice: 'Another ticket type sells these seats',
  seatTypeUnsold: (label: string) => `The ${label} seats have no ticket type: add one for them`,
  mapInUse: 'Seats are held or sold on this event: its seat map cannot change now',
  seatsMax: `At most ${SEATS_PER_ORDER_MAX} seats at once`,
} as const;
