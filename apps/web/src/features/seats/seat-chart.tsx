import { memo, startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Seat, SeatSchemeData } from '@planns/shared/seats/seats.rules';
import { chartGeometry, chartLayout, nextSeat, seatsInView, type Direction } from './seat-chart-layout.ts';
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
/** Above this many seats only those near the visible part of the chart are drawn (a hall of thousands). */
const DRAW_ALL_UP_TO = 600;
/** How far beyond the visible part seats are drawn, in CSS pixels (a fast pan finds them there). */
const OVERSCAN = 120;
/** The drawn part moves in steps of this many CSS pixels: a pan redraws a few times, not every frame. */
const TILE = 120;
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
  // A hall has thousands of seats: each type is described once, and the seats' names are made
  // from one translated pattern (markers for its parts) rather than a translation call per seat.
  const types = useMemo(() => map.seatTypes.map((_, i) => describeType(i)), [map.seatTypes, describeType]);
  const labelOf = useMemo(() => {
    const pattern = t('seats.seat', { row: '\u0001', seat: '\u0002', type: '\u0003', price: '\u0004', state: '\u0005' });
    const states = Object.fromEntries((['available', 'picked', 'held', 'sold', 'own', 'unavailable'] as const).map((state) => [state, t(`seats.state.${state}`)])) as Record<SeatState, string>;
    return (seat: Seat, type: { name: string; price: string } | null, state: SeatState) =>
      pattern
        .replace('\u0001', seat.rowName)
        .replace('\u0002', seat.seatNumber)
        .replace('\u0003', type?.name ?? '')
        .replace('\u0004', type?.price ?? '')
        .replace('\u0005', states[state]);
  }, [t]);
  const tabbable = focused && byKey.has(focused) ? focused : first ? `${first.row}:${first.col}` : null;
  const seatSize = SIZES[size]!;
  const geometry = useMemo(() => chartGeometry(map, seatSize), [map, seatSize]);
  const scrollerRef = useRef<HTMLDivElement>(null);
  // Nothing is drawn of a large hall until its visible part is measured (before the first paint).
  const [view, setView] = useState({ top: 0, left: 0, width: 0, height: 0 });
  const pendingFocus = useRef<string | null>(null);
  const drawAll = layout.seats.length <= DRAW_ALL_UP_TO;

  // The visible part of the chart, followed as it is panned or zoomed (once a frame at most).
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const grid = gridRef.current;
    if (drawAll || !scroller || !grid) return;
    let frame = 0;
    const measure = (first: boolean) => {
      frame = 0;
      const snap = (n: number) => Math.floor(n / TILE) * TILE;
      const top = scroller.scrollTop - grid.offsetTop;
      const left = scroller.scrollLeft - grid.offsetLeft;
      // The first time only what shows (the rest follows a frame later, as a transition).
      const next = first
        ? { top, left, width: scroller.clientWidth, height: scroller.clientHeight }
        : { top: snap(top) - OVERSCAN, left: snap(left) - OVERSCAN, width: scroller.clientWidth + TILE + 2 * OVERSCAN, height: scroller.clientHeight + TILE + 2 * OVERSCAN };
      const update = () => setView((current) => (current.top === next.top && current.left === next.left && current.width === next.width && current.height === next.height ? current : next));
      // The first time at once (in this layout effect: one render before the first paint); then as a
      // transition: React draws the newly visible seats in short tasks, so the pan goes on.
      if (first) {
        update();
        frame = requestAnimationFrame(() => measure(false));
      } else startTransition(update);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(() => measure(false));
    };
    measure(true);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [drawAll, geometry]);

  const drawn = useMemo(() => {
    if (drawAll) return layout.seats;
    const seats = seatsInView(layout, geometry, view, seatSize);
    // The seat in the tab order is always drawn, so Tab reaches the chart wherever it is panned.
    const tabSeat = tabbable ? byKey.get(tabbable) : undefined;
    return tabSeat && !seats.includes(tabSeat) ? [...seats, tabSeat] : seats;
  }, [drawAll, layout, geometry, view, seatSize, tabbable, byKey]);

  // A seat reached by the keyboard beyond the drawn part is brought into view, then focused once drawn.
  useEffect(() => {
    const key = pendingFocus.current;
    if (!key) return;
    const element = gridRef.current?.querySelector<HTMLElement>(`[data-seat="${key}"]`);
    if (element) {
      pendingFocus.current = null;
      element.focus({ preventScroll: false });
    }
  });

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
      const element = gridRef.current?.querySelector<HTMLElement>(`[data-seat="${key}"]`);
      if (element) element.focus();
      else {
        pendingFocus.current = key;
        const scroller = scrollerRef.current;
        const grid = gridRef.current;
        if (scroller && grid) {
          scroller.scrollTop = grid.offsetTop + geometry.rowTop[next.row]! - scroller.clientHeight / 2;
          scroller.scrollLeft = grid.offsetLeft + geometry.colLeft[next.col]! - scroller.clientWidth / 2;
        }
      }
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
      <div ref={scrollerRef} className="seat-chart__scroller" dir="ltr" style={{ '--seat-size': `${seatSize}px` } as CSSProperties}>
        <div className="seat-chart__stage">{t('seats.stage')}</div>
        <div
          ref={gridRef}
          role="group"
          aria-label={t('seats.chart')}
          className="seat-chart__grid"
          style={{ inlineSize: geometry.width, blockSize: geometry.height }}
          onClick={onClick}
          onKeyDown={onKeyDown}
        >
          {[...layout.byRow.values()].map((row) => (
            <span
              key={`row-${row[0]!.row}`}
              className="seat-chart__row-name"
              aria-hidden="true"
              style={{ insetBlockStart: geometry.rowTop[row[0]!.row], blockSize: seatSize }}
            >
              {row[0]!.rowName}
            </span>
          ))}
          {drawn.map((seat) => {
            const key = `${seat.row}:${seat.col}`;
            const state = stateOf(seat);
            const type = types[seat.type] ?? null;
            const shown: SeatState = type ? state : 'unavailable';
            return (
              <SeatButton
                key={key}
                seatKey={key}
                typeIndex={seat.type}
                state={shown}
                label={labelOf(seat, type, shown)}
                pickable={type !== null && (state === 'available' || state === 'picked')}
                tabbable={key === tabbable}
                top={geometry.rowTop[seat.row]!}
                left={geometry.colLeft[seat.col]!}
                printed={seat.label}
                mark={MARK[state] || seat.seatNumber}
              />
            );
          })}
        </div>
      </div>
      <ul className="seat-chart__legend" aria-label={t('seats.types')}>
        {[...new Set(layout.seats.map((seat) => seat.type))]
          .sort((a, b) => a - b)
          .map((type) => {
            const described = types[type] ?? null;
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

type SeatButtonProps = {
  seatKey: string;
  typeIndex: number;
  state: SeatState;
  label: string;
  pickable: boolean;
  tabbable: boolean;
  top: number;
  left: number;
  printed: string;
  mark: string;
};

/** One seat: of plain values only, so that panning a large hall makes again only the seats whose state changed. */
const SeatButton = memo(function SeatButton({ seatKey, typeIndex, state, label, pickable, tabbable, top, left, printed, mark }: SeatButtonProps) {
  return (
    <button
      type="button"
      data-seat={seatKey}
      className={`seat seat--${state} seat--type-${typeIndex}`}
      style={{ insetBlockStart: top, insetInlineStart: left }}
      aria-label={label}
      aria-pressed={state === 'picked'}
      aria-disabled={!pickable}
      tabIndex={tabbable ? 0 : -1}
      title={printed}
    >
      {/* The name is aria-label's: the mark or number is what the eye reads. */}
      {mark}
    </button>
  );
});
