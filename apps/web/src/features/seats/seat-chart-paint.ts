import type { Seat } from '@planns/shared/seats/seats.rules';
import { partitionPoint, TILE, tilesInView, type ChartGeometry, type ChartLayout, type ChartView } from './seat-chart-layout.ts';
import { GLYPH_ADVANCE, GLYPH_HEIGHT, GLYPH_WIDTH, GLYPHS } from './seat-glyphs.ts';

export type SeatState = 'available' | 'picked' | 'held' | 'sold' | 'own' | 'unavailable';

export const SEAT_STATES: readonly SeatState[] = ['available', 'picked', 'held', 'sold', 'own', 'unavailable'];
/** Seat types a scheme may have (events §3 Seat template: 1 to 10), each with its colours in seat-chart.css. */
const TYPE_COUNT = 10;

/** The mark a seat of each state shows instead of its number (none: its number). */
export const MARK: Record<SeatState, string> = { available: '', picked: '✓', held: '…', sold: '×', own: '★', unavailable: '' };

/** How a seat looks in a state: a type not on sale is unavailable; the state's mark, else its number. */
export function seatLook(seat: Seat, state: SeatState, onSale: boolean): SeatLook {
  return { state: onSale ? state : 'unavailable', type: seat.type, text: MARK[state] || seat.seatNumber };
}

/** How one seat looks: its state, its type and the text on it (the seat number, or the state's mark). */
export interface SeatLook {
  state: SeatState;
  type: number;
  text: string;
}

interface Paint {
  fill: string;
  stripes: string | null;
  border: string;
  dashed: boolean;
  text: string;
  weight: string;
}

/**
 * The colours of each seat type in each state, read from seat-chart.css (the legend and the scheme
 * creator draw seats as elements with those classes): one hidden probe element per pair, inside the
 * chart so its custom properties apply, read in one style pass. The CSS stays the one place a seat's
 * look is written.
 */
export class SeatPalette {
  private readonly paints = new Map<string, Paint>();
  readonly family: string;

  constructor(host: HTMLElement) {
    const probes = document.createElement('div');
    probes.setAttribute('aria-hidden', 'true');
    probes.style.cssText = 'position:absolute;visibility:hidden;pointer-events:none;inset:0 auto auto 0;--seat-size:20px';
    const made: [string, HTMLElement][] = [];
    for (let type = 0; type < TYPE_COUNT; type += 1)
      for (const state of SEAT_STATES) {
        const probe = document.createElement('span');
        probe.className = `seat seat--${state} seat--type-${type}`;
        probes.append(probe);
        made.push([`${type}:${state}`, probe]);
      }
    host.append(probes);
    for (const [key, probe] of made) {
      const style = getComputedStyle(probe);
      // A striped background (a held seat) is a repeating gradient of two colours: the first is the fill.
      const gradient = style.backgroundImage.match(/rgba?\([^)]*\)/g);
      this.paints.set(key, {
        fill: gradient?.[0] ?? style.backgroundColor,
        stripes: gradient && gradient.length > 1 ? gradient[gradient.length - 1]! : null,
        border: style.borderTopColor,
        dashed: style.borderTopStyle === 'dashed',
        text: style.color,
        weight: style.fontWeight,
      });
    }
    this.family = getComputedStyle(probes).fontFamily;
    probes.remove();
  }

  paint(type: number, state: SeatState): Paint {
    return this.paints.get(`${Math.min(type, TYPE_COUNT - 1)}:${state}`)!;
  }
}

/** What a painter draws: the chart's geometry, its seats by place, and how each looks now. */
export interface ChartScene {
  geometry: ChartGeometry;
  seatSize: number;
  layout: Pick<ChartLayout, 'columns' | 'seatAt'>;
  look: (seat: Seat) => SeatLook;
}

/** A tile's size, for the layout's tile functions. */
const SIZE = { width: TILE, height: TILE };

/** Tiles this far around the visible part are made ready ahead (in idle time), so a pan finds them so. */
const WARM = 2;
/** Tiles this far around the visible part are put in the page ahead (in idle time, one a frame), so a pan finds them laid out and painted. */
const AHEAD = 1;
/** Tiles further than this from the visible part leave the page (they stay ready while warm). */
const KEEP = 2;
/** Tiles kept ready out of the page: their SVG elements, parsed, by their markup. */
const WARM_KEEP = 64;

