import { memo, startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Seat, SeatSchemeData } from '@planns/shared/seats/seats.rules';
import { Icon } from '../../components/icon.tsx';
import { chartGeometry, chartLayout, nextSeat, placeAt, seatsInView, type ChartView, type Direction } from './seat-chart-layout.ts';
import { cancelIdle, ChartPainter, MARK, SeatPalette, seatLook, whenIdle, type SeatLook, type SeatState } from './seat-chart-paint.ts';
import { GLYPHS } from './seat-glyphs.ts';
import './seat-chart.css';

export type { SeatState } from './seat-chart-paint.ts';

type SeatChartProps = {
  map: SeatSchemeData;
  /** Each seat's state, by `${row}:${col}` (a seat not in it is available). */
  stateOf: (seat: Seat) => SeatState;
  /** A seat type's name and price as shown ('VIP', '€50.00'); null: not on sale. */
  describeType: (type: number) => { name: string; price: string } | null;
  onToggle: (seat: Seat) => void;
};

const SIZES = [20, 26, 32, 40, 48];
const OPENING_SIZE = 2;
/** The seats' size a chart opens at, in CSS pixels. */
export const OPENING_SEAT_SIZE = SIZES[OPENING_SIZE]!;
/** Up to this many seats every seat has its button; above, the seats in view have theirs (a hall of thousands). */
const DRAW_ALL_UP_TO = 600;
/** Seats this far beyond the visible part have their buttons too, in CSS pixels. */
const OVERSCAN = 60;
/** A pan has ended when no scroll came for this long: the seats' buttons then follow the view. */
const SETTLE_MS = 150;
/** The longest a chart's idle work waits for an idle period, in ms. */
const IDLE_TIMEOUT = 500;
const KEYS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/**
 * A seat chart (issue 17, decision 0036): the stage at the top, seats where the scheme puts them,
 * gaps for its spacers. The seats are drawn as tiles, SVG drawings of the seats they show
 * (seat-chart-paint.ts): a pan moves drawn tiles, and a tile is drawn once as it comes near. Over them each seat is a transparent
 * button named for screen readers ('Row C, seat 7, Economy, €20.00, available'); states differ by
 * mark and pattern, not by colour alone. In a large hall the buttons are those of the seats in view,
 * following the view once a pan ends (a tap between lands on the seat under it all the same). One
 * seat is in the tab order; arrow keys move between seats, Enter or Space picks. The plan of a room
 * is not mirrored in right-to-left languages: the chart is laid out left to right, the text around
 * it follows the language. Zoom buttons and the browser's pinch-zoom make a large hall usable.
 */
