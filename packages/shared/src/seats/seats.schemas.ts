import { z } from 'zod';
import { AMOUNT_MAX_MINOR } from '../money/money.rules.ts';
import {
  duplicateLabels,
  layoutSeats,
  LABEL_SEPARATORS,
  ROW_NAMINGS,
  ROW_ORDERS,
  SEAT_BLOCKS,
  SEAT_COLUMNS_MAX,
  SEAT_FIRST_NUMBER_MAX,
  SEAT_MESSAGES,
  SEAT_ORDERS,
  SEAT_ROW_NAME_MAX_LENGTH,
  SEAT_ROW_OVERRIDES_MAX,
  SEAT_ROWS_MAX,
  SEAT_SCHEME_NAME_MAX_LENGTH,
  SEAT_TYPE_AREAS_MAX,
  SEAT_TYPE_LABEL_MAX_LENGTH,
  SEAT_TYPES_MAX,
  type SeatSchemeData,
} from './seats.rules.ts';

/* ------------------------------------------------------------------ scheme data (events §3 Seat template) */

/** Cross-field checks run on a value whose every field passed its own check (zod runs them otherwise too). */
const onlyWhenWellFormed = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

const whole = (message: string) => z.number({ message }).int(message);
const index = (max: number, message: string) => whole(message).min(0, message).max(max - 1, message);

const blockNumberingSchema = z.object({
  order: z.enum(SEAT_ORDERS, { message: 'Choose how the seats are numbered' }),
  step: z.union([z.literal(1), z.literal(2)], { message: 'Numbers go up by 1 or by 2' }).default(1),
  firstSeat: whole('The first seat number: 0 to 9999').min(0, 'The first seat number: 0 to 9999').max(SEAT_FIRST_NUMBER_MAX, 'The first seat number: 0 to 9999').default(1),
});

const numberingListSchema = z.array(blockNumberingSchema).min(1, 'Say how the seats are numbered').max(SEAT_COLUMNS_MAX);

export const seatLabelRuleSchema = z
  .object({
    rowNames: z.enum(ROW_NAMINGS, { message: 'Rows are named by letters or numbers' }).default('letters'),
    rowOrder: z.enum(ROW_ORDERS, { message: 'The first row is at the front or at the back' }).default('from-front'),
    firstRow: whole('The first row: 1 to 999').min(1, 'The first row: 1 to 999').max(999, 'The first row: 1 to 999').default(1),
    skipLetters: z
      .string()
      .max(25, SEAT_MESSAGES.skipLetters)
      .regex(/^[A-Z]*$/, SEAT_MESSAGES.skipLetters)
      .default(''),
    blocks: z.enum(SEAT_BLOCKS, { message: 'Number whole rows, or each block between gaps' }).default('whole-row'),
    numbering: numberingListSchema.default([{ order: 'left-to-right', step: 1, firstSeat: 1 }]),
    countDisabled: z.boolean({ message: 'Yes or no' }).default(false),
    separator: z.enum(LABEL_SEPARATORS, { message: 'Between row and seat: nothing, a dash or a space' }).default(''),
    rowOverrides: z
      .array(
        z.object({
          row: index(SEAT_ROWS_MAX, SEAT_MESSAGES.seatOutside),
          name: z
            .string()
            .trim()
            .min(1, SEAT_MESSAGES.rowName)
            .max(SEAT_ROW_NAME_MAX_LENGTH, SEAT_MESSAGES.rowName)
            .regex(/^[\p{L}\p{N}]+$/u, SEAT_MESSAGES.rowName)
            .optional(),
          numbering: numberingListSchema.optional(),
        }),
      )
      .max(SEAT_ROW_OVERRIDES_MAX, `At most ${SEAT_ROW_OVERRIDES_MAX} rows of their own`)
      .default([]),
  })
  .superRefine((rule, ctx) => {
    if (new Set(rule.skipLetters).size >= 26) ctx.addIssue({ code: 'custom', path: ['skipLetters'], message: SEAT_MESSAGES.skipLetters });
    const rows = new Set<number>();
    rule.rowOverrides.forEach((override, i) => {
      if (rows.has(override.row)) ctx.addIssue({ code: 'custom', path: ['rowOverrides', i, 'row'], message: 'This row has its own settings already' });
      rows.add(override.row);
    });
  }, onlyWhenWellFormed);

