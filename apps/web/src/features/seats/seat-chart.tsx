import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Seat, SeatSchemeData } from '@planns/shared/seats/seats.rules';
import { chartLayout, nextSeat, type Direction } from './seat-chart-layout.ts';
import './seat-chart.css';

export type SeatState = 'available' | 'picked' | 'held' | 'sold' | 'own' | 'unavailable';

type SeatChartProps = {
  map: SeatSchemeData;
  /** Each seat's state, by `${row}:${col}` (a seat not in it is available). */
  stateOf: (seat: Seat) => SeatState;
  /** A seat type's name and price as shown ('VIP', '€50.00'); null: not on sale. */
  describeType: (type: number) => { name: string; price: string } | null;
  onToggle: (seat: Seat) => void;
};

const SIZES = [20, 26, 32, 40, 48];
const KEYS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
const MARK: Record<SeatState, string> = { available: '', picked: '✓', held: '…', sold: '×', own: '★', unavailable: '' };

/**
 * A seat chart (issue 17, decision 0036): the stage at the top, seats where the scheme puts them,
 * gaps for its spacers. Each seat is a button named for screen readers ('Row C, seat 7, Economy,
 * €20.00, available'); states differ by mark and pattern, not by colour alone. One seat is in the
 * tab order; arrow keys move between seats, Enter or Space picks. The plan of a room is not
 * mirrored in right-to-left languages: the chart is laid out left to right, the text around it
 * follows the language. Zoom buttons and the browser's pinch-zoom make a large hall usable.
 */
export function SeatChart({ map, stateOf, describeType, onToggle }: SeatChartProps) {
  const { t } = useTranslation();
  const layout = useMemo(() => chartLayout(map), [map]);
  const [size, setSize] = useState(2);
  const [focused, setFocused] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const byKey = useMemo(() => new Map(layout.seats.map((seat) => [`${seat.row}:${seat.col}`, seat])), [layout]);
  const first = layout.seats[0];
  const tabbable = focused && byKey.has(focused) ? focused : first ? `${first.row}:${first.col}` : null;

  const seatOf = (target: EventTarget | null): Seat | undefined => {
    const key = (target as HTMLElement | null)?.closest<HTMLElement>('[data-seat]')?.dataset.seat;
    return key ? byKey.get(key) : undefined;
  };
  const pick = (seat: Seat) => {
    const state = stateOf(seat);
    if (state === 'available' || state === 'picked') onToggle(seat);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const seat = seatOf(event.target);
    if (!seat) return;
    setFocused(`${seat.row}:${seat.col}`);
    pick(seat);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const seat = seatOf(event.target);
    if (!seat) return;
    const direction = KEYS[event.key];
    if (direction) {
      event.preventDefault();
      const next = nextSeat(layout, seat, direction);
      const key = `${next.row}:${next.col}`;
      setFocused(key);
      gridRef.current?.querySelector<HTMLElement>(`[data-seat="${key}"]`)?.focus();
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      pick(seat);
    }
  };

  return (
    <div className="seat-chart">
      <div className="seat-chart__tools">
        <button type="button" className="btn btn--secondary seat-chart__zoom" onClick={() => setSize((s) => Math.max(0, s - 1))} disabled={size === 0} aria-label={t('seats.zoomOut')}>
          −
        </button>
        <button type="button" className="btn btn--secondary seat-chart__zoom" onClick={() => setSize((s) => Math.min(SIZES.length - 1, s + 1))} disabled={size === SIZES.length - 1} aria-label={t('seats.zoomIn')}>
          +
        </button>
      </div>
      <div className="seat-chart__scroller" dir="ltr" style={{ '--seat-size': `${SIZES[size]}px` } as React.CSSProperties}>
        <div className="seat-chart__stage">{t('seats.stage')}</div>
        <div
          ref={gridRef}
          role="group"
          aria-label={t('seats.chart')}
          className="seat-chart__grid"
          style={{ gridTemplateRows: layout.rowTracks, gridTemplateColumns: layout.colTracks }}
          onClick={onClick}
          onKeyDown={onKeyDown}
        >
          {[...layout.byRow.values()].map((row) => (
            <span key={`row-${row[0]!.row}`} className="seat-chart__row-name" aria-hidden="true" style={{ gridRow: layout.rowTrack[row[0]!.row], gridColumn: 1 }}>
              {row[0]!.rowName}
            </span>
          ))}
          {layout.seats.map((seat) => {
            const key = `${seat.row}:${seat.col}`;
            const state = stateOf(seat);
            const type = describeType(seat.type);
            const label = t('seats.seat', {
              row: seat.rowName,
              seat: seat.seatNumber,
              type: type?.name ?? '',
              price: type?.price ?? '',
              state: t(`seats.state.${type ? state : 'unavailable'}`),
            });
            const pickable = type !== null && (state === 'available' || state === 'picked');
            return (
              <button
                key={key}
                type="button"
                data-seat={key}
                className={`seat seat--${type ? state : 'unavailable'} seat--type-${seat.type}`}
                style={{ gridRow: layout.rowTrack[seat.row], gridColumn: layout.colTrack[seat.col] }}
                aria-label={label}
                aria-pressed={state === 'picked'}
                aria-disabled={!pickable}
                tabIndex={key === tabbable ? 0 : -1}
                title={seat.label}
              >
                <span aria-hidden="true">{MARK[state] || seat.seatNumber}</span>
              </button>
            );
          })}
        </div>
      </div>
      <ul className="seat-chart__legend" aria-label={t('seats.types')}>
        {[...new Set(layout.seats.map((seat) => seat.type))]
          .sort((a, b) => a - b)
          .map((type) => {
            const described = describeType(type);
            return described ? (
              <li key={`type-${type}`}>
                <span className={`seat seat--available seat--legend seat--type-${type}`} aria-hidden="true" />
                <bdi>{described.name}</bdi> · {described.price}
              </li>
            ) : null;
          })}
      </ul>
      <ul className="seat-chart__legend" aria-label={t('seats.states')}>
        {(['available', 'picked', 'held', 'sold', 'own'] as const).map((state) => (
          <li key={state}>
            <span className={`seat seat--${state} seat--legend`} aria-hidden="true">
              <span>{MARK[state]}</span>
            </span>
            {t(`seats.legend.${state}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