/**
 * Tiles made ready, by their markup: an SVG element parsed from it, out of the page, which a chart
 * showing a tile of that markup puts in the page as it is (and gives back when the tile leaves the
 * view). The least recently made or given back go first.
 */
const warmed = new Map<string, SVGSVGElement>();
let parser: HTMLElement | null = null;

/** The tile's SVG element of this markup: the one made ready, else parsed now. */
function take(markup: string): SVGSVGElement {
  const ready = warmed.get(markup);
  if (ready) {
    warmed.delete(markup);
    return ready;
  }
  parser ??= document.createElement('div');
  parser.innerHTML = markup;
  const svg = parser.firstElementChild as SVGSVGElement;
  svg.remove();
  return svg;
}

/** Keeps a tile's element ready for its markup (a tile made ahead, or one leaving the view). */
function keep(markup: string, svg: SVGSVGElement): void {
  warmed.delete(markup);
  warmed.set(markup, svg);
  for (const key of warmed.keys()) {
    if (warmed.size <= WARM_KEEP) break;
    warmed.delete(key);
  }
}

/**
 * Draws a seat chart as tiles (decision 0036): each tile an SVG element of 256 CSS px holding the
 * seats it shows in a handful of paths, placed at its spot of the chart under the seats' buttons.
 * A pan moves drawn tiles with no work of the page (the browser rasterises them off the main
 * thread, and sharp at any pinch-zoom); the tiles around the view are made ready in idle time, so
 * a tile coming into view costs only its being put in the page: a few elements for a whole hall,
 * where elements per seat made every addition repaint and re-layer thousands, canvases were copied
 * whole at every frame by a browser without a GPU, and SVG images cost each tile a document of its
 * own. A seat whose look changes has its tiles drawn again.
 */
export class ChartPainter {
  private readonly tiles = new Map<string, { svg: SVGSVGElement; markup: string }>();
  /** Each tile's markup as the seats look now (made once, dropped when a seat on it changes). */
  private readonly markups = new Map<string, string>();
  private readonly layer: HTMLElement;
  private readonly palette: SeatPalette;
  private scene: ChartScene | null = null;

  constructor(layer: HTMLElement, palette: SeatPalette) {
    this.layer = layer;
    this.palette = palette;
  }

  /** A new scene (a zoom, another map): every tile is drawn anew. */
  setScene(scene: ChartScene): void {
    this.scene = scene;
    this.clear();
  }

  /** Puts the tiles the view shows in the page (now, those not there ahead of it) and takes out those beyond the rings kept. */
  paintView(view: ChartView): void {
    const scene = this.scene;
    if (!scene) return;
    for (const tile of tilesInView(view, SIZE, scene.geometry, 0)) this.tile(tile.x, tile.y);
    const kept = new Set(tilesInView(view, SIZE, scene.geometry, KEEP).map((tile) => `${tile.x}:${tile.y}`));
    for (const [key, tile] of this.tiles)
      if (!kept.has(key)) {
        tile.svg.remove();
        keep(tile.markup, tile.svg);
        this.tiles.delete(key);
      }
  }

  /**
   * For idle time (one call an idle period, so one tile a frame): puts the nearest tile of the ring
   * around the view that is not in the page in it, laid out now (the next frame then only paints
   * it, where a pan reaching a row of tiles not there would lay out and paint them all in one
   * frame); answers whether any of that ring was missing.
   */
  addAhead(view: ChartView): boolean {
    const scene = this.scene;
    if (!scene) return false;
    const missing = tilesInView(view, SIZE, scene.geometry, AHEAD).find(({ x, y }) => !this.tiles.has(`${x}:${y}`));
    if (!missing) return false;
    // Its style and layout, in this idle task rather than in the next frame.
    this.tile(missing.x, missing.y)?.getBoundingClientRect();
    return true;
  }

