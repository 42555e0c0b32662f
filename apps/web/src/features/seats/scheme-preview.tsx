import { memo, useMemo, type CSSProperties, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutSeats, type Seat, type SeatSchemeData } from '@planns/shared/seats/seats.rules';
import { chartGeometry } from './seat-chart-layout.ts';
import { DISABLED } from './scheme-creator-state.ts';

const SEAT_SIZE = 28;

type SchemePreviewProps = {
  data: SeatSchemeData;
  /** A place's type now (DISABLED: not a seat). */
  typeOf: (row: number, col: number) => number;
  onPlace: (row: number, col: number) => void;
  onRow: (row: number) => void;
};

/**
 * The creator's preview (events §2 'a preview'): every place of the grid as the chart will draw it,
 * labelled by the rule, coloured and named by its type; a place taken out shows as an empty
 * square. A tap (or Enter) on a place paints it with the chosen tool, on a row's name the whole
 * row. Like the chart, it is a plan of the room and is not mirrored in right-to-left languages.
 */
export function SchemePreview({ data, typeOf, onPlace, onRow }: SchemePreviewProps) {
  const { t } = useTranslation();
  const geometry = useMemo(() => chartGeometry(data, SEAT_SIZE), [data]);
  const seats = useMemo(() => new Map(layoutSeats(data).map((seat) => [`${seat.row}:${seat.col}`, seat])), [data]);
  const rowNames = useMemo(() => {
    const names = new Map<number, string>();
    for (const seat of seats.values()) if (!names.has(seat.row)) names.set(seat.row, seat.rowName);
    return names;
  }, [seats]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-place],[data-row]');
    if (!target) return;
    if (target.dataset.row !== undefined) onRow(Number(target.dataset.row));
    else {
      const [row, col] = target.dataset.place!.split(':').map(Number);
      onPlace(row!, col!);
    }
  };

  const places: { row: number; col: number; type: number; seat: Seat | undefined }[] = [];
  for (let row = 0; row < data.rows; row++) {
    for (let col = 0; col < data.columns; col++) places.push({ row, col, type: typeOf(row, col), seat: seats.get(`${row}:${col}`) });
  }

  return (
    <div className="seat-chart__frame">
      <div className="seat-chart__scroller scheme-preview" dir="ltr" style={{ '--seat-size': `${SEAT_SIZE}px` } as CSSProperties}>
        <div className="seat-chart__stage">{t('seats.stage')}</div>
        <div role="group" aria-label={t('seats.creator.preview')} className="seat-chart__grid" style={{ inlineSize: geometry.width, blockSize: geometry.height }} onClick={onClick}>
          {Array.from({ length: data.rows }, (_, row) => {
            const name = rowNames.get(row) ?? String(row + 1);
            return (
              <button
                key={`row-${row}`}
                type="button"
                data-row={row}
                className="seat-chart__row-name scheme-preview__row"
                style={{ insetBlockStart: geometry.rowTop[row], blockSize: SEAT_SIZE }}
                aria-label={t('seats.creator.paintRow', { row: name })}
              >
                {name}
              </button>
            );
          })}
          {places.map(({ row, col, type, seat }) => (
            <Place
              key={`${row}:${col}`}
              place={`${row}:${col}`}
              type={type}
              top={geometry.rowTop[row]!}
              left={geometry.colLeft[col]!}
              text={seat?.seatNumber ?? ''}
              label={
                type === DISABLED || !seat
                  ? t('seats.creator.placeOut', { row: rowNames.get(row) ?? String(row + 1), col: col + 1 })
                  : t('seats.creator.placeSeat', { seat: seat.label, type: data.seatTypes[type]?.label ?? '' })
              }
            />
          ))}
        </div>
      </div>
    </div>
  );
}

const Place = memo(function Place({ place, type, top, left, text, label }: { place: string; type: number; top: number; left: number; text: string; label: string }) {
  return (
    <button
      type="button"
      data-place={place}
      className={type === DISABLED ? 'seat seat--out' : `seat seat--available seat--type-${type}`}
      style={{ insetBlockStart: top, insetInlineStart: left }}
      aria-label={label}
    >
      {text}
    </button>
  );
});