export function SeatChart({ map, stateOf, describeType, onToggle }: SeatChartProps) {
  const { t } = useTranslation();
  const layout = useMemo(() => chartLayout(map), [map]);
  const [size, setSize] = useState(OPENING_SIZE);
  const [focused, setFocused] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const byKey = layout.byKey;
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
  // How a seat looks: its state (a type not on sale: unavailable) and its mark or number.
  const lookOf = useMemo(
    () =>
      (seat: Seat): SeatLook => {
        const state = stateOf(seat);
        return seatLook(seat, state, types[seat.type] != null);
      },
    [stateOf, types],
  );
  const tabbable = focused && byKey.has(focused) ? focused : first ? `${first.row}:${first.col}` : null;
  const seatSize = SIZES[size]!;
  const geometry = useMemo(() => chartGeometry(map, seatSize), [map, seatSize]);
  const scrollerRef = useRef<HTMLDivElement>(null);
  // Nothing of a large hall has buttons until its visible part is measured (before the first paint).
  const [view, setView] = useState<ChartView>({ top: 0, left: 0, width: 0, height: 0 });
  const pendingFocus = useRef<string | null>(null);
  const drawAll = layout.seats.length <= DRAW_ALL_UP_TO;
  const painterRef = useRef<ChartPainter | null>(null);
  // The painter reads seats' looks through this (kept current by the effect that repaints changes).
  const lookRef = useRef(lookOf);
  // Each seat's look as its tiles show it (its signature), to tell which seats a change repaints:
  // taken in idle time after the first paint (a hall's thousands of seats), or at the first change
  // if that comes first; null until then.
  const looks = useRef<Map<Seat, string> | null>(null);

  /** The part of the chart the scroller shows now, in the chart's CSS pixels. */
  const visible = (): ChartView | null => {
    const scroller = scrollerRef.current;
    const grid = gridRef.current;
    if (!scroller || !grid) return null;
    return { top: scroller.scrollTop - grid.offsetTop, left: scroller.scrollLeft - grid.offsetLeft, width: scroller.clientWidth, height: scroller.clientHeight };
  };
  const withOverscan = (v: ChartView): ChartView => ({ top: v.top - OVERSCAN, left: v.left - OVERSCAN, width: v.width + 2 * OVERSCAN, height: v.height + 2 * OVERSCAN });

  // The painter, and a new scene when the map or the zoom changes; then the tiles in view are put in
  // the page (before the first paint) and again as the chart is panned, those around the view made
  // ready in idle time.
  useLayoutEffect(() => {
    const layer = layerRef.current;
    const scroller = scrollerRef.current;
    if (!layer || !scroller) return;
    const painter = new ChartPainter(layer, new SeatPalette(layer));
    painterRef.current = painter;
    painter.setScene({ geometry, seatSize, layout, look: (seat) => lookRef.current(seat) });
    // The tiles follow lookRef's looks (every change of it repaints the seats it changes): those are taken in idle time.
    looks.current = null;
    const taking = whenIdle(() => {
      looks.current ??= signatures(layout.seats, lookRef.current);
    }, LOOKS_IDLE_TIMEOUT);
    let frame = 0;
    let settle = 0;
    let idle = 0;
    // In idle time, the tiles of the next ring go in the page (one a frame), and those of the rings
    // after are made ready, as much as each idle period holds.
    const warmNext = (deadline?: IdleDeadline) => {
      idle = 0;
      const now = visible();
      if (!now) return;
      const missing = painter.addAhead(now);
      if (painter.warmAhead(now, deadline) || missing) idle = whenIdle(warmNext, IDLE_TIMEOUT);
    };
    const paint = () => {
      frame = 0;
      const now = visible();
      if (!now) return;
      painter.paintView(now);
      if (!idle) idle = whenIdle(warmNext, IDLE_TIMEOUT);
    };
    const first = visible();
    if (first) {
      painter.paintView(first);
      // The tiles in view are in the page, drawn in this frame: the chart says so (what its first render is measured by).
      gridRef.current?.setAttribute('data-painted', '');
      // The seats in view get their buttons in this same render (one before the first paint): a
      // measurement of the DOM, set before the browser paints, as layout effects are for.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (!drawAll) setView(first);
      idle = whenIdle(warmNext, IDLE_TIMEOUT);
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(paint);
      if (drawAll) return;
      clearTimeout(settle);
      settle = window.setTimeout(() => {
        const now = visible();
        if (now) startTransition(() => setView(withOverscan(now)));
      }, SETTLE_MS);
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
      if (idle) cancelIdle(idle);
      cancelIdle(taking);
      clearTimeout(settle);
      painter.destroy();
      painterRef.current = null;
    };
  }, [drawAll, geometry, seatSize, layout]);

  // Seats whose look changed (a pick, seats taken by others) are painted again.
  useLayoutEffect(() => {
    const painted = lookRef.current;
    lookRef.current = lookOf;
    const painter = painterRef.current;
    // On the first render the tiles were just painted with these looks: nothing to compare.
    if (!painter || painted === lookOf) return;
    const known = (looks.current ??= signatures(layout.seats, painted));
    const changed: Seat[] = [];
    for (const seat of layout.seats) {
      const now = signature(lookOf(seat));
      if (known.get(seat) !== now) {
        known.set(seat, now);
        changed.push(seat);
      }
    }
    if (changed.length > 0) painter.repaint(changed);
  }, [lookOf, layout]);

  const drawn = useMemo(() => {
    if (drawAll) return layout.seats;
    const seats = seatsInView(layout, geometry, view, seatSize);
    // The seat in the tab order always has its button, so Tab reaches the chart wherever it is panned.
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
    // A seat's button, or (in a large hall just panned, before the buttons follow) the seat painted there.
    let seat = seatOf(event.target);
    if (!seat && gridRef.current) {
      const box = gridRef.current.getBoundingClientRect();
      const place = placeAt(geometry, seatSize, event.clientX - box.left, event.clientY - box.top);
      seat = place ? layout.seatAt[place.row * layout.columns + place.col] : undefined;
    }
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
          // The buttons follow at once (not when the pan settles): the seat is focused as soon as it has one.
          const now = visible();
          if (now && !drawAll) setView(withOverscan(now));
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
          <Icon name="minus" size={20} />
        </button>
        <button type="button" className="btn btn--secondary seat-chart__zoom" onClick={() => setSize((s) => Math.min(SIZES.length - 1, s + 1))} disabled={size === SIZES.length - 1} aria-label={t('seats.zoomIn')}>
          <Icon name="plus" size={20} />
        </button>
      </div>
      <div className="seat-chart__frame">
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
            <div ref={layerRef} className="seat-chart__paint" aria-hidden="true" />
            {drawn.map((seat) => {
              const key = `${seat.row}:${seat.col}`;
              const state = stateOf(seat);
              const type = types[seat.type] ?? null;
              const shown: SeatState = type ? state : 'unavailable';
              return (
                <SeatButton
                  key={key}
                  seatKey={key}
                  state={shown}
                  label={labelOf(seat, type, shown)}
                  pickable={type !== null && (state === 'available' || state === 'picked')}
                  tabbable={key === tabbable}
                  top={geometry.rowTop[seat.row]!}
                  left={geometry.colLeft[seat.col]!}
                  printed={seat.label}
                />
              );
            })}
          </div>
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
              <LegendMark char={MARK[state]} />
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
  state: SeatState;
  label: string;
  pickable: boolean;
  tabbable: boolean;
  top: number;
  left: number;
  printed: string;
};

/**
 * One seat's button, transparent over the seat painted under it: of plain values only, so that a
 * change makes again only the seats whose state changed. Its name is aria-label's; the mark or
 * number the eye reads is painted.
 */
const SeatButton = memo(function SeatButton({ seatKey, state, label, pickable, tabbable, top, left, printed }: SeatButtonProps) {
  return (
    <button
      type="button"
      data-seat={seatKey}
      data-state={state}
      className="seat-chart__seat"
      style={{ insetBlockStart: top, insetInlineStart: left }}
      aria-label={label}
      aria-pressed={state === 'picked'}
      aria-disabled={!pickable}
      tabIndex={tabbable ? 0 : -1}
      title={printed}
    />
  );
});

/**
 * A state's mark in the legend, drawn with the strokes the chart's tiles use (seat-glyphs.ts), not
 * as text: the same mark the eye finds on the seats, and no font to look for (✓ and ★ are in few
 * fonts; finding one held the chart's first render back by tens of milliseconds).
 */
function LegendMark({ char }: { char: string }) {
  const glyph = GLYPHS[char];
  if (!glyph) return null;
  return (
    <svg className="seat-chart__mark" viewBox="-11 -9 32 32" aria-hidden="true" focusable="false">
      <path
        d={glyph.path}
        fill={glyph.filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A seat's look as one string, to tell which seats to paint again. */
const signature = (look: SeatLook) => `${look.state}|${look.type}|${look.text}`;
const signatures = (seats: readonly Seat[], look: (seat: Seat) => SeatLook) => new Map(seats.map((seat) => [seat, signature(look(seat))]));
/** The longest the seats' looks wait for an idle period after the first paint, in ms. */
const LOOKS_IDLE_TIMEOUT = 2000;