  /**
   * Makes tiles around the view ready (parsed, out of the page), the nearest first, while the idle
   * period lasts (one at least); answers whether any is left.
   */
  warmAhead(view: ChartView, deadline?: IdleDeadline): boolean {
    const scene = this.scene;
    if (!scene) return false;
    const around = tilesInView(view, SIZE, scene.geometry, WARM);
    let made = 0;
    for (const { x, y } of around) {
      if (this.tiles.has(`${x}:${y}`)) continue;
      const markup = this.markup(x, y);
      if (warmed.has(markup)) continue;
      if (made > 0 && (!deadline || deadline.timeRemaining() < WARM_TASK_MS)) return true;
      keep(markup, take(markup));
      made += 1;
    }
    return false;
  }

  /** Draws again the tiles that show these seats. */
  repaint(seats: readonly Seat[]): void {
    const scene = this.scene;
    if (!scene) return;
    const touched = new Set<string>();
    for (const seat of seats) {
      const top = scene.geometry.rowTop[seat.row]!;
      const left = scene.geometry.colLeft[seat.col]!;
      for (const y of [Math.floor(top / TILE), Math.floor((top + scene.seatSize) / TILE)])
        for (const x of [Math.floor(left / TILE), Math.floor((left + scene.seatSize) / TILE)]) touched.add(`${x}:${y}`);
    }
    for (const key of touched) {
      this.markups.delete(key);
      const tile = this.tiles.get(key);
      if (!tile) continue;
      const [x, y] = key.split(':').map(Number) as [number, number];
      this.tiles.delete(key);
      this.tile(x, y, tile.svg);
    }
  }

  destroy(): void {
    this.clear();
    this.scene = null;
  }

  private clear(): void {
    for (const tile of this.tiles.values()) tile.svg.remove();
    this.tiles.clear();
    this.markups.clear();
  }

  private markup(x: number, y: number): string {
    const key = `${x}:${y}`;
    let markup = this.markups.get(key);
    if (!markup) {
      markup = tileSvg(this.scene!, this.palette, x, y);
      this.markups.set(key, markup);
    }
    return markup;
  }

  /** Puts a tile in the page (in place of `old`, a drawing of it before a seat on it changed); answers its element, or null when it was there. */
  private tile(x: number, y: number, old?: SVGSVGElement): SVGSVGElement | null {
    const key = `${x}:${y}`;
    if (this.tiles.has(key) || !this.scene) return null;
    const markup = this.markup(x, y);
    const svg = take(markup);
    svg.setAttribute('class', 'seat-chart__tile');
    svg.style.cssText = `inset-inline-start:${x * TILE}px;inset-block-start:${y * TILE}px`;
    this.tiles.set(key, { svg, markup });
    if (old) old.replaceWith(svg);
    else this.layer.append(svg);
    return svg;
  }
}

/** An idle period this long at least is asked for to make one more tile ready in it (a few ms on a phone). */
const WARM_TASK_MS = 8;

/**
 * Makes the tiles of a chart's opening view ready before the chart is shown (while the RSVP sheet
 * is open, once the map and the seats are in): the same markup the chart will ask for, so its
 * first tiles, and those a first pan reaches, are parsed already. In idle time.
 */
export function warmOpeningTiles(scene: ChartScene, view: ChartView): void {
  const host = document.createElement('div');
  host.className = 'seat-chart__grid';
  host.style.cssText = `position:absolute;visibility:hidden;inset:0 auto auto 0;inline-size:1px;block-size:1px;--seat-size:${scene.seatSize}px`;
  document.body.append(host);
  const painter = new ChartPainter(host, new SeatPalette(host));
  host.remove();
  painter.setScene(scene);
  const next = (deadline?: IdleDeadline) => {
    if (painter.warmAhead(view, deadline)) whenIdle(next, OPENING_IDLE_TIMEOUT);
  };
  whenIdle(next, OPENING_IDLE_TIMEOUT);
}

/** The longest the opening tiles' work waits for an idle period, in ms (the RSVP sheet is being read meanwhile). */
const OPENING_IDLE_TIMEOUT = 1000;

/** A callback in the browser's idle time, at the latest after `timeout` ms (a short timer where there is none: Safari); answers its handle. */
export const whenIdle = (callback: (deadline?: IdleDeadline) => void, timeout: number): number =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(callback, { timeout }) : window.setTimeout(callback, 50);
/** Cancels a callback of whenIdle. */
export const cancelIdle = (handle: number): void => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(handle) : clearTimeout(handle));
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The SVG of one tile: the seats it touches, each as the CSS draws a seat (a box with a 2 px border,
 * corners of 6 px at the top and 3 px at the bottom; dashed, striped, filled as its state is; its
 * number or mark in the middle), in the chart's coordinates (the view box is the tile's square).
 * Seats that look alike are one path, and so are their numbers: a tile is a handful of elements for
 * the browser to lay out, whatever the number of seats on it.
 */