const seatTypeSchema = z.object({
  label: z
    .string({ message: SEAT_MESSAGES.seatTypeLabelRequired })
    .trim()
    .min(1, SEAT_MESSAGES.seatTypeLabelRequired)
    .max(SEAT_TYPE_LABEL_MAX_LENGTH, `At most ${SEAT_TYPE_LABEL_MAX_LENGTH} characters`),
  price: whole(SEAT_MESSAGES.priceWhole).min(0, SEAT_MESSAGES.priceWhole).max(AMOUNT_MAX_MINOR, SEAT_MESSAGES.priceWhole).default(0),
});

const placeSchema = z.object({
  row: index(SEAT_ROWS_MAX, SEAT_MESSAGES.seatOutside),
  col: index(SEAT_COLUMNS_MAX, SEAT_MESSAGES.seatOutside),
});

const rangeSchema = (max: number) => z.tuple([index(max, SEAT_MESSAGES.areaOutside), index(max, SEAT_MESSAGES.areaOutside)]);

/**
 * A scheme's data with every rule the creator shows, by field: sizes (1 to 100 each way), gaps
 * inside the grid, seat types (1 to 10, names unique ignoring case, prices whole minor units),
 * areas and disabled seats inside the grid, at least one seat, and labels that the rule makes
 * unique.
 */
export const seatSchemeDataSchema = z
  .object({
    rows: whole(SEAT_MESSAGES.rowsRange).min(1, SEAT_MESSAGES.rowsRange).max(SEAT_ROWS_MAX, SEAT_MESSAGES.rowsRange),
    columns: whole(SEAT_MESSAGES.columnsRange).min(1, SEAT_MESSAGES.columnsRange).max(SEAT_COLUMNS_MAX, SEAT_MESSAGES.columnsRange),
    rowSpacers: z.array(index(SEAT_ROWS_MAX, SEAT_MESSAGES.spacerOutside)).max(SEAT_ROWS_MAX).default([]),
    columnSpacers: z.array(index(SEAT_COLUMNS_MAX, SEAT_MESSAGES.spacerOutside)).max(SEAT_COLUMNS_MAX).default([]),
    seatTypes: z.array(seatTypeSchema).min(1, SEAT_MESSAGES.seatTypeLabelRequired).max(SEAT_TYPES_MAX, SEAT_MESSAGES.seatTypesMax),
    seatTypeAreas: z
      .array(
        z.object({
          type: index(SEAT_TYPES_MAX, SEAT_MESSAGES.areaType),
          rows: rangeSchema(SEAT_ROWS_MAX),
          columns: rangeSchema(SEAT_COLUMNS_MAX).optional(),
        }),
      )
      .max(SEAT_TYPE_AREAS_MAX, `At most ${SEAT_TYPE_AREAS_MAX} areas`)
      .default([]),
    disabledSeats: z.array(placeSchema).max(SEAT_ROWS_MAX * SEAT_COLUMNS_MAX).default([]),
    seatLabel: seatLabelRuleSchema.optional(),
  })
  .superRefine((data, ctx) => {
    let whole = true;
    const issue = (path: (string | number)[], message: string) => {
      whole = false;
      ctx.addIssue({ code: 'custom', path, message });
    };
    data.rowSpacers.forEach((after, i) => {
      if (after < 1 || after >= data.rows) issue(['rowSpacers', i], SEAT_MESSAGES.spacerOutside);
    });
    data.columnSpacers.forEach((after, i) => {
      if (after < 1 || after >= data.columns) issue(['columnSpacers', i], SEAT_MESSAGES.spacerOutside);
    });
    const labels = new Set<string>();
    data.seatTypes.forEach((type, i) => {
      const key = type.label.toLocaleLowerCase('en');
      if (labels.has(key)) issue(['seatTypes', i, 'label'], SEAT_MESSAGES.seatTypeDuplicate);
      labels.add(key);
    });
    data.seatTypeAreas.forEach((area, i) => {
      if (area.type >= data.seatTypes.length) issue(['seatTypeAreas', i, 'type'], SEAT_MESSAGES.areaType);
      if (area.rows[0] > area.rows[1] || area.rows[1] >= data.rows) issue(['seatTypeAreas', i, 'rows'], SEAT_MESSAGES.areaOutside);
      if (area.columns && (area.columns[0] > area.columns[1] || area.columns[1] >= data.columns)) issue(['seatTypeAreas', i, 'columns'], SEAT_MESSAGES.areaOutside);
    });
    const disabled = new Set<string>();
    data.disabledSeats.forEach((place, i) => {
      if (place.row >= data.rows || place.col >= data.columns) issue(['disabledSeats', i], SEAT_MESSAGES.seatOutside);
      disabled.add(`${place.row}:${place.col}`);
    });
    data.seatLabel?.rowOverrides.forEach((override, i) => {
      if (override.row >= data.rows) issue(['seatLabel', 'rowOverrides', i, 'row'], SEAT_MESSAGES.seatOutside);
    });
    if (!whole) return; // the layout below needs a grid that is whole
    if (disabled.size >= data.rows * data.columns) {
      issue(['disabledSeats'], SEAT_MESSAGES.noSeats);
      return;
    }
    const twice = duplicateLabels(layoutSeats(data as SeatSchemeData));
    if (twice.length > 0) issue(['seatLabel'], SEAT_MESSAGES.duplicateLabel(twice[0]!));
  }, onlyWhenWellFormed);
