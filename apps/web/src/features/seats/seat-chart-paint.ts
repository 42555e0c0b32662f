import type { Seat } from '@planns/shared/seats/seats.rules';
import { partitionPoint, tilesInView, type ChartGeometry, type ChartLayout, type ChartView } from './seat-chart-layout.ts';
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

/** Tiles of the chart, squares of this many CSS pixels: a pan shows drawn tiles moved by the compositor; a new one is drawn once. */
export const TILE = 256;

/** A tile's size, for the layout's tile functions. */
const SIZE = { width: TILE, height: TILE };

/** Tiles this far around the visible part are made ready ahead (in idle time), so a pan finds them so. */
const WARM = 2;
/** Tiles further than this from the visible part leave the page (they stay ready while warm). */
const KEEP = 1;
/** Tile images kept ready: an image of each, decoded, held so the browser keeps it. */
const WARM_KEEP = 64;

/**
 * Tile images made ready, by their address: an image with the same address is then shown at once
 * (the browser's memory keeps the decoded SVG for it), where a new one costs the page the setting
 * up of an SVG image (about 12 ms of a phone's main thread, whatever is in it). The least recently
 * asked for go first.
 */
const warmed = new Map<string, HTMLImageElement>();

function warm(url: string): boolean {
  const known = warmed.get(url);
  if (known) {
    warmed.delete(url);
    warmed.set(url, known);
    return false;
  }
  const image = new Image();
  image.src = url;
  void image.decode().catch(() => undefined);
  warmed.set(url, image);
  for (const key of warmed.keys()) {
    if (warmed.size <= WARM_KEEP) break;
    warmed.delete(key);
  }
  return true;
}

/**
 * Draws a seat chart as tiles (decision 0036): each tile an image of 256 CSS px, an SVG of the seats
 * it shows, placed at its spot of the chart under the seats' buttons. A pan moves drawn tiles with no
 * work of the page (the browser rasterises them off the main thread, and sharp at any pinch-zoom);
 * the tiles around the view are made ready in idle time, one at a time, so a tile coming into view
 * shows at once: a few elements for a whole hall, where elements per seat made every addition
 * repaint and re-layer thousands (and canvases were copied whole at every frame by a browser
 * without a GPU). A seat whose look changes has its tiles drawn again.
 */
export class ChartPainter {
  private readonly tiles = new Map<string, HTMLImageElement>();
  /** Each tile's image address as the seats look now (made once, dropped when a seat on it changes). */
  private readonly urls = new Map<string, string>();
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
    for (const image of this.tiles.values()) image.remove();
    this.tiles.clear();
    this.urls.clear();
  }

  /** Puts the tiles the view shows in the page (now) and takes out those beyond the next ring. */
  paintView(view: ChartView): void {
    const scene = this.scene;
    if (!scene) return;
    for (const tile of tilesInView(view, SIZE, scene.geometry, 0)) this.tile(tile.x, tile.y);
    const kept = new Set(tilesInView(view, SIZE, scene.geometry, KEEP).map((tile) => `${tile.x}:${tile.y}`));
    for (const [key, image] of this.tiles)
      if (!kept.has(key)) {
        image.remove();
        this.tiles.delete(key);
      }
  }

  /** Makes one more tile around the view ready (the nearest not yet); answers whether any is left. */
  warmAhead(view: ChartView): boolean {
    const scene = this.scene;
    if (!scene) return false;
    const around = tilesInView(view, SIZE, scene.geometry, WARM);
    for (let i = 0; i < around.length; i += 1) if (warm(this.url(around[i]!.x, around[i]!.y))) return i + 1 < around.length;
    return false;
  }

  /** Resolves once the tiles in the page can be shown (decoded). */
  async ready(): Promise<void> {
    await Promise.all([...this.tiles.values()].map((image) => image.decode().catch(() => undefined)));
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
      this.urls.delete(key);
      const image = this.tiles.get(key);
      if (image) image.src = this.url(Number(key.split(':')[0]), Number(key.split(':')[1]));
    }
  }

  destroy(): void {
    for (const image of this.tiles.values()) image.remove();
    this.tiles.clear();
    this.urls.clear();
    this.scene = null;
  }

  private url(x: number, y: number): string {
    const key = `${x}:${y}`;
    let url = this.urls.get(key);
    if (!url) {
      url = svgUrl(tileSvg(this.scene!, this.palette, x, y));
      this.urls.set(key, url);
    }
    return url;
  }

  private tile(x: number, y: number): void {
    const key = `${x}:${y}`;
    if (this.tiles.has(key) || !this.scene) return;
    const image = document.createElement('img');
    image.alt = '';
    image.className = 'seat-chart__tile';
    image.style.cssText = `inset-inline-start:${x * TILE}px;inset-block-start:${y * TILE}px;inline-size:${TILE}px;block-size:${TILE}px`;
    image.src = this.url(x, y);
    this.tiles.set(key, image);
    this.layer.append(image);
  }
}