export function tileSvg(scene: ChartScene, palette: SeatPalette, x: number, y: number): string {
  const { geometry, seatSize: s } = scene;
  const rows = span(geometry.rowTop, y * TILE - s, (y + 1) * TILE);
  const cols = span(geometry.colLeft, x * TILE - s, (x + 1) * TILE);
  const boxes = new Map<string, string[]>();
  const marks = new Map<string, string[]>();
  const texts: string[] = [];
  const add = (groups: Map<string, string[]>, key: string, part: string) => {
    const group = groups.get(key);
    if (group) group.push(part);
    else groups.set(key, [part]);
  };
  // A seat's outline, from its top left corner: the border's middle line, 1 px inside its box.
  const w = s - 2;
  const outline = `h${w - 12}a6 6 0 0 1 6 6v${w - 9}a3 3 0 0 1 -3 3h${-(w - 6)}a3 3 0 0 1 -3 -3v${-(w - 9)}a6 6 0 0 1 6 -6z`;
  const fontSize = Math.round(s * 0.38);
  // Digits are about 0.72 of the font size high, as the seats' CSS text shows them.
  const textHeight = fontSize * 0.72;
  for (let row = rows[0]; row < rows[1]; row += 1)
    for (let col = cols[0]; col < cols[1]; col += 1) {
      const seat = scene.layout.seatAt[row * scene.layout.columns + col];
      if (!seat) continue;
      const look = scene.look(seat);
      const paint = palette.paint(look.type, look.state);
      const top = geometry.rowTop[row]!;
      const left = geometry.colLeft[col]!;
      add(boxes, `${paint.fill}|${paint.stripes ?? ''}|${paint.border}|${paint.dashed ? 1 : 0}`, `M${left + 7} ${top + 1}${outline}`);
      if (!look.text) continue;
      const bold = Number(paint.weight) >= 600 ? 1 : 0;
      const strokes = glyphRun(look.text, left + s / 2, top + s / 2, textHeight);
      if (strokes) {
        if (strokes.open) add(marks, `${paint.text}|${bold}|line`, strokes.open);
        if (strokes.filled) add(marks, `${paint.text}|${bold}|fill`, strokes.filled);
      } else texts.push(`<text x="${left + s / 2}" y="${top + s / 2}" fill="${paint.text}" font-weight="${paint.weight}">${escapeXml(look.text)}</text>`);
    }
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}" viewBox="${x * TILE} ${y * TILE} ${TILE} ${TILE}">`];
  let patterns = 0;
  for (const [key, paths] of boxes) {
    const [fill, stripes, border, dashed] = key.split('|') as [string, string, string, string];
    let paint = fill;
    if (stripes) {
      // An id of its own in the page: the tile's place and the pattern's number.
      const id = `seat-stripes-${x}-${y}-${patterns++}`;
      parts.push(`<pattern id="${id}" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="${fill}"/><rect x="4" width="4" height="8" fill="${stripes}"/></pattern>`);
      paint = `url(#${id})`;
    }
    parts.push(`<path d="${paths.join('')}" fill="${paint}" stroke="${border}" stroke-width="2"${dashed === '1' ? ' stroke-dasharray="4 3"' : ''}/>`);
  }
  // Strokes as thick as the font's: about a tenth of the capitals' height, more in bold.
  for (const [key, paths] of marks) {
    const [colour, bold, kind] = key.split('|') as [string, string, string];
    const width = (textHeight * (bold === '1' ? 0.17 : 0.125)).toFixed(2);
    parts.push(
      kind === 'fill'
        ? `<path d="${paths.join('')}" fill="${colour}" stroke="${colour}" stroke-width="${width}" stroke-linejoin="round"/>`
        : `<path d="${paths.join('')}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  if (texts.length > 0) parts.push(`<g font-family="${escapeXml(palette.family)}" font-size="${fontSize}" text-anchor="middle" dominant-baseline="central">${texts.join('')}</g>`);
  parts.push('</svg>');
  return parts.join('');
}

/** A run of glyphs drawn from its first point: where that is from the run's centre, and the rest relative to it. */
interface RelativeStrokes {
  /** The first point from the centre, in hundredths of a CSS px. */
  dx: number;
  dy: number;
  /** The path from there, in relative commands. */
  body: string;
}

/** Each run of characters at each height, drawn once: the seats of a tile share them, moved by their first point. */
const runs = new Map<string, { open: RelativeStrokes | null; filled: RelativeStrokes | null } | null>();

/**
 * A line of characters as strokes, centred on (cx, cy), capitals `height` px high: the open strokes
 * and the filled shapes apart; null when a character has no glyph (it is then drawn as text).
 */
export function glyphRun(text: string, cx: number, cy: number, height: number): { open: string; filled: string } | null {
  const key = `${height}|${text}`;
  let run = runs.get(key);
  if (run === undefined) {
    run = relativeRun(text, height);
    runs.set(key, run);
  }
  if (!run) return null;
  const at = (strokes: RelativeStrokes | null) => (strokes ? `M${hundredths(Math.round(cx * 100) + strokes.dx)} ${hundredths(Math.round(cy * 100) + strokes.dy)}${strokes.body}` : '');
  return { open: at(run.open), filled: at(run.filled) };
}

const hundredths = (n: number) => String(n / 100);

/**
 * The strokes of a run centred on (0, 0), in hundredths of a CSS px: each point rounded where it
 * is, then written from the one before (relative commands), so that the same run at another seat
 * is the same text but its first point.
 */
function relativeRun(text: string, height: number): { open: RelativeStrokes | null; filled: RelativeStrokes | null } | null {
  const glyphs = [...text].map((char) => GLYPHS[char]);
  if (glyphs.length === 0 || glyphs.some((g) => !g)) return null;
  const k = height / GLYPH_HEIGHT;
  let x = -((GLYPH_ADVANCE * (glyphs.length - 1) + GLYPH_WIDTH) * k) / 2;
  const top = -height / 2;
  const open = new PathWriter();
  const filled = new PathWriter();
  for (const g of glyphs) {
    const out = g!.filled ? filled : open;
    const commands = g!.path.match(/[MLCZ]/g) ?? [];
    const points = g!.path
      .split(/[MLCZ]/)
      .slice(1)
      .map((part) => (part.trim() ? part.trim().split(/[\s,]+/).map(Number) : []));
    commands.forEach((command, i) => {
      const p = points[i]!;
      const at: number[] = [];
      for (let j = 0; j + 1 < p.length; j += 2) at.push(Math.round((x + p[j]! * k) * 100), Math.round((top + p[j + 1]! * k) * 100));
      out.command(command, at);
    });
    x += GLYPH_ADVANCE * k;
  }
  return { open: open.done(), filled: filled.done() };
}

/** Writes a path given in absolute points (hundredths) as its first point and relative commands from there. */
class PathWriter {
  private start: [number, number] | null = null;
  private current: [number, number] = [0, 0];
  private subpath: [number, number] = [0, 0];
  private readonly parts: string[] = [];

  command(command: string, at: number[]): void {
    if (command === 'Z') {
      this.parts.push('z');
      this.current = this.subpath;
      return;
    }
    if (command === 'M' && !this.start) {
      this.start = [at[0]!, at[1]!];
      this.current = this.subpath = this.start;
      return;
    }
    const [cx, cy] = this.current;
    const relative: number[] = [];
    for (let j = 0; j + 1 < at.length; j += 2) relative.push(at[j]! - cx, at[j + 1]! - cy);
    this.parts.push(`${command.toLowerCase()}${relative.map(hundredths).join(' ')}`.replace(/ -/g, '-'));
    this.current = [at[at.length - 2]!, at[at.length - 1]!];
    if (command === 'M') this.subpath = this.current;
  }

  done(): RelativeStrokes | null {
    return this.start ? { dx: this.start[0], dy: this.start[1], body: this.parts.join('') } : null;
  }
}

/** The indexes [from, to) of sorted positions within [low, high]. */
function span(at: readonly number[], low: number, high: number): [number, number] {
  return [partitionPoint(at, (position) => position < low), partitionPoint(at, (position) => position <= high)];
}