export type SeatSchemeInput = z.input<typeof seatSchemeDataSchema>;

/** POST seats/templates and POST seats/template/{id} (events §3 Seat scheme creation): name and data. */
export const seatTemplateBodySchema = z.object({
  name: z
    .string({ message: SEAT_MESSAGES.nameRequired })
    .trim()
    .min(1, SEAT_MESSAGES.nameRequired)
    .max(SEAT_SCHEME_NAME_MAX_LENGTH, `At most ${SEAT_SCHEME_NAME_MAX_LENGTH} characters`),
  data: seatSchemeDataSchema,
});
export type SeatTemplateBody = z.output<typeof seatTemplateBodySchema>;

/* ------------------------------------------------------------------ replies */

const seatLabelRuleReplySchema = z.object({
  rowNames: z.enum(ROW_NAMINGS),
  rowOrder: z.enum(ROW_ORDERS),
  firstRow: z.number().int(),
  skipLetters: z.string(),
  blocks: z.enum(SEAT_BLOCKS),
  numbering: z.array(z.object({ order: z.enum(SEAT_ORDERS), step: z.union([z.literal(1), z.literal(2)]), firstSeat: z.number().int() })),
  countDisabled: z.boolean(),
  separator: z.enum(LABEL_SEPARATORS),
  rowOverrides: z.array(
    z.object({
      row: z.number().int(),
      name: z.string().optional(),
      numbering: z.array(z.object({ order: z.enum(SEAT_ORDERS), step: z.union([z.literal(1), z.literal(2)]), firstSeat: z.number().int() })).optional(),
    }),
  ),
});

export const seatSchemeDataReplySchema = z
  .object({
    rows: z.number().int(),
    columns: z.number().int(),
    rowSpacers: z.array(z.number().int()),
    columnSpacers: z.array(z.number().int()),
    seatTypes: z.array(z.object({ label: z.string(), price: z.number().int() })),
    seatTypeAreas: z.array(z.object({ type: z.number().int(), rows: z.tuple([z.number().int(), z.number().int()]), columns: z.tuple([z.number().int(), z.number().int()]).optional() })),
    disabledSeats: z.array(z.object({ row: z.number().int(), col: z.number().int() })),
    seatLabel: seatLabelRuleReplySchema.optional(),
  })
  .meta({ id: 'SeatSchemeData' });

export const seatTemplateSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    data: seatSchemeDataReplySchema,
    /** Seats in the scheme (places less disabled ones). */
    seat_count: z.number().int(),
    /** Events that use it: a used scheme is kept as it is (a copy can be changed). */
    events_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SeatTemplate' });
export type SeatTemplate = z.infer<typeof seatTemplateSchema>;
export const seatTemplateReplySchema = z.object({ data: seatTemplateSchema });
export const seatTemplateListReplySchema = z.object({ data: z.array(seatTemplateSchema) });

/** A seat taken on an event (events §7 GET seats/{eventId}): zero-based, shown plus one. */
export const reservedSeatSchema = z
  .object({
    the_row: z.number().int(),
    the_col: z.number().int(),
    /** Beyond the spec: held (someone is paying for it) or sold, and whether it is the asker's own. */
    state: z.enum(['held', 'sold']),
    own: z.boolean(),
  })
  .meta({ id: 'ReservedSeat' });
export const reservedSeatsReplySchema = z.object({ data: z.array(reservedSeatSchema) });