/**
 * Makes the tiles of a chart's opening view ready before the chart is shown (while the RSVP sheet
 * is open, once the map and the seats are in): the same addresses the chart will ask for, so its
 * first tiles, and those a first pan reaches, show at once. In idle time, one tile a task.
 */
export function warmOpeningTiles(scene: ChartScene, view: ChartView): void {
  const host = document.createElement('div');
  host.className = 'seat-chart__grid';
  host.style.cssText = `position:absolute;visibility:hidden;inset:0 auto auto 0;inline-size:1px;block-size:1px;--seat-size:${scene.seatSize}px`;
  document.body.append(host);
  const painter = new ChartPainter(host, new SeatPalette(host));
  host.remove();
  painter.setScene(scene);
  const next = () => {
    if (painter.warmAhead(view)) schedule(next);
  };
  schedule(next);
}

const schedule = (callback: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(callback, { timeout: 1000 }) : window.setTimeout(callback, 50));

const svgUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The SVG of one tile: the seats it touches, each as the CSS draws a seat (a box with a 2 px border,
 * corners of 6 px at the top and 3 px at the bottom; dashed, striped, filled as its state is; its
 * number or mark in the middle), in the chart's coordinates (the view box is the tile's square).
 * Seats that look alike are one path, and so are their numbers: a tile is a handful of elements for
 * the image to lay out, whatever the number of seats on it.
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
      const id = `s${patterns++}`;
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

const parsedGlyphs = new Map<string, { commands: string[]; points: number[][]; filled: boolean } | null>();

function glyph(char: string) {
  let parsed = parsedGlyphs.get(char);
  if (parsed === undefined) {
    const source = GLYPHS[char];
    parsed = source
      ? {
          commands: source.path.match(/[MLCZ]/g) ?? [],
          points: source.path
            .split(/[MLCZ]/)
            .slice(1)
            .map((part) => (part.trim() ? part.trim().split(/[\s,]+/).map(Number) : [])),
          filled: source.filled === true,
        }
      : null;
    parsedGlyphs.set(char, parsed);
  }
  return parsed;
}

/**
 * A line of characters as strokes, centred on (cx, cy), capitals `height` px high: the open strokes
 * and the filled shapes apart; null when a character has no glyph (it is then drawn as text).
 */
export function glyphRun(text: string, cx: number, cy: number, height: number): { open: string; filled: string } | null {
  const glyphs = [...text].map((char) => glyph(char));
  if (glyphs.length === 0 || glyphs.some((g) => !g)) return null;
  const k = height / GLYPH_HEIGHT;
  let x = cx - ((GLYPH_ADVANCE * (glyphs.length - 1) + GLYPH_WIDTH) * k) / 2;
  const top = cy - height / 2;
  const open: string[] = [];
  const filled: string[] = [];
  const n = (v: number) => String(Math.round(v * 100) / 100);
  for (const g of glyphs) {
    const out = g!.filled ? filled : open;
    g!.commands.forEach((command, i) => {
      const p = g!.points[i]!;
      let part = command;
      for (let j = 0; j + 1 < p.length; j += 2) part += `${j ? ' ' : ''}${n(x + p[j]! * k)} ${n(top + p[j + 1]! * k)}`;
      out.push(part);
    });
    x += GLYPH_ADVANCE * k;
  }
  return { open: open.join(''), filled: filled.join('') };
}

/** The indexes [from, to) of sorted positions within [low, high]. */
function span(at: readonly number[], low: number, high: number): [number, number] {
  return [partitionPoint(at, (position) => position < low), partitionPoint(at, (position) => position <= high)];
}
